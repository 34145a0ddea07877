import type { CampaignResult, RoiResponse } from '@crescendo/contracts';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';
import { MISSING_VALUE } from '@/lib/format';
import {
  formatCompactMoney,
  formatMoney,
  formatRoi,
  formatSignedMoney,
  signTone,
} from './campaign-format';

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
      return { cost: null, note: 'Needs a baseline and published campaign days' };
    if (totalLift <= 0) return { cost: null, note: 'No growth above your usual pace' };
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
  tone?: string | undefined;
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

/** Spend, revenue lift, ROI and blended costs of the campaigns counted in the totals. */
export function RoiTotals({ data }: { data: RoiResponse }) {
  const { totals, currency } = data;
  const summary = summarizeRoi(data);
  const money = (value: number) => formatMoney(value, currency);
  // The lift is the platforms' part only; entered revenue is named apart, as ROI adds it.
  const revenueNote = [
    `Platform revenue above your usual pace, of ${money(totals.platformRevenue)} reported on campaign days.`,
    totals.enteredRevenue > 0
      ? `Not included: ${money(totals.enteredRevenue)} you entered (ROI adds it).`
      : null,
  ]
    .filter(Boolean)
    .join(' ');
  const roiNote =
    totals.revenueLift === null
      ? null
      : `(${formatSignedMoney(totals.revenueLift, currency)} lift${totals.enteredRevenue > 0 ? ` + ${money(totals.enteredRevenue)} entered` : ''} − ${money(totals.spend)} spend) ÷ spend`;
  return (
    <section aria-label="ROI totals" className="mb-6">
      <dl className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-5">
        <Total label="Spend" value={formatCompactMoney(totals.spend, currency)} />
        <Total
          label="Revenue lift"
          value={formatSignedMoney(totals.revenueLift, currency)}
          tone={signTone(totals.revenueLift)}
          note={totals.revenueLift === null ? 'Needs a baseline for every campaign' : revenueNote}
        />
        <Total
          label="ROI"
          value={formatRoi(totals.roi)}
          tone={signTone(totals.roi)}
          note={
            totals.spend === 0
              ? 'Shown once you record spend above 0'
              : totals.roi === null
                ? 'Needs a baseline for every campaign'
                : roiNote
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

export function RoiTotalsSkeleton() {
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
