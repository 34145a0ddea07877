/* The dashboard's filters and their API query: plain functions, usable before React loads. */
import {
  defaultPeriod,
  parseCustomWindow,
  periodLabels,
  periods,
  type CustomWindow,
  type Period,
} from '@/lib/analytics/period';

// The period is the analytics pages' one period (`@/lib/analytics/period`).
export const dashboardRanges = periods;
export type DashboardRange = Period;
export const dashboardPlatforms = ['all', 'youtube', 'instagram', 'facebook', 'tiktok'] as const;
export type DashboardPlatform = (typeof dashboardPlatforms)[number];

export const rangeLabels = periodLabels;

export type DashboardFilters = {
  range: DashboardRange;
  /** Explicit days (`?from=&to=`, as an assistant source links to): they win over the preset. */
  window: CustomWindow | null;
  platform: DashboardPlatform;
  compare: boolean;
};

export const defaultDashboardFilters: DashboardFilters = {
  range: defaultPeriod,
  window: null,
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
    window: parseCustomWindow(params),
    platform: pick(params.get('platform'), dashboardPlatforms, defaultDashboardFilters.platform),
    compare: params.get('compare') !== 'none',
  };
}

/** The period part of an API query: the custom days when there are some, else the preset. */
export function toPeriodQuery(
  filters: Pick<DashboardFilters, 'range' | 'window'>,
): { from: string; to: string } | { range: DashboardRange } {
  return filters.window
    ? { from: filters.window.from, to: filters.window.to }
    : { range: filters.range };
}

/**
 * The API query for the filters (`range` or `from`/`to`, `platform`, `compare`), as the contracts
 * define it.
 */
export function toDashboardQuery(filters: DashboardFilters) {
  return {
    ...toPeriodQuery(filters),
    platform: filters.platform,
    compare: filters.compare ? ('previous' as const) : ('none' as const),
  };
}
