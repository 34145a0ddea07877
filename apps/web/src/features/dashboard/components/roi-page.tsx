import type { Campaign, CampaignResult, RoiResponse } from '@crescendo/contracts';
import { CircleDollarSign, Plus } from 'lucide-react';
import { useState } from 'react';
import { AnalyticsPage } from '@/components/analytics/analytics-page';
import { filterSelectClass } from '@/components/analytics/period-select';
import { AsyncErrorView } from '@/components/errors/async-error';
import { useRegisterExport } from '@/components/layouts/export-context';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';
import { MISSING_VALUE } from '@/lib/format';
import { useRoi } from '../api/get-roi';
import { useDashboardFilters } from '../hooks/use-dashboard-filters';
import {
  dashboardPlatforms,
  platformLabels,
  type DashboardPlatform,
} from '../utils/dashboard-filters';
import { CampaignDeleteDialog } from './campaign-delete-dialog';
import { formatCompactMoney, formatMoney, formatRoi } from './campaign-format';
import { CampaignFormDialog } from './campaign-form-dialog';
import { toLocalDay } from './campaign-form-model';
import { CampaignLedger } from './campaign-ledger';
import { useOrganizationAccess } from '@/lib/organizations/use-organization-access';

export type RoiSummary = {
  /** Spend ÷ net new followers above baseline, over the campaigns where both are known. */
  costPerFollower: number | null;
  costPerThousandViews: number | null;
  followerNote: string | null;
  viewNote: string | null;
};

/**
 * Blended costs for the totals row. The API gives them per campaign only, so they are derived
 * here from the campaigns counted in the totals (same currency) whose lift could be measured:
 * their spend divided by their combined lift. With no positive lift the cost is "—", explained.
 */
export function summarizeRoi(data: RoiResponse): RoiSummary {
  const included = data.campaigns.filter(
    (result) => !data.excludedFromTotals.includes(result.campaign.id),
  );
  const blend = (lift: (result: CampaignResult) => number | null, perUnits: number) => {
    const measured = included.filter((result) => lift(result) !== null);
    const totalLift = measured.reduce((sum, result) => sum + (lift(result) ?? 0), 0);
    const spend = measured.reduce((sum, result) => sum + result.campaign.amount, 0);
    if (measured.length === 0)
      return { cost: null, note: 'Needs a full campaign window of platform data' };
    if (totalLift <= 0) return { cost: null, note: 'No growth above your usual pace yet' };
    return { cost: (spend / totalLift) * perUnits, note: null };
  };
  const followers = blend((result) => result.followerLift, 1);
  const views = blend((result) => result.viewLift, 1000);
  return {
    costPerFollower: followers.cost,
    costPerThousandViews: views.cost,
    followerNote: followers.note,
    viewNote: views.note,
  };
}

function Total({
  label,
  value,
  note,
  tone,
  className,
}: {
  label: string;
  value: string;
  note?: string | null;
  tone?: string;
  className?: string;
}) {
  return (
    <Card className={cn('p-4 sm:p-5', className)}>
      <dt className="text-sm text-zinc-600 dark:text-zinc-400">{label}</dt>
      <dd className={cn('mt-1 text-2xl font-semibold tracking-tight tabular-nums', tone)}>
        {value === MISSING_VALUE ? (
          <>
            <span aria-hidden="true">{MISSING_VALUE}</span>
            <span className="sr-only">Not available</span>
          </>
        ) : (
          value
        )}
      </dd>
      {note ? <dd className="mt-1 text-xs text-zinc-600 dark:text-zinc-400">{note}</dd> : null}
    </Card>
  );
}

function Totals({ data }: { data: RoiResponse }) {
  const { totals, currency } = data;
  const summary = summarizeRoi(data);
  const roiTone =
    totals.roi === null
      ? undefined
      : totals.roi >= 0
        ? 'text-emerald-700 dark:text-emerald-400'
        : 'text-red-700 dark:text-red-400';
  return (
    <section aria-label="ROI totals" className="mb-6">
      <dl className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-5">
        <Total label="Spend" value={formatCompactMoney(totals.spend, currency)} />
        <Total
          label="Revenue"
          value={formatCompactMoney(totals.revenue, currency)}
          note={`${formatCompactMoney(totals.platformRevenue, currency)} from platforms`}
        />
        <Total
          label="ROI"
          value={formatRoi(totals.roi)}
          tone={roiTone}
          note={
            totals.roi === null
              ? 'Shown once you record spend above 0'
              : '(Revenue − spend) ÷ spend'
          }
        />
        <Total
          label="Cost per new follower"
          value={formatMoney(summary.costPerFollower, currency)}
          note={summary.followerNote ?? 'Above your usual pace'}
        />
        <Total
          label="Cost per 1,000 views"
          value={formatMoney(summary.costPerThousandViews, currency)}
          note={summary.viewNote ?? 'Above your usual pace'}
          className="col-span-2 lg:col-span-1"
        />
      </dl>
    </section>
  );
}

function TotalsSkeleton() {
  return (
    <div className="mb-6 grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-5" aria-hidden="true">
      {Array.from({ length: 5 }, (_, index) => (
        <Card key={index} className="p-4 sm:p-5">
          <Skeleton className="h-4 w-20" />
          <Skeleton className="mt-3 h-7 w-24" />
        </Card>
      ))}
    </div>
  );
}

/** Spend on ads, pitching and PR against the growth and revenue it brought in. */
export function RoiPage() {
  const { filters, setFilters } = useDashboardFilters();
  const roi = useRoi({ platform: filters.platform });
  const [editing, setEditing] = useState<Campaign | null>(null);
  const { canEdit } = useOrganizationAccess();
  const [isFormOpen, setIsFormOpen] = useState(false);
  const [deleting, setDeleting] = useState<Campaign | null>(null);
  const data = roi.data;
  const hasCampaigns = (data?.campaigns.length ?? 0) > 0;

  useRegisterExport(
    data && hasCampaigns
      ? {
          fileName: `crescendo-roi-${toLocalDay(new Date())}.json`,
          data: { exportedAt: new Date().toISOString().slice(0, 10), ...data },
        }
      : null,
  );

  const openForm = (campaign: Campaign | null) => {
    setEditing(campaign);
    setIsFormOpen(true);
  };

  let body;
  if (roi.isError) {
    body = <AsyncErrorView error={roi.error} onRetry={() => void roi.refetch()} />;
  } else if (!data) {
    body = (
      <>
        <TotalsSkeleton />
        <Card className="overflow-hidden">
          <CampaignLedger
            results={[]}
            excludedIds={[]}
            isLoading
            onEdit={openForm}
            onDelete={setDeleting}
          />
        </Card>
      </>
    );
  } else if (!hasCampaigns) {
    body = (
      <EmptyState
        icon={CircleDollarSign}
        title="No campaigns yet"
        description="Log what you spend on ads, playlist pitching or PR. We’ll show the followers and views each campaign brought in above your usual pace — and what came back."
        action={
          <Button onClick={() => openForm(null)}>
            <Plus className="h-4 w-4" aria-hidden="true" />
            Add your first campaign
          </Button>
        }
      />
    );
  } else {
    body = (
      <>
        <Totals data={data} />
        <Card className="overflow-hidden">
          <div className="border-b border-zinc-200 px-4 py-3 sm:px-5 dark:border-zinc-800">
            <h2 className="text-base font-semibold tracking-tight">Campaign ledger</h2>
            <p className="text-sm text-zinc-600 dark:text-zinc-400">
              Growth is measured against the same number of days right before each campaign.
            </p>
          </div>
          <CampaignLedger
            results={data.campaigns}
            excludedIds={data.excludedFromTotals}
            isLoading={false}
            onEdit={openForm}
            onDelete={setDeleting}
          />
        </Card>
        <p className="mt-3 text-xs text-zinc-600 dark:text-zinc-400">
          Totals are in {data.currency}
          {data.excludedFromTotals.length > 0
            ? `; ${data.excludedFromTotals.length} campaign${data.excludedFromTotals.length === 1 ? '' : 's'} in other currencies ${data.excludedFromTotals.length === 1 ? 'is' : 'are'} listed but left out`
            : ''}
          . “—” means there isn’t enough platform data to measure that figure yet, or nothing to
          divide by.
        </p>
      </>
    );
  }

  return (
    <AnalyticsPage
      title="Return on investment"
      description="What your ads, pitching and PR brought back — in fans, views and revenue."
      actions={
        canEdit ? (
          <Button onClick={() => openForm(null)}>
            <Plus className="h-4 w-4" aria-hidden="true" />
            Add campaign
          </Button>
        ) : null
      }
      filters={
        <div role="group" aria-label="ROI filters" className="flex flex-wrap items-center gap-3">
          <label className="flex items-center gap-2 text-sm">
            <span className="text-zinc-600 dark:text-zinc-400">Platform</span>
            <select
              className={filterSelectClass}
              value={filters.platform}
              onChange={(event) =>
                setFilters({ platform: event.target.value as DashboardPlatform })
              }
            >
              {dashboardPlatforms.map((platform) => (
                <option key={platform} value={platform}>
                  {platformLabels[platform]}
                </option>
              ))}
            </select>
          </label>
        </div>
      }
      status="Each campaign is measured over its own dates."
    >
      {body}
      <CampaignFormDialog
        open={isFormOpen}
        onOpenChange={setIsFormOpen}
        campaign={editing}
        currency={data?.currency ?? 'USD'}
      />
      <CampaignDeleteDialog
        campaign={deleting}
        onOpenChange={(open) => {
          if (!open) setDeleting(null);
        }}
      />
    </AnalyticsPage>
  );
}
