import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { shiftDay } from './format';

/*
 * The URL state of a platform page (/youtube, /meta): its chart range and metric, its content
 * table's search, filter, sort and page, and the item open in the details dialog.
 */

export const rangeOptions = [
  { value: 28, label: '28 days' },
  { value: 90, label: '90 days' },
  { value: 365, label: '1 year' },
] as const;
export type RangeDays = (typeof rangeOptions)[number]['value'];
const DEFAULT_RANGE_DAYS: RangeDays = 90;

/** Days the API reads analytics for; without them it picks its default. */
export type DayRange = { from?: string; to?: string };

/** The last `days` complete days; before the first complete day is known, the API's default. */
export function toDayRange(dataCompleteThrough: string | null, days: number): DayRange {
  if (!dataCompleteThrough) return {};
  return { from: shiftDay(dataCompleteThrough, -(days - 1)), to: dataCompleteThrough };
}

export type SortOrder = 'asc' | 'desc';

/** One page of a platform's content list, as the API takes it. */
export type ContentListFilter<SortKey extends string, Kind extends string> = {
  page: number;
  pageSize: number;
  sort: SortKey;
  order: SortOrder;
  search?: string;
  kind?: Kind;
};

export type PlatformViewOptions<
  Metric extends string,
  SortKey extends string,
  Kind extends string,
> = {
  metrics: readonly Metric[];
  defaultMetric: Metric;
  sortKeys: readonly SortKey[];
  defaultSort: SortKey;
  kinds: readonly Kind[];
  pageSize: number;
  /** The URL parameter naming the item open in the details dialog (`?video=<id>`). */
  itemParam: string;
};

const pick = <T extends string | number>(values: readonly T[], raw: string | null, fallback: T) =>
  values.find((value) => String(value) === raw) ?? fallback;

/** Titles read A→Z; numbers and dates read biggest or newest first. */
const naturalOrder = (key: string): SortOrder => (key === 'title' ? 'asc' : 'desc');

/**
 * Everything a visitor can change on a platform page lives in the URL, so any view is linkable:
 * `range`, `metric`, the table's `q`/`sort`/`order`/`page`/`kind`, and the open item. Defaults
 * are left out of the URL. `options` is read as a constant: define it once, outside components.
 */
export function usePlatformViewState<
  Metric extends string,
  SortKey extends string,
  Kind extends string,
>(options: PlatformViewOptions<Metric, SortKey, Kind>) {
  const [searchParams, setSearchParams] = useSearchParams();

  const state = useMemo(() => {
    const sort = pick(options.sortKeys, searchParams.get('sort'), options.defaultSort);
    const order = pick(['asc', 'desc'] as const, searchParams.get('order'), naturalOrder(sort));
    const search = searchParams.get('q')?.trim() ?? '';
    const kind = options.kinds.find((value) => value === searchParams.get('kind'));
    const page = Math.max(1, Math.floor(Number(searchParams.get('page'))) || 1);
    const filter: ContentListFilter<SortKey, Kind> = {
      page,
      pageSize: options.pageSize,
      sort,
      order,
      ...(search ? { search } : {}),
      ...(kind ? { kind } : {}),
    };
    return {
      rangeDays: pick(
        rangeOptions.map((option) => option.value),
        searchParams.get('range'),
        DEFAULT_RANGE_DAYS,
      ),
      metric: pick(options.metrics, searchParams.get('metric'), options.defaultMetric),
      filter,
      search,
      kind: kind ?? null,
      itemId: searchParams.get(options.itemParam),
    };
  }, [searchParams, options]);

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
      setRange: (days: RangeDays) => update({ range: days === DEFAULT_RANGE_DAYS ? null : days }),
      setMetric: (metric: Metric) =>
        update({ metric: metric === options.defaultMetric ? null : metric }),
      setSearch: (search: string) => update({ q: search, page: null }),
      setKind: (kind: Kind | null) => update({ kind, page: null }),
      clearFilters: () => update({ q: null, kind: null, page: null }),
      setPage: (page: number) => update({ page: page <= 1 ? null : page }),
      /** A new column sorts from its natural end (A→Z, biggest first); the same column flips. */
      toggleSort: (
        key: SortKey,
        current: ContentListFilter<SortKey, Kind>,
        requested?: SortOrder,
      ) => {
        const flipped = current.order === 'asc' ? 'desc' : 'asc';
        const order = requested ?? (current.sort === key ? flipped : naturalOrder(key));
        update({ sort: key, order, page: null });
      },
      openItem: (id: string) => update({ [options.itemParam]: id }),
      closeItem: () => update({ [options.itemParam]: null }),
    }),
    [update, options],
  );

  return { ...state, ...actions };
}
