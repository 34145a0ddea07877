import type { DashboardAnalyticsResponse } from '@crescendo/contracts';
import { CheckCircle2, Clock3, Hourglass } from 'lucide-react';
import { InfoTip } from '@/components/analytics/info-tip';
import { Badge } from '@/components/ui/badge';
import { lastCompleteDayOf } from '@/lib/analytics/period';
import { formatLongDay, formatRelativeTime, formatShortDay } from '@/lib/format';
import { platformNames } from '../../shared/components/dashboard-format';

type Freshness = DashboardAnalyticsResponse['freshness'][number];

function describePending(days: string[]): string {
  if (days.length === 1) return `${formatShortDay(days[0]!)} pending`;
  return `${days.length} days pending (${formatShortDay(days[0]!)} – ${formatShortDay(days.at(-1)!)})`;
}

function FreshnessDetail({ entry }: { entry: Freshness }) {
  return (
    <li className="flex flex-col gap-1 py-2 first:pt-0 last:pb-0">
      <span className="flex items-center gap-2">
        <span className="font-semibold text-zinc-900 dark:text-zinc-100">
          {platformNames[entry.platform]}
        </span>
        <span className="truncate text-zinc-600 dark:text-zinc-400">{entry.accountName}</span>
        {entry.sandbox ? <Badge tone="neutral">Sandbox</Badge> : null}
      </span>
      <span className="inline-flex items-center gap-1 text-zinc-600 dark:text-zinc-400">
        <Clock3 className="h-3.5 w-3.5" aria-hidden="true" />
        {entry.lastSyncedAt ? (
          <time dateTime={entry.lastSyncedAt}>Synced {formatRelativeTime(entry.lastSyncedAt)}</time>
        ) : (
          'Not synced yet'
        )}
      </span>
      <span className="flex flex-wrap gap-1">
        {entry.dataCompleteThrough ? (
          <Badge tone="success">
            <CheckCircle2 className="h-3 w-3" aria-hidden="true" />
            Data complete through {formatShortDay(entry.dataCompleteThrough)}
          </Badge>
        ) : (
          <Badge tone="warning">
            <Hourglass className="h-3 w-3" aria-hidden="true" />
            First sync pending
          </Badge>
        )}
        {entry.trackedSince ? (
          <Badge
            tone="neutral"
            title="Daily figures are the changes between Crescendo’s own daily snapshots: the platform shares no history."
          >
            Tracked since {formatShortDay(entry.trackedSince)}
          </Badge>
        ) : null}
        {entry.pendingDays.length > 0 ? (
          <Badge tone="warning" title={entry.pendingDays.map(formatLongDay).join(', ')}>
            <Hourglass className="h-3 w-3" aria-hidden="true" />
            {describePending(entry.pendingDays)}
          </Badge>
        ) : null}
      </span>
    </li>
  );
}

/**
 * How current the figures are, in one line: "Data through Nov 20, 2026" — the last day every
 * platform has published. Each platform's sync time, complete day and pending days (shown as
 * pending, never as zero) open on hover, on focus and on tap.
 */
export function FreshnessBadges({ freshness }: { freshness: Freshness[] }) {
  if (freshness.length === 0) return null;
  const through = lastCompleteDayOf(freshness.map((entry) => entry.dataCompleteThrough));
  const pendingCount = freshness.reduce((sum, entry) => sum + entry.pendingDays.length, 0);
  return (
    <InfoTip
      className="min-w-0"
      triggerClassName="px-1 py-0.5 text-xs text-zinc-600 underline decoration-dotted underline-offset-4"
      label={
        <>
          {pendingCount > 0 ? (
            <Hourglass className="h-3.5 w-3.5 text-amber-600" aria-hidden="true" />
          ) : (
            <CheckCircle2 className="h-3.5 w-3.5 text-emerald-600" aria-hidden="true" />
          )}
          {through ? `Data through ${formatLongDay(through)}` : 'First sync pending'}
        </>
      }
    >
      <section aria-label="Data freshness">
        <ul className="flex flex-col divide-y divide-zinc-100 dark:divide-zinc-800">
          {freshness.map((entry) => (
            <FreshnessDetail key={`${entry.platform}-${entry.connectionId}`} entry={entry} />
          ))}
        </ul>
      </section>
    </InfoTip>
  );
}
