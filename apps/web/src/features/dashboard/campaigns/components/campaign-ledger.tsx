import type { Campaign, CampaignResult } from '@crescendo/contracts';
import { Pencil, Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';
import { formatMonth } from '@/lib/money';
import { formatCompactNumber, formatSignedCompactNumber, MISSING_VALUE } from '@/lib/format';
import {
  formatDayRange,
  formatMoney,
  formatRoi,
  formatSignedMoney,
  signTone,
} from './campaign-format';
import { channelLabels, describeMeasuredOn } from './campaign-form-model';
import { useOrganizationAccess } from '@/lib/organizations/use-organization-access';

/**
 * Statements arrive months late: until every month a campaign covers is reported, its money
 * return is "waiting for statements (through <month>)", not a number; once reported, the lift in
 * statement earnings (absent from answers that do not measure it).
 */
export function describeMoneyReturn(result: Pick<CampaignResult, 'moneyReturn'>): string | null {
  const moneyReturn = result.moneyReturn;
  if (!moneyReturn) return null;
  if (moneyReturn.status === 'waiting')
    return `Waiting for statements (through ${formatMonth(moneyReturn.neededThrough)})`;
  if (moneyReturn.status === 'measured' && moneyReturn.earningsLift !== null)
    return `Statements: ${formatSignedMoney(moneyReturn.earningsLift, moneyReturn.currency)} lift in ${moneyReturn.subject.label}`;
  return null;
}

/** The note under a campaign's ROI: what its figure counts so far, or why there is none. */
function describeRoi(
  result: Pick<CampaignResult, 'moneyReturn' | 'roi'>,
  amount: number,
): string | undefined {
  const moneyReturn = describeMoneyReturn(result);
  if (moneyReturn !== null) {
    // A figure while statements are awaited counts platform revenue only.
    return result.moneyReturn?.status === 'waiting' && result.roi !== null
      ? `Platforms only so far · ${moneyReturn.replace(/^W/, 'w')}`
      : moneyReturn;
  }
  if (result.roi !== null) return undefined;
  return amount === 0 ? 'Nothing spent' : 'Not measurable yet';
}

function Figure({ value, note, tone }: { value: string; note?: string; tone?: string }) {
  return (
    <>
      <span className={cn('block font-medium whitespace-nowrap tabular-nums', tone)}>
        {value === MISSING_VALUE ? <span aria-hidden="true">{MISSING_VALUE}</span> : value}
      </span>
      {note ? (
        <span className="block text-xs font-normal whitespace-normal text-zinc-600 dark:text-zinc-400">
          {note}
        </span>
      ) : null}
    </>
  );
}

/** Why a cost is "—": nothing measurable yet, or no growth above the baseline to divide by. */
function costNote(lift: number | null): string {
  return lift === null ? 'Not measurable yet' : 'No lift';
}

/** Counts of people and views are whole: a baseline's average day is not. */
const wholeOrNull = (value: number | null) => (value === null ? null : Math.round(value));

/** Why a lift is "—", or what it is made of: the days' figure against the usual pace. */
function liftNote(result: CampaignResult, during: number | null, usual: number | null): string {
  if (result.measuredDays === 0) return 'No published days yet';
  if (result.baseline.status === 'missing') return 'No data before it';
  return `${formatCompactNumber(wholeOrNull(during))} vs. ${formatCompactNumber(wholeOrNull(usual))} usual`;
}

const headers = [
  'Campaign',
  'Spend',
  'Follower lift',
  'View lift',
  'Cost per new follower',
  'Cost per 1,000 views',
  'Revenue lift',
  'ROI',
];

function CampaignNotes({ result, isExcluded }: { result: CampaignResult; isExcluded: boolean }) {
  const { baseline, overlapsWith, measuredDays, days, campaign } = result;
  return (
    <>
      {measuredDays > 0 && measuredDays < days ? (
        <span className="block text-xs text-zinc-600 dark:text-zinc-400">
          {measuredDays} of {days} days published so far
        </span>
      ) : null}
      <span className="mt-1 flex flex-wrap gap-1">
        {baseline.status === 'partial' ? (
          <Badge tone="warning">
            Partial baseline: {baseline.knownDays} {baseline.knownDays === 1 ? 'day' : 'days'}
          </Badge>
        ) : null}
        {baseline.status === 'missing' ? <Badge tone="warning">No baseline</Badge> : null}
        {baseline.campaignDaysSkipped > 0 ? (
          <Badge tone="neutral">
            Baseline skips {baseline.campaignDaysSkipped} campaign{' '}
            {baseline.campaignDaysSkipped === 1 ? 'day' : 'days'}
          </Badge>
        ) : null}
        {overlapsWith.length > 0 ? (
          <Badge tone="neutral">
            Shares days with {overlapsWith.length} other{overlapsWith.length === 1 ? '' : 's'}
          </Badge>
        ) : null}
        {isExcluded ? <Badge tone="warning">{campaign.currency} · not in totals</Badge> : null}
      </span>
    </>
  );
}

/** One row per campaign: its lift above the usual pace (signed, red below it), costs, ROI. */
export function CampaignLedger({
  results,
  excludedIds,
  isLoading,
  onEdit,
  onDelete,
}: {
  results: CampaignResult[];
  excludedIds: string[];
  isLoading: boolean;
  onEdit: (campaign: Campaign) => void;
  onDelete: (campaign: Campaign) => void;
}) {
  const cellClass = 'px-3 py-3 text-right align-top';
  const { canEdit } = useOrganizationAccess();
  const row = (result: CampaignResult): ReactNode => {
    const { campaign } = result;
    const currency = campaign.currency;
    return (
      <tr key={campaign.id} className="group/row hover:bg-zinc-50 dark:hover:bg-zinc-800/40">
        <th
          scope="row"
          className="sticky left-0 z-10 min-w-[11rem] bg-white px-3 py-3 text-left align-top font-normal group-hover/row:bg-zinc-50 sm:min-w-[13rem] dark:bg-zinc-900 dark:group-hover/row:bg-zinc-800"
        >
          <span className="block font-medium text-zinc-900 dark:text-zinc-100">
            {campaign.name}
          </span>
          <span className="block text-xs text-zinc-600 dark:text-zinc-400">
            {channelLabels[campaign.channel]} · {describeMeasuredOn(campaign, result.platforms)}
          </span>
          <span className="block text-xs text-zinc-600 dark:text-zinc-400">
            {formatDayRange(campaign.startDate, campaign.endDate)} ({result.days}{' '}
            {result.days === 1 ? 'day' : 'days'})
          </span>
          <CampaignNotes result={result} isExcluded={excludedIds.includes(campaign.id)} />
        </th>
        <td className={cellClass}>
          <Figure value={formatMoney(campaign.amount, currency)} />
        </td>
        <td className={cellClass}>
          <Figure
            value={formatSignedCompactNumber(wholeOrNull(result.followerLift))}
            tone={signTone(result.followerLift)}
            note={liftNote(result, result.followersDuring, result.followersBaseline)}
          />
        </td>
        <td className={cellClass}>
          <Figure
            value={formatSignedCompactNumber(wholeOrNull(result.viewLift))}
            tone={signTone(result.viewLift)}
            note={liftNote(result, result.viewsDuring, result.viewsBaseline)}
          />
        </td>
        <td className={cellClass}>
          <Figure
            value={formatMoney(result.costPerNetNewFollower, currency)}
            note={result.costPerNetNewFollower === null ? costNote(result.followerLift) : undefined}
          />
        </td>
        <td className={cellClass}>
          <Figure
            value={formatMoney(result.costPerThousandViews, currency)}
            note={result.costPerThousandViews === null ? costNote(result.viewLift) : undefined}
          />
        </td>
        <td className={cellClass}>
          <Figure
            value={formatSignedMoney(result.revenueLift, currency)}
            tone={signTone(result.revenueLift)}
            note={[
              result.platformRevenue === null
                ? 'No platform revenue reported'
                : `of ${formatMoney(result.platformRevenue, currency)} from platforms`,
              result.enteredRevenue > 0
                ? `· not counting ${formatMoney(result.enteredRevenue, currency)} you entered (ROI adds it)`
                : null,
              describeMoneyReturn(result)?.replace(/^W/, '· w'),
            ]
              .filter(Boolean)
              .join(' ')}
          />
        </td>
        <td className={cellClass}>
          <Figure
            value={formatRoi(result.roi)}
            tone={signTone(result.roi)}
            note={describeRoi(result, campaign.amount)}
          />
        </td>
        <td className="px-2 py-2 text-right align-top whitespace-nowrap">
          <div className={canEdit ? 'flex justify-end gap-1' : 'hidden'}>
            <Button
              variant="ghost"
              size="icon"
              aria-label={`Edit ${campaign.name}`}
              title="Edit"
              onClick={() => onEdit(campaign)}
            >
              <Pencil className="h-4 w-4" aria-hidden="true" />
            </Button>
            <Button
              variant="ghost"
              size="icon"
              aria-label={`Delete ${campaign.name}`}
              title="Delete"
              className="text-red-700 hover:bg-red-50 dark:text-red-400 dark:hover:bg-red-950/40"
              onClick={() => onDelete(campaign)}
            >
              <Trash2 className="h-4 w-4" aria-hidden="true" />
            </Button>
          </div>
        </td>
      </tr>
    );
  };

  // Positioned, so screen-reader-only text in far cells scrolls with the table, not the page.
  return (
    <div className="relative overflow-x-auto">
      <table aria-label="Campaigns" aria-busy={isLoading || undefined} className="w-full text-sm">
        <thead className="bg-zinc-50 text-xs text-zinc-600 dark:bg-zinc-900 dark:text-zinc-400">
          <tr className="border-b border-zinc-200 dark:border-zinc-800">
            {headers.map((header, index) => (
              <th
                key={header}
                scope="col"
                className={cn(
                  'px-3 py-2.5 font-medium',
                  index === 0
                    ? 'sticky left-0 z-10 bg-zinc-50 text-left dark:bg-zinc-900'
                    : 'text-right',
                )}
              >
                {header}
              </th>
            ))}
            <th scope="col" className="px-3 py-2.5 text-right">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-zinc-100 dark:divide-zinc-800">
          {isLoading
            ? Array.from({ length: 3 }, (_, index) => (
                <tr key={index}>
                  {[...headers, 'actions'].map((header, column) => (
                    <td key={header} className="px-3 py-3">
                      <Skeleton className={cn('h-4', column === 0 ? 'w-40' : 'ml-auto w-14')} />
                    </td>
                  ))}
                </tr>
              ))
            : results.map(row)}
        </tbody>
      </table>
    </div>
  );
}
