import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { contentTypes, type ContentFilter, type ContentSortKey } from '../api/get-content';
import { useDashboardFilters } from '../../shared/hooks/use-dashboard-filters';

const sortKeys: readonly ContentSortKey[] = [
  'publishedAt',
  'title',
  'views',
  'watchMinutes',
  'likes',
  'comments',
  'shares',
  'saves',
  'engagementRate',
  'followersGained',
  'lifetimeViews',
];
const defaultView = { type: 'all', search: '', sort: 'views', order: 'desc', page: 1 } as const;

type ContentView = ContentFilter & { page: number };
type ViewPatch = Partial<Pick<ContentView, 'type' | 'search' | 'sort' | 'order' | 'page'>>;

function pick<T extends string>(value: string | null, allowed: readonly T[], fallback: T): T {
  return value !== null && (allowed as readonly string[]).includes(value) ? (value as T) : fallback;
}

/**
 * Type, search, sort, order and page live in the URL next to the shared range and platform, so a
 * view of the table can be bookmarked and shared. Defaults are left out of the URL.
 */
export function useContentView() {
  const { filters } = useDashboardFilters();
  const [params, setParams] = useSearchParams();
  const view = useMemo<ContentView>(() => {
    const page = Number.parseInt(params.get('page') ?? '', 10);
    return {
      range: filters.range,
      window: filters.window,
      platform: filters.platform,
      type: pick(params.get('type'), contentTypes, defaultView.type),
      search: (params.get('search') ?? '').trim().slice(0, 200),
      sort: pick(params.get('sort'), sortKeys, defaultView.sort),
      order: pick(params.get('order'), ['asc', 'desc'] as const, defaultView.order),
      page: Number.isFinite(page) && page > 0 ? page : defaultView.page,
    };
  }, [params, filters.range, filters.window, filters.platform]);

  const setView = useCallback(
    (patch: ViewPatch) => {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          const write = (key: keyof ViewPatch) => {
            const value = patch[key];
            if (value === undefined) return;
            if (value === defaultView[key]) next.delete(key);
            else next.set(key, String(value));
          };
          (['type', 'search', 'sort', 'order', 'page'] as const).forEach(write);
          // A new search, type or sort is a new list: start again from its first page.
          if (patch.page === undefined) next.delete('page');
          return next;
        },
        { replace: true },
      );
    },
    [setParams],
  );
  return { view, setView };
}
