import { usePlatformViewState, type PlatformViewOptions } from '@/lib/use-platform-view-state';
import type { VideoKind, VideoSortKey } from '../api/list-channel-videos';

export const chartMetrics = ['views', 'watchTime', 'subscribers'] as const;
export type ChartMetric = (typeof chartMetrics)[number];

const viewOptions: PlatformViewOptions<ChartMetric, VideoSortKey, VideoKind> = {
  metrics: chartMetrics,
  defaultMetric: 'views',
  sortKeys: ['publishedAt', 'views', 'likes', 'comments', 'watchMinutes', 'title'],
  defaultSort: 'views',
  kinds: ['video', 'short', 'live'],
  pageSize: 10,
  itemParam: 'video',
};

/** /youtube's view in the URL; the open video is `?video=<id>`. */
export function useYoutubeViewState() {
  return usePlatformViewState(viewOptions);
}
