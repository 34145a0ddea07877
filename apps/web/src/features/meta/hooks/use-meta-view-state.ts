import { usePlatformViewState, type PlatformViewOptions } from '@/lib/use-platform-view-state';

export const chartMetrics = ['reach', 'views', 'follows'] as const;
export type ChartMetric = (typeof chartMetrics)[number];
export type MediaSortKey = 'publishedAt' | 'views' | 'likes' | 'comments' | 'title';
export type MediaKind = 'post' | 'reel' | 'story';

const viewOptions: PlatformViewOptions<ChartMetric, MediaSortKey, MediaKind> = {
  metrics: chartMetrics,
  defaultMetric: 'reach',
  sortKeys: ['publishedAt', 'views', 'likes', 'comments', 'title'],
  defaultSort: 'publishedAt',
  kinds: ['post', 'reel', 'story'],
  pageSize: 10,
  itemParam: 'media',
};

/** /meta's view in the URL; the open post is `?media=<id>`. */
export function useMetaViewState() {
  return usePlatformViewState(viewOptions);
}
