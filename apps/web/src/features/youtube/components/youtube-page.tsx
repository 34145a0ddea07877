import type { Connection } from '@crescendo/contracts';
import { CircleAlert, MonitorPlay } from 'lucide-react';
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
import { useChannelData } from '../api/get-channel-data';
import { useYoutubeConnection } from '../api/list-connections';
import { useYoutubeViewState } from '../hooks/use-youtube-view-state';
import { ChannelAudience } from './channel-audience';
import { ChannelPerformance, ChannelPerformanceSkeleton } from './channel-performance';
import { ChannelSummary, ChannelSummarySkeleton } from './channel-summary';
import { TopVideosTable } from './top-videos-table';

const title = 'YouTube analytics';
const description = 'Views, watch time, subscribers and your best-performing videos.';

function ConnectYoutube() {
  return (
    <EmptyState
      icon={MonitorPlay}
      title="Connect YouTube to see your channel"
      description="Connect YouTube to see views, watch time, subscriber growth and which videos turn viewers into fans."
      action={
        <Button asChild>
          <Link to={paths.settingsConnections}>Connect YouTube</Link>
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
          ? 'YouTube needs you to reconnect'
          : 'We couldn’t read your channel yet'
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

function ChannelAnalytics({ connection }: { connection: Connection }) {
  const view = useYoutubeViewState();
  const range = useMemo(
    () => toDayRange(connection.dataCompleteThrough, view.rangeDays),
    [connection.dataCompleteThrough, view.rangeDays],
  );
  const channelData = useChannelData(connection.id, range, connection.lastSyncedAt);
  const channel = channelData.data?.channel;

  return (
    <div className="flex flex-col gap-6">
      {channelData.isError && !channel ? (
        <AsyncErrorView error={channelData.error} onRetry={() => void channelData.refetch()} />
      ) : channel ? (
        <>
          <ChannelSummary connection={connection} channel={channel} />
          <section aria-labelledby="performance-title" className="flex flex-col gap-3">
            <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
              <h2 id="performance-title" className="text-lg font-semibold tracking-tight">
                Performance
              </h2>
              <PlatformRangePicker
                options={rangeOptions}
                value={view.rangeDays}
                onChange={view.setRange}
              />
            </div>
            <ChannelPerformance
              channel={channel}
              metric={view.metric}
              onMetricChange={view.setMetric}
              isRefreshing={channelData.isPlaceholderData}
            />
          </section>
          <ChannelAudience audience={channel.audience} />
        </>
      ) : (
        <div className="flex flex-col gap-6" aria-busy="true" aria-label="Loading your channel">
          <ChannelSummarySkeleton />
          <ChannelPerformanceSkeleton />
        </div>
      )}
      <TopVideosTable
        connectionId={connection.id}
        channelName={connection.accountName}
        syncedAt={connection.lastSyncedAt}
        view={view}
      />
    </div>
  );
}

/** /youtube: the channel's summary, trends, audience and videos, from its YouTube connection. */
export function YoutubePage() {
  const connection = useYoutubeConnection();
  const current = connection.data ?? null;
  const isFirstSync = current !== null && current.lastSyncedAt === null;

  return (
    <>
      <PageHeader title={title} description={description} />
      {connection.isPending ? (
        <div className="flex flex-col gap-6" aria-busy="true" aria-label="Loading your channel">
          <ChannelSummarySkeleton />
          <ChannelPerformanceSkeleton />
        </div>
      ) : connection.isError && !connection.data ? (
        <AsyncErrorView error={connection.error} onRetry={() => void connection.refetch()} />
      ) : current === null ? (
        <ConnectYoutube />
      ) : isFirstSync && current.status === 'syncing' ? (
        <PlatformSyncProgress
          title={`Bringing in ${current.accountName || 'your channel'}`}
          step={current.sync.step}
          percent={current.sync.percent}
          description="Your first sync reads your videos and their daily numbers. Charts appear here as soon as it finishes — feel free to leave this page and come back."
        />
      ) : isFirstSync ? (
        <FirstSyncFailed connection={current} />
      ) : (
        <ChannelAnalytics connection={current} />
      )}
    </>
  );
}
