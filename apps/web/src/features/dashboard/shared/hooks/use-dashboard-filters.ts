import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import {
  defaultDashboardFilters,
  parseDashboardFilters,
  type DashboardFilters,
} from '../utils/dashboard-filters';

/**
 * The dashboard's date range, platform and comparison live in the URL (`?range=90d&platform=youtube
 * &compare=none`, or `?from=2026-10-01&to=2026-10-31` for a custom period), so a view can be bookmarked and shared. Defaults are left out of the URL.
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
          // Choosing a preset leaves a custom window; a custom window replaces the preset.
          if (patch.range !== undefined) merged.window = null;
          if (merged.window) {
            next.set('from', merged.window.from);
            next.set('to', merged.window.to);
            next.delete('range');
          } else {
            next.delete('from');
            next.delete('to');
            write('range', merged.range, defaultDashboardFilters.range);
          }
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
