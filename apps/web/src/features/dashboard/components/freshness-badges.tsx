import type { DashboardAnalyticsResponse } from '@crescendo/contracts';
import { CheckCircle2, Clock3, Hourglass } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { formatLongDay, formatRelativeTime, formatShortDay } from '@/lib/format';
import { platformNames } from './charts/dashboard-format';

type Freshness = DashboardAnalyticsResponse['freshness'][number];

function describePending(days: string[]): string {
  if (days.length === 1) return `${formatShortDay(days[0]!)} pending`;
  return `${days.length} days pending (${formatShortDay(days[0]!)} – ${formatShortDay(days.at(-1)!)})`;
}

/**
 * How current each platform's numbers are: when we last synced, the last day the platform has
 * fully published, and the days it has not published yet (pending, never counted as zero).
 */
export function FreshnessBadges({ freshness }: { freshness: Freshness[] }) {
  if (freshness.length === 0) return null;
  return (
    <section aria-labelledby="freshness-heading" className="flex flex-col gap-2">
      <h2 id="freshness-heading" className="sr-only">
        Data freshness
      </h2>
      <ul className="flex flex-wrap gap-2">
        {freshness.map((entry) => (
          <li
            key={`${entry.platform}-${entry.connectionId}`}
            className="flex flex-wrap items-center gap-x-2 gap-y-1 rounded-xl border border-zinc-200 bg-white px-3 py-2 text-xs dark:border-zinc-800 dark:bg-zinc-900"
          >
            <span
              className="font-semibold text-zinc-900 dark:text-zinc-100"
              title={entry.accountName}
            >
              {platformNames[entry.platform]}
            </span>
            {entry.sandbox ? <Badge tone="neutral">Sandbox</Badge> : null}
            <span className="inline-flex items-center gap-1 text-zinc-600 dark:text-zinc-400">
              <Clock3 className="h-3.5 w-3.5" aria-hidden="true" />
              {entry.lastSyncedAt ? (
                <time dateTime={entry.lastSyncedAt}>
                  Synced {formatRelativeTime(entry.lastSyncedAt)}
                </time>
              ) : (
                'Not synced yet'
              )}
            </span>
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
            {entry.pendingDays.length > 0 ? (
              <Badge tone="warning" title={entry.pendingDays.map(formatLongDay).join(', ')}>
                <Hourglass className="h-3 w-3" aria-hidden="true" />
                {describePending(entry.pendingDays)}
              </Badge>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
