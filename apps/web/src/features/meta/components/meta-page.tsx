import type { Connection } from '@crescendo/contracts';
import { Camera, CircleAlert } from 'lucide-react';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { PlatformRangePicker } from '@/components/charts/platform-range-picker';
import { PlatformSyncProgress } from '@/components/charts/platform-sync-progress';
import { AsyncErrorView } from '@/components/errors/async-error';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { paths } from '@/config/paths';
import { rangeOptions, toDayRange } from '@/lib/use-platform-view-state';
import { useAccountData } from '../api/get-account-data';
import { useMetaConnection } from '../api/list-connections';
import { useMetaViewState } from '../hooks/use-meta-view-state';
import { AccountSummary, AccountSummarySkeleton, ConnectionStatusLine } from './account-summary';
import { MediaTable } from './media-table';
import { MetaAudience } from './meta-audience';
import { MetaPerformance, MetaPerformanceSkeleton } from './meta-performance';

const title = 'Meta';
const description = 'Instagram and Facebook reach, engagement and follower growth.';

function ConnectMeta() {
  return (
    <EmptyState
      icon={Camera}
      title="Connect Instagram & Facebook to see your reach"
      description="Connect Meta to see reach, saves, shares and follower growth for your posts and Reels."
      action={
        <Button asChild>
          <Link to={paths.settingsConnections}>Connect Meta</Link>
        </Button>
      }
    />
  );
}

function FirstSyncFailed({ connection }: { connection: Connection }) {
  return (
    <EmptyState
      icon={CircleAlert}
      title={
        connection.status === 'reconnect_needed'
          ? 'Meta needs you to reconnect'
          : 'We couldn’t read your accounts yet'
      }
      description={
        connection.sync.error ??
        'The first sync stopped before it finished. It retries on its own, or you can start it again from Connections.'
      }
      action={
        <Button asChild>
          <Link to={paths.settingsConnections}>Go to connections</Link>
        </Button>
      }
    />
  );
}

function MetaAnalytics({ connection }: { connection: Connection }) {
  const view = useMetaViewState();
  const range = useMemo(
    () => toDayRange(connection.dataCompleteThrough, view.rangeDays),
    [connection.dataCompleteThrough, view.rangeDays],
  );
  const accountData = useAccountData(connection.id, range, connection.lastSyncedAt);
  const data = accountData.data;

  return (
    <div className="flex flex-col gap-6">
      <ConnectionStatusLine connection={connection} />
      {accountData.isError && !data ? (
        <AsyncErrorView error={accountData.error} onRetry={() => void accountData.refetch()} />
      ) : data ? (
        <>
          <AccountSummary instagram={data.instagram} facebook={data.facebook} />
          <section aria-labelledby="meta-performance-title" className="flex flex-col gap-3">
            <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
              <h2 id="meta-performance-title" className="text-lg font-semibold tracking-tight">
                Performance
              </h2>
              <PlatformRangePicker
                options={rangeOptions}
                value={view.rangeDays}
                onChange={view.setRange}
              />
            </div>
            <MetaPerformance
              instagram={data.instagram}
              facebook={data.facebook}
              metric={view.metric}
              onMetricChange={view.setMetric}
              isRefreshing={accountData.isPlaceholderData}
            />
          </section>
          {data.instagram ? <MetaAudience instagram={data.instagram} /> : null}
        </>
      ) : (
        <div className="flex flex-col gap-6" aria-busy="true" aria-label="Loading your accounts">
          <AccountSummarySkeleton />
          <MetaPerformanceSkeleton />
        </div>
      )}
      <MediaTable
        connectionId={connection.id}
        accountName={connection.accountName}
        syncedAt={connection.lastSyncedAt}
        view={view}
      />
    </div>
  );
}

/** /meta: Instagram and Facebook summary, trends, follower demographics and media. */
export function MetaPage() {
  const connection = useMetaConnection();
  const current = connection.data ?? null;
  const isFirstSync = current !== null && current.lastSyncedAt === null;

  return (
    <>
      <PageHeader title={title} description={description} />
      {connection.isPending ? (
        <div className="flex flex-col gap-6" aria-busy="true" aria-label="Loading your accounts">
          <AccountSummarySkeleton />
          <MetaPerformanceSkeleton />
        </div>
      ) : connection.isError && !connection.data ? (
        <AsyncErrorView error={connection.error} onRetry={() => void connection.refetch()} />
      ) : current === null ? (
        <ConnectMeta />
      ) : isFirstSync && current.status === 'syncing' ? (
        <PlatformSyncProgress
          title={`Bringing in ${current.accountName || 'your accounts'}`}
          step={current.sync.step}
          percent={current.sync.percent}
          description="Your first sync reads your Instagram media and daily insights for Instagram and your Facebook Page. Charts appear here as soon as it finishes — feel free to leave this page and come back."
        />
      ) : isFirstSync ? (
        <FirstSyncFailed connection={current} />
      ) : (
        <MetaAnalytics connection={current} />
      )}
    </>
  );
}
