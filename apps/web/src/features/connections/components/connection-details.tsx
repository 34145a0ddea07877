import type { Connection } from '@crescendo/contracts';
import {
  Camera,
  CircleAlert,
  MonitorPlay,
  Music2,
  RefreshCw,
  RotateCcw,
  ThumbsUp,
} from 'lucide-react';
import { useId } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Progress } from '@/components/ui/progress';
import { extractErrorMessage } from '@/lib/api-error-message';
import { cn } from '@/lib/cn';
import { formatDateTime, formatLongDay, formatRelativeTime } from '@/lib/format';
import { platformNames } from '@/lib/platforms';
import { showToast } from '@/lib/toast';
import { useRefreshConnection } from '../api/refresh-connection';
import {
  describeStatus,
  describeSyncStep,
  formatPercent,
  isSyncInProgress,
} from '../utils/connection-status';
import { DisconnectDialog } from './disconnect-dialog';
import { useOrganizationAccess } from '@/lib/organizations/use-organization-access';

const platformLabels = {
  youtube: { label: `${platformNames.youtube} channel`, icon: MonitorPlay },
  instagram: { label: platformNames.instagram, icon: Camera },
  facebook: { label: `${platformNames.facebook} Page`, icon: ThumbsUp },
  tiktok: { label: platformNames.tiktok, icon: Music2 },
} as const;

/** One connected account: status, freshness, sync progress and what the artist can do about it. */
export function ConnectionDetails({
  connection,
  now,
  isReconnecting,
  onReconnect,
  onDisconnected,
}: {
  connection: Connection;
  now: number;
  isReconnecting: boolean;
  onReconnect: () => void;
  onDisconnected: () => void;
}) {
  const nameId = useId();
  const refresh = useRefreshConnection();
  const { canEdit } = useOrganizationAccess();
  const status = describeStatus(connection);
  const isSyncing = isSyncInProgress(connection);
  const needsReconnect = connection.status === 'reconnect_needed';
  const problem =
    connection.status === 'error'
      ? (connection.sync.error ?? 'The last sync failed. Try again in a moment.')
      : needsReconnect
        ? (connection.sync.error ?? 'Access was revoked or expired. Reconnect to resume syncing.')
        : null;
  const stepText = describeSyncStep(connection.sync.step);
  const percent = connection.sync.percent;

  const refreshNow = () =>
    refresh.mutate(connection.id, {
      onSuccess: ({ isNewSync }) =>
        showToast({
          title: isNewSync ? 'Sync started' : 'Already syncing',
          description: isNewSync
            ? `We’re fetching the latest numbers for ${connection.accountName}.`
            : `${connection.accountName} is already being synced — hang tight.`,
          type: 'insight',
        }),
      onError: (error) =>
        showToast({
          title: 'Couldn’t start a sync',
          description: extractErrorMessage(error),
          type: 'error',
        }),
    });

  return (
    <section
      aria-labelledby={nameId}
      className="flex flex-col gap-4 rounded-xl border border-zinc-200 bg-zinc-50/60 p-4 dark:border-zinc-800 dark:bg-zinc-950/40"
    >
      <div className="flex flex-wrap items-center gap-2">
        <h3 id={nameId} className="mr-auto min-w-0 font-semibold break-words">
          {connection.accountName}
        </h3>
        <Badge tone={status.tone} data-testid="connection-status">
          {status.label}
        </Badge>
        {connection.sandbox ? (
          <Badge
            title="Demo data from Crescendo’s built-in platform sandbox, not your real account"
            className="border border-dashed border-zinc-400 bg-transparent dark:border-zinc-600 dark:bg-transparent"
          >
            Sandbox
          </Badge>
        ) : null}
      </div>

      {connection.accounts.length > 0 ? (
        <ul className="flex flex-col gap-1.5 text-sm" aria-label="Linked accounts">
          {connection.accounts.map((account) => {
            const platform = platformLabels[account.platform];
            return (
              <li key={account.id} className="flex min-w-0 items-start gap-2">
                <platform.icon
                  className="mt-0.5 h-4 w-4 shrink-0 text-zinc-500 dark:text-zinc-400"
                  aria-hidden="true"
                />
                <span className="min-w-0 break-words">
                  <span className="text-zinc-500 dark:text-zinc-400">{platform.label}:</span>{' '}
                  <span className="font-medium">{account.name}</span>
                  {account.handle ? (
                    <span className="text-zinc-500 dark:text-zinc-400">
                      {' '}
                      @{account.handle.replace(/^@/, '')}
                    </span>
                  ) : null}
                </span>
              </li>
            );
          })}
        </ul>
      ) : null}

      <dl className="grid grid-cols-1 gap-3 text-sm min-[420px]:grid-cols-2">
        <div>
          <dt className="text-zinc-500 dark:text-zinc-400">Last synced</dt>
          <dd className="font-medium" data-testid="last-synced">
            {connection.lastSyncedAt ? (
              <time
                dateTime={connection.lastSyncedAt}
                title={formatDateTime(connection.lastSyncedAt)}
              >
                {formatRelativeTime(connection.lastSyncedAt, now, { justNowSeconds: 45 })}
              </time>
            ) : isSyncing ? (
              'Pending'
            ) : (
              'Not yet'
            )}
          </dd>
        </div>
        {connection.trackedSince !== undefined ? (
          <div>
            <dt className="text-zinc-500 dark:text-zinc-400">Tracked since</dt>
            <dd className="font-medium" data-testid="tracked-since">
              {connection.trackedSince ? (
                <time dateTime={connection.trackedSince}>
                  {formatLongDay(connection.trackedSince)}
                </time>
              ) : (
                'Your first sync'
              )}
            </dd>
          </div>
        ) : null}
        <div>
          <dt className="text-zinc-500 dark:text-zinc-400">Data complete through</dt>
          <dd className="font-medium">
            {connection.dataCompleteThrough ? (
              <time dateTime={connection.dataCompleteThrough}>
                {formatLongDay(connection.dataCompleteThrough)}
              </time>
            ) : (
              'Pending'
            )}
          </dd>
        </div>
      </dl>

      {isSyncing ? (
        <div className="flex flex-col gap-1.5">
          <div className="flex items-baseline justify-between gap-3 text-sm">
            <span className="min-w-0 text-zinc-700 dark:text-zinc-300" data-testid="sync-step">
              {stepText}
            </span>
            {percent !== null ? (
              <span className="shrink-0 font-medium tabular-nums">{formatPercent(percent)}</span>
            ) : null}
          </div>
          <Progress
            value={percent}
            label={`Syncing ${connection.accountName}`}
            valueText={percent !== null ? `${formatPercent(percent)} — ${stepText}` : stepText}
          />
        </div>
      ) : null}

      {problem ? (
        <p
          className={cn(
            'flex items-start gap-2 rounded-lg p-3 text-sm',
            needsReconnect
              ? 'bg-amber-50 text-amber-900 dark:bg-amber-950/40 dark:text-amber-100'
              : 'bg-red-50 text-red-900 dark:bg-red-950/40 dark:text-red-100',
          )}
          data-testid="connection-problem"
        >
          <CircleAlert className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
          <span>{problem}</span>
        </p>
      ) : null}

      {canEdit ? (
        <div className="flex flex-wrap items-center gap-2">
          {needsReconnect ? (
            <Button
              size="sm"
              onClick={onReconnect}
              isLoading={isReconnecting}
              aria-describedby={nameId}
            >
              <RotateCcw className="h-4 w-4" aria-hidden="true" /> Reconnect
            </Button>
          ) : (
            <Button
              variant="secondary"
              size="sm"
              onClick={refreshNow}
              isLoading={refresh.isPending}
              disabled={isSyncing}
              aria-describedby={nameId}
            >
              <RefreshCw className="h-4 w-4" aria-hidden="true" />
              {connection.status === 'error' ? 'Try again' : 'Refresh now'}
            </Button>
          )}
          <DisconnectDialog
            connection={connection}
            describedBy={nameId}
            onDisconnected={onDisconnected}
          />
        </div>
      ) : null}
    </section>
  );
}
