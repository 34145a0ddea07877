import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

export const dashboardRanges = ['7d', '28d', '90d', '365d', 'all'] as const;
export type DashboardRange = (typeof dashboardRanges)[number];
export const dashboardPlatforms = ['all', 'youtube', 'instagram', 'facebook'] as const;
export type DashboardPlatform = (typeof dashboardPlatforms)[number];

export const rangeLabels: Record<DashboardRange, string> = {
  '7d': 'Last 7 days',
  '28d': 'Last 28 days',
  '90d': 'Last 90 days',
  '365d': 'Last 12 months',
  all: 'All time',
};
export const platformLabels: Record<DashboardPlatform, string> = {
  all: 'All platforms',
  youtube: 'YouTube',
  instagram: 'Instagram',
  facebook: 'Facebook',
};

export type DashboardFilters = {
  range: DashboardRange;
  platform: DashboardPlatform;
  compare: boolean;
};

export const defaultDashboardFilters: DashboardFilters = {
  range: '28d',
  platform: 'all',
  compare: true,
};

function pick<T extends string>(value: string | null, allowed: readonly T[], fallback: T): T {
  return value !== null && (allowed as readonly string[]).includes(value) ? (value as T) : fallback;
}

/** Reads the filters from a query string; unknown values fall back to the defaults. */
export function parseDashboardFilters(params: URLSearchParams): DashboardFilters {
  return {
    range: pick(params.get('range'), dashboardRanges, defaultDashboardFilters.range),
    platform: pick(params.get('platform'), dashboardPlatforms, defaultDashboardFilters.platform),
    compare: params.get('compare') !== 'none',
  };
}

/** The API query for the filters (`range`, `platform`, `compare`), as the contracts define it. */
export function toDashboardQuery(filters: DashboardFilters) {
  return {
    range: filters.range,
    platform: filters.platform,
    compare: filters.compare ? ('previous' as const) : ('none' as const),
  };
}

/**
 * The dashboard's date range, platform and comparison live in the URL (`?range=90d&platform=youtube
 * &compare=none`), so a view can be bookmarked and shared. Defaults are left out of the URL.
 * Other search params (a content search, a page) are kept when a filter changes.
 */
export function useDashboardFilters() {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => parseDashboardFilters(params), [params]);
  const setFilters = useCallback(
    (patch: Partial<DashboardFilters>) => {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          const merged = { ...parseDashboardFilters(current), ...patch };
          const write = (key: string, value: string, fallback: string) => {
            if (value === fallback) next.delete(key);
            else next.set(key, value);
          };
          write('range', merged.range, defaultDashboardFilters.range);
          write('platform', merged.platform, defaultDashboardFilters.platform);
          write('compare', merged.compare ? 'previous' : 'none', 'previous');
          // A new filter shows a new set of rows: start again from the first page.
          next.delete('page');
          return next;
        },
        { replace: true },
      );
    },
    [setParams],
  );
  return { filters, setFilters };
}
