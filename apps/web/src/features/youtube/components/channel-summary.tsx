import type { AccountAnalytics, Connection } from '@crescendo/contracts';
import { CircleAlert, Eye, Film, RefreshCw, Users } from 'lucide-react';
import { Link } from 'react-router';
import { PlatformStatCard, PlatformStatCardSkeleton } from '@/components/charts/platform-stat-card';
import { PlatformSkeleton } from '@/components/charts/platform-skeleton';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { paths } from '@/config/paths';
import {
  formatCompactNumber,
  formatDateTime,
  formatFullNumber,
  formatLongDay,
  formatRelativeTime,
} from '@/lib/format';

function SyncNotice({ connection }: { connection: Connection }) {
  if (connection.status === 'syncing') {
    const percent = connection.sync.percent;
    return (
      <p
        className="flex items-center gap-2 text-sm text-brand-800 dark:text-brand-200"
        aria-live="polite"
      >
        <RefreshCw className="h-4 w-4 shrink-0 motion-safe:animate-spin" aria-hidden="true" />
        Updating your numbers{percent !== null ? ` — ${percent}%` : ''}
        {connection.sync.step ? ` (${connection.sync.step})` : ''}
      </p>
    );
  }
  if (connection.status === 'reconnect_needed' || connection.status === 'error') {
    return (
      <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-amber-900 dark:text-amber-200">
        <CircleAlert className="h-4 w-4 shrink-0" aria-hidden="true" />
        {connection.status === 'reconnect_needed'
          ? 'YouTube access expired, so these numbers are not updating.'
          : (connection.sync.error ?? 'The last sync did not finish.')}
        <Link to={paths.settingsConnections} className="font-medium underline underline-offset-2">
          {connection.status === 'reconnect_needed' ? 'Reconnect YouTube' : 'Manage connection'}
        </Link>
      </p>
    );
  }
  return null;
}

/** Channel identity, freshness and lifetime numbers. */
export function ChannelSummary({
  connection,
  channel,
}: {
  connection: Connection;
  channel: AccountAnalytics;
}) {
  const initial = channel.name.trim().slice(0, 1).toUpperCase() || 'Y';
  return (
    <section aria-labelledby="channel-name" className="flex flex-col gap-4">
      <Card className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between sm:p-5">
        <div className="flex min-w-0 items-center gap-3">
          <span
            aria-hidden="true"
            className="flex h-12 w-12 shrink-0 items-center justify-center rounded-full bg-red-600 text-lg font-semibold text-white"
          >
            {initial}
          </span>
          <div className="min-w-0">
            <div className="flex flex-wrap items-center gap-2">
              <h2 id="channel-name" className="truncate text-lg font-semibold tracking-tight">
                {channel.name}
              </h2>
              {connection.sandbox ? (
                <Badge tone="warning" title="Data from the built-in platform sandbox">
                  Sandbox
                </Badge>
              ) : null}
            </div>
            {channel.handle ? (
              <p className="truncate text-sm text-zinc-600 dark:text-zinc-400">{channel.handle}</p>
            ) : null}
          </div>
        </div>
        <dl className="grid grid-cols-2 gap-x-6 gap-y-1 text-sm sm:text-right">
          <dt className="text-zinc-600 dark:text-zinc-400">Last synced</dt>
          <dd className="font-medium">
            {connection.lastSyncedAt ? (
              <time
                dateTime={connection.lastSyncedAt}
                title={formatDateTime(connection.lastSyncedAt)}
              >
                {formatRelativeTime(connection.lastSyncedAt)}
              </time>
            ) : (
              'Pending'
            )}
          </dd>
          <dt className="text-zinc-600 dark:text-zinc-400">Data complete through</dt>
          <dd className="font-medium">
            {connection.dataCompleteThrough ? (
              <time dateTime={connection.dataCompleteThrough}>
                {formatLongDay(connection.dataCompleteThrough)}
              </time>
            ) : (
              'Pending'
            )}
          </dd>
        </dl>
      </Card>
      <SyncNotice connection={connection} />
      <div className="grid grid-cols-3 gap-3 sm:gap-4">
        <PlatformStatCard
          label="Subscribers"
          icon={Users}
          source={`Total now, from the YouTube channel · synced ${formatLongDay(connection.lastSyncedAt?.slice(0, 10))}`}
          value={formatCompactNumber(channel.followersTotal)}
          hint={
            channel.followersTotal === null
              ? 'Hidden on this channel'
              : `${formatFullNumber(channel.followersTotal)} in total`
          }
        />
        <PlatformStatCard
          label="Views"
          icon={Eye}
          source="Lifetime views of the channel, as YouTube counts them"
          value={formatCompactNumber(channel.viewsTotal)}
          hint={channel.viewsTotal === null ? 'Not reported yet' : 'Lifetime'}
        />
        <PlatformStatCard
          label="Videos"
          icon={Film}
          source="Public uploads on the channel, as YouTube counts them"
          value={formatCompactNumber(channel.contentCount)}
          hint={channel.contentCount === null ? 'Not reported yet' : 'Public uploads'}
        />
      </div>
    </section>
  );
}

export function ChannelSummarySkeleton() {
  return (
    <div className="flex flex-col gap-4" aria-hidden="true">
      <Card className="flex items-center gap-3 p-4 sm:p-5">
        <PlatformSkeleton className="h-12 w-12 rounded-full" />
        <div className="flex flex-col gap-2">
          <PlatformSkeleton className="h-5 w-40" />
          <PlatformSkeleton className="h-4 w-24" />
        </div>
      </Card>
      <div className="grid grid-cols-3 gap-3 sm:gap-4">
        <PlatformStatCardSkeleton />
        <PlatformStatCardSkeleton />
        <PlatformStatCardSkeleton />
      </div>
    </div>
  );
}
