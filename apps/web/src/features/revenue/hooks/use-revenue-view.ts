import { revenueGroupings, type RevenueGroupBy } from '@crescendo/contracts';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import {
  parseCustomWindow,
  periods,
  PERIOD_PARAM,
  type CustomWindow,
  type Period,
} from '@/lib/analytics/period';

export type RevenueView = {
  range: Period;
  /** Explicit days (`?from=&to=`): they win over the preset, as on every analytics page. */
  window: CustomWindow | null;
  groupBy: RevenueGroupBy;
};

/*
 * Statements are monthly and arrive about three months late, so a 28-day window (the other pages'
 * default) would show almost nothing: the revenue page opens on the last twelve months.
 */
export const defaultRevenueView: RevenueView = { range: '365d', window: null, groupBy: 'store' };

function pick<T extends string>(value: string | null, allowed: readonly T[], fallback: T): T {
  return value !== null && (allowed as readonly string[]).includes(value) ? (value as T) : fallback;
}

export function parseRevenueView(params: URLSearchParams): RevenueView {
  return {
    range: pick(params.get(PERIOD_PARAM), periods, defaultRevenueView.range),
    window: parseCustomWindow(params),
    groupBy: pick(params.get('groupBy'), revenueGroupings, defaultRevenueView.groupBy),
  };
}

/** The period and grouping live in the URL (`?range=90d&groupBy=country`); defaults are left out. */
export function useRevenueView() {
  const [params, setParams] = useSearchParams();
  const view = useMemo(() => parseRevenueView(params), [params]);
  const setView = useCallback(
    (patch: Partial<Pick<RevenueView, 'range' | 'groupBy'>>) => {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (patch.range !== undefined) {
            // Choosing a preset leaves a custom window.
            next.delete('from');
            next.delete('to');
            if (patch.range === defaultRevenueView.range) next.delete(PERIOD_PARAM);
            else next.set(PERIOD_PARAM, patch.range);
          }
          if (patch.groupBy !== undefined) {
            if (patch.groupBy === defaultRevenueView.groupBy) next.delete('groupBy');
            else next.set('groupBy', patch.groupBy);
          }
          return next;
        },
        { replace: true },
      );
    },
    [setParams],
  );
  return { view, setView };
}
