import type { ChannelDataResponse, ContentItem, ContentListResponse } from '@crescendo/contracts';
import { Clapperboard, MonitorPlay } from 'lucide-react';
import { periodCountColumn } from '@/components/analytics/content-columns';
import type { PlatformContentTableConfig } from '@/components/analytics/platform-content-table';
import { PlatformPage, type PlatformPageConfig } from '@/components/analytics/platform-page';
import { formatWatchHours } from '@/components/charts/platform-format';
import { describeHistoryLimit } from '@/lib/analytics/period';
import {
  formatDaySpan,
  formatDuration,
  formatFullNumber,
  formatLongDay,
  MISSING_VALUE,
} from '@/lib/format';
import { platformNames } from '@/lib/platforms';
import { useChannelData } from '../api/get-channel-data';
import { useYoutubeViewState, type ChartMetric } from '../hooks/use-youtube-view-state';
import { ChannelAudience } from './channel-audience';
import { ChannelPerformance, ChannelPerformanceSkeleton } from './channel-performance';
import { ChannelSummary, ChannelSummarySkeleton } from './channel-summary';

function averageViewDuration(stats: { views: number | null; watchMinutes: number | null }): string {
  const { views, watchMinutes } = stats;
  if (views === null || watchMinutes === null || views === 0) return MISSING_VALUE;
  return formatDuration((watchMinutes * 60) / views);
}

/**
 * The table's figures are each video's for the page's period, over YouTube's own days (the
 * channel's figures above cover the same days), summed from YouTube Analytics' per-video days.
 */
function describeVideoFigures(content: ContentListResponse | undefined): string {
  const range = content?.figures === 'range' ? content.range : null;
  if (!range) return 'Each video’s figures for the period above, as YouTube reports them per day.';
  const limit = describeHistoryLimit(range, formatLongDay);
  return `Each video’s figures for ${formatDaySpan(range.from, range.to)}${limit ? ` (${limit})` : ''}, the same days as the channel’s above. A video’s lifetime totals are in its details.`;
}

const videosTable: PlatformContentTableConfig = {
  id: 'youtube-videos',
  title: 'Top videos',
  description: describeVideoFigures,
  followsPeriod: true,
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
    periodCountColumn('views', 'Views', 'views in the period', { isSortable: true }),
    {
      id: 'watchMinutes',
      header: 'Watch time',
      sortKey: 'watchMinutes',
      align: 'right',
      cell: (item: ContentItem) => formatWatchHours(item.period?.watchMinutes ?? null),
    },
    periodCountColumn('likes', 'Likes', 'likes in the period', { isSortable: true }),
    periodCountColumn('comments', 'Comments', 'comments in the period', { isSortable: true }),
  ],
  empty: {
    icon: Clapperboard,
    title: 'No videos yet',
    description: 'Once you publish on YouTube, your videos show up here after the next sync.',
    filteredTitle: 'No videos match',
    filteredDescription: 'Try another title or type — or clear the filters to see every upload.',
  },
  exportFileName: 'crescendo-youtube-videos.csv',
  details: {
    noun: 'video',
    owner: 'your channel',
    missingLength: 'say',
    stats: (item) => [
      ...(item.period
        ? [
            { label: 'Views in the period', value: formatFullNumber(item.period.views) },
            {
              label: 'Watch time in the period',
              value: formatWatchHours(item.period.watchMinutes),
            },
          ]
        : []),
      { label: 'Lifetime views', value: formatFullNumber(item.stats.views) },
      { label: 'Lifetime watch time', value: formatWatchHours(item.stats.watchMinutes) },
      { label: 'Avg. view duration (lifetime)', value: averageViewDuration(item.stats) },
      { label: 'Lifetime likes', value: formatFullNumber(item.stats.likes) },
      { label: 'Lifetime comments', value: formatFullNumber(item.stats.comments) },
      { label: 'Lifetime shares', value: formatFullNumber(item.stats.shares) },
    ],
    linkLabel: () => 'Watch on YouTube',
  },
};

function ChannelSkeleton() {
  return (
    <>
      <ChannelSummarySkeleton />
      <ChannelPerformanceSkeleton />
    </>
  );
}

const youtubePage: PlatformPageConfig<ChannelDataResponse, ChartMetric> = {
  provider: 'youtube',
  providerName: platformNames.youtube,
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
  sections: {
    useData: useChannelData,
    Summary: ({ connection, data }) => (
      <ChannelSummary connection={connection} channel={data.channel} />
    ),
    Performance: ({ data, ...chart }) => <ChannelPerformance channel={data.channel} {...chart} />,
    Audience: ({ data }) => <ChannelAudience audience={data.channel.audience} />,
    performanceTitleId: 'performance-title',
    table: videosTable,
  },
};

/** /youtube: the channel's summary, trends, audience and videos, from its YouTube connection. */
export function YoutubePage() {
  return <PlatformPage config={youtubePage} />;
}
