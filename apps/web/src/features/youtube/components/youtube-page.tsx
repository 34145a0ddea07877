import type { ContentItem } from '@crescendo/contracts';
import { Clapperboard, MonitorPlay } from 'lucide-react';
import { CompactCount } from '@/components/analytics/content-columns';
import type { PlatformContentTableConfig } from '@/components/analytics/platform-content-table';
import { PlatformContentTable } from '@/components/analytics/platform-content-table';
import {
  PlatformPage,
  type PlatformAnalyticsProps,
  type PlatformPageConfig,
} from '@/components/analytics/platform-page';
import { formatWatchHours } from '@/components/charts/platform-format';
import { AsyncErrorView } from '@/components/errors/async-error';
import { useChannelData } from '../api/get-channel-data';
import { useYoutubeViewState } from '../hooks/use-youtube-view-state';
import { ChannelAudience } from './channel-audience';
import { ChannelPerformance, ChannelPerformanceSkeleton } from './channel-performance';
import { ChannelSummary, ChannelSummarySkeleton } from './channel-summary';
import { VideoDetailDialog } from './video-detail-dialog';

const videosTable: PlatformContentTableConfig = {
  id: 'youtube-videos',
  title: 'Top videos',
  description: 'Search, sort and open a video to see how it performs.',
  itemHeader: 'Video',
  itemName: 'videos',
  searchLabel: 'Search videos',
  searchPlaceholder: 'Search videos by title',
  kindLabel: 'Video type',
  kindOptions: [
    { value: '', label: 'All types' },
    { value: 'video', label: 'Videos' },
    { value: 'short', label: 'Shorts' },
    { value: 'live', label: 'Live' },
  ],
  figureColumns: [
    {
      id: 'views',
      header: 'Views',
      sortKey: 'views',
      align: 'right',
      cell: (item: ContentItem) => <CompactCount value={item.stats.views} noun="views" />,
    },
    {
      id: 'watchMinutes',
      header: 'Watch time',
      sortKey: 'watchMinutes',
      align: 'right',
      cell: (item: ContentItem) => formatWatchHours(item.stats.watchMinutes),
    },
    {
      id: 'likes',
      header: 'Likes',
      sortKey: 'likes',
      align: 'right',
      cell: (item: ContentItem) => <CompactCount value={item.stats.likes} noun="likes" />,
    },
    {
      id: 'comments',
      header: 'Comments',
      sortKey: 'comments',
      align: 'right',
      cell: (item: ContentItem) => <CompactCount value={item.stats.comments} noun="comments" />,
    },
  ],
  empty: {
    icon: Clapperboard,
    title: 'No videos yet',
    description: 'Once you publish on YouTube, your videos show up here after the next sync.',
    filteredTitle: 'No videos match',
    filteredDescription: 'Try another title or type — or clear the filters to see every upload.',
  },
  exportFileName: 'crescendo-youtube-videos.csv',
  Dialog: VideoDetailDialog,
};

function ChannelSkeleton() {
  return (
    <>
      <ChannelSummarySkeleton />
      <ChannelPerformanceSkeleton />
    </>
  );
}

function ChannelAnalytics({ connection, range }: PlatformAnalyticsProps) {
  const view = useYoutubeViewState();
  const channelData = useChannelData(connection.id, range, connection.lastSyncedAt);
  const channel = channelData.data?.channel;

  return (
    <div className="flex min-w-0 flex-col gap-6">
      {channelData.isError && !channel ? (
        <AsyncErrorView error={channelData.error} onRetry={() => void channelData.refetch()} />
      ) : channel ? (
        <>
          <ChannelSummary connection={connection} channel={channel} />
          <section aria-labelledby="performance-title" className="flex min-w-0 flex-col gap-3">
            <h2 id="performance-title" className="text-lg font-semibold tracking-tight">
              Performance
            </h2>
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
          <ChannelSkeleton />
        </div>
      )}
      <PlatformContentTable
        config={videosTable}
        connectionId={connection.id}
        syncedAt={connection.lastSyncedAt}
        view={view}
      />
    </div>
  );
}

const youtubePage: PlatformPageConfig = {
  provider: 'youtube',
  providerName: 'YouTube',
  title: 'YouTube analytics',
  description: 'Views, watch time, subscribers and your best-performing videos.',
  subject: 'your channel',
  connect: {
    icon: MonitorPlay,
    title: 'Connect YouTube to see your channel',
    description:
      'Connect YouTube to see views, watch time, subscriber growth and which videos turn viewers into fans.',
    action: 'Connect YouTube',
  },
  syncDescription:
    'Your first sync reads your videos and their daily numbers. Charts appear here as soon as it finishes — feel free to leave this page and come back.',
  Skeleton: ChannelSkeleton,
  useView: useYoutubeViewState,
  Analytics: ChannelAnalytics,
};

/** /youtube: the channel's summary, trends, audience and videos, from its YouTube connection. */
export function YoutubePage() {
  return <PlatformPage config={youtubePage} />;
}
