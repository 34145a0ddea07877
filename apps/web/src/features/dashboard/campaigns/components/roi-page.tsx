import { roiBaselineSentence, type Campaign } from '@crescendo/contracts';
import { CircleDollarSign, Plus } from 'lucide-react';
import { useState } from 'react';
import { AnalyticsPage } from '@/components/analytics/analytics-page';
import { CommonWindowNote } from '@/components/analytics/common-window-note';
import { AsyncErrorView } from '@/components/errors/async-error';
import { useRegisterExport } from '@/components/layouts/export-context';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { useRoi } from '../api/get-roi';
import { useDashboardFilters } from '../../shared/hooks/use-dashboard-filters';
import { CampaignDeleteDialog } from './campaign-delete-dialog';
import { CampaignFormDialog } from './campaign-form-dialog';
import { toLocalDay } from './campaign-form-model';
import { CampaignLedger } from './campaign-ledger';
import { DashboardFilters } from '../../shared/components/dashboard-filters';
import { RoiMethod } from './roi-method';
import { RoiTotals, RoiTotalsSkeleton } from './roi-totals';
import { useOrganizationAccess } from '@/lib/organizations/use-organization-access';

export { summarizeRoi, type RoiSummary } from './roi-totals';

/** Spend on ads, pitching and PR against the growth and revenue it brought in. */
export function RoiPage() {
  const { filters } = useDashboardFilters();
  const roi = useRoi(filters);
  const isUpdating = roi.isPlaceholderData && roi.isFetching;
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
        <RoiTotalsSkeleton />
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
        title={filters.range === 'all' ? 'No campaigns yet' : 'No campaigns in this period'}
        description={`${filters.range === 'all' ? '' : 'Choose “All time” to see every campaign, or add one. '}Log what you spend on ads, playlist pitching or PR. We’ll show the followers, views and revenue each campaign brought in above your usual pace — and what came back.`}
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
      <div aria-busy={isUpdating} className="min-w-0 transition-opacity aria-busy:opacity-60">
        <CommonWindowNote data={data} />
        <RoiTotals data={data} />
        <Card className="overflow-hidden">
          <div className="border-b border-zinc-200 px-4 py-3 sm:px-5 dark:border-zinc-800">
            <h2 className="text-base font-semibold tracking-tight">Campaign ledger</h2>
            <p className="text-sm text-zinc-600 dark:text-zinc-400">
              Each campaign’s lift is what its days brought above its baseline.{' '}
              {roiBaselineSentence}
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
      </div>
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
      filters={<DashboardFilters showCompare={false} />}
      status={
        <p role="status">
          {isUpdating ? 'Updating your campaigns…' : 'Campaigns that ran in the period.'}
        </p>
      }
    >
      {body}
      <RoiMethod baselineDays={data?.baselineDays ?? 28} />
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
