import { usePlatformViewState, type PlatformViewOptions } from '@/lib/use-platform-view-state';

export const chartMetrics = ['views', 'watchTime', 'subscribers'] as const;
export type ChartMetric = (typeof chartMetrics)[number];
export type VideoSortKey =
  'publishedAt' | 'views' | 'likes' | 'comments' | 'watchMinutes' | 'title';
export type VideoKind = 'video' | 'short' | 'live';

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
