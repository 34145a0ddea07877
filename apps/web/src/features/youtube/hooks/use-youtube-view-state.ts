import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { VideoKind, VideoListFilter, VideoSortKey } from '../api/list-channel-videos';

export const rangeOptions = [
  { value: 28, label: '28 days' },
  { value: 90, label: '90 days' },
  { value: 365, label: '1 year' },
] as const;
export type RangeDays = (typeof rangeOptions)[number]['value'];

export const chartMetrics = ['views', 'watchTime', 'subscribers'] as const;
export type ChartMetric = (typeof chartMetrics)[number];

export const VIDEOS_PAGE_SIZE = 10;
const sortKeys: VideoSortKey[] = [
  'publishedAt',
  'views',
  'likes',
  'comments',
  'watchMinutes',
  'title',
];
const kinds: VideoKind[] = ['video', 'short', 'live'];

const pick = <T extends string | number>(values: readonly T[], raw: string | null, fallback: T) =>
  values.find((value) => String(value) === raw) ?? fallback;

/**
 * Everything a visitor can change on /youtube lives in the URL, so any view is linkable:
 * `range`, `metric`, the table's `q`/`sort`/`order`/`page`/`kind`, and the open `video`.
 */
export function useYoutubeViewState() {
  const [searchParams, setSearchParams] = useSearchParams();

  const state = useMemo(() => {
    const sort = pick(sortKeys, searchParams.get('sort'), 'views');
    const order = pick(['asc', 'desc'] as const, searchParams.get('order'), sort === 'title' ? 'asc' : 'desc'); // prettier-ignore
    const search = searchParams.get('q')?.trim() ?? '';
    const kind = kinds.find((value) => value === searchParams.get('kind'));
    const page = Math.max(1, Math.floor(Number(searchParams.get('page'))) || 1);
    const filter: VideoListFilter = {
      page,
      pageSize: VIDEOS_PAGE_SIZE,
      sort,
      order,
      ...(search ? { search } : {}),
      ...(kind ? { kind } : {}),
    };
    return {
      rangeDays: pick(
        rangeOptions.map((option) => option.value),
        searchParams.get('range'),
        90,
      ),
      metric: pick(chartMetrics, searchParams.get('metric'), 'views'),
      filter,
      search,
      kind: kind ?? null,
      videoId: searchParams.get('video'),
    };
  }, [searchParams]);

  const update = useCallback(
    (changes: Record<string, string | number | null>) =>
      setSearchParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [key, value] of Object.entries(changes)) {
            if (value === null || value === '') next.delete(key);
            else next.set(key, String(value));
          }
          return next;
        },
        { replace: true, preventScrollReset: true },
      ),
    [setSearchParams],
  );

  const actions = useMemo(
    () => ({
      setRange: (days: RangeDays) => update({ range: days === 90 ? null : days }),
      setMetric: (metric: ChartMetric) => update({ metric: metric === 'views' ? null : metric }),
      setSearch: (search: string) => update({ q: search, page: null }),
      setKind: (kind: VideoKind | null) => update({ kind, page: null }),
      clearFilters: () => update({ q: null, kind: null, page: null }),
      setPage: (page: number) => update({ page: page <= 1 ? null : page }),
      /** A new column sorts from its natural end (A→Z, biggest first); the same column flips. */
      toggleSort: (key: VideoSortKey, current: VideoListFilter, requested?: 'asc' | 'desc') => {
        const order =
          requested ??
          (current.sort === key
            ? current.order === 'asc'
              ? 'desc'
              : 'asc'
            : key === 'title'
              ? 'asc'
              : 'desc');
        update({ sort: key, order, page: null });
      },
      openVideo: (id: string) => update({ video: id }),
      closeVideo: () => update({ video: null }),
    }),
    [update],
  );

  return { ...state, ...actions };
}
