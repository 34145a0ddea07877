import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import {
  defaultPeriod,
  parseCustomWindow,
  parsePeriod,
  PERIOD_PARAM,
  type Period,
} from './analytics/period';

/*
 * The URL state of a platform page (/youtube, /meta): its period (the analytics pages' shared
 * `?range=`) and chart metric, its content table's search, filter, sort and page, and the item
 * open in the details dialog.
 */

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

/** What a content table reads and changes of the view, whatever the platform's keys. */
export type ContentTableView = {
  filter: ContentListFilter<string, string>;
  search: string;
  kind: string | null;
  itemId: string | null;
  setSearch: (search: string) => void;
  /** Unknown kinds clear the filter. */
  setKind: (kind: string | null) => void;
  clearFilters: () => void;
  setPage: (page: number) => void;
  /** A new column sorts from its natural end (A→Z, biggest first); the same column flips. */
  toggleSort: (key: string, requested?: SortOrder) => void;
  openItem: (id: string) => void;
  closeItem: () => void;
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
      period: parsePeriod(searchParams.get(PERIOD_PARAM)),
      // Explicit days (`?from=&to=`, a shared link) win over the preset until one is picked.
      window: parseCustomWindow(searchParams),
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

  const { filter } = state;
  const actions = useMemo(
    () => ({
      setPeriod: (period: Period) =>
        update({
          [PERIOD_PARAM]: period === defaultPeriod ? null : period,
          from: null,
          to: null,
          page: null,
        }),
      setMetric: (metric: Metric) =>
        update({ metric: metric === options.defaultMetric ? null : metric }),
      setSearch: (search: string) => update({ q: search, page: null }),
      setKind: (kind: string | null) =>
        update({ kind: options.kinds.find((value) => value === kind) ?? null, page: null }),
      clearFilters: () => update({ q: null, kind: null, page: null }),
      setPage: (page: number) => update({ page: page <= 1 ? null : page }),
      toggleSort: (key: string, requested?: SortOrder) => {
        const sortKey = options.sortKeys.find((value) => value === key);
        if (!sortKey) return;
        const flipped = filter.order === 'asc' ? 'desc' : 'asc';
        const order = requested ?? (filter.sort === sortKey ? flipped : naturalOrder(sortKey));
        update({ sort: sortKey, order, page: null });
      },
      openItem: (id: string) => update({ [options.itemParam]: id }),
      closeItem: () => update({ [options.itemParam]: null }),
    }),
    [update, options, filter],
  );

  return { ...state, ...actions };
}
