import type { DashboardAnalyticsResponse } from '@crescendo/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { toDashboardQuery, type DashboardFilters } from '../../shared/utils/dashboard-filters';
import { apiPaths } from '@/config/api-paths';

type DashboardQuery = ReturnType<typeof toDashboardQuery>;
type PeriodQuery = {
  from: string;
  to: string;
  platform: DashboardQuery['platform'];
  compare: 'none';
};

/** KPIs, time series, freshness, milestones and insights for the filters in the URL. */
export async function getDashboardAnalytics(
  query: DashboardQuery | PeriodQuery,
): Promise<DashboardAnalyticsResponse> {
  const response = await apiClient.get<DashboardAnalyticsResponse>(apiPaths.dashboardAnalytics, {
    params: query,
  });
  return response.data;
}

export const dashboardAnalyticsQueryOptions = (filters: DashboardFilters) => {
  const query = toDashboardQuery(filters);
  return queryOptions({
    queryKey: ['dashboard', 'analytics', query],
    queryFn: () => getDashboardAnalytics(query),
  });
};

/** Keeps the last figures on screen while a new filter loads, so the page does not flash. */
export function useDashboardAnalytics(filters: DashboardFilters) {
  return useQuery({
    ...dashboardAnalyticsQueryOptions(filters),
    placeholderData: keepPreviousData,
  });
}

/**
 * The series of the previous equal period, for the chart's comparison line. The main response
 * carries only the previous period's totals, so its days are read as an explicit date range.
 */
export function usePreviousPeriodSeries(
  platform: DashboardQuery['platform'],
  previous: { from: string; to: string } | null | undefined,
) {
  const query: PeriodQuery | null = previous
    ? { from: previous.from, to: previous.to, platform, compare: 'none' }
    : null;
  return useQuery({
    queryKey: ['dashboard', 'previous-period-series', query],
    queryFn: async () => (query ? (await getDashboardAnalytics(query)).series : []),
    enabled: query !== null,
  });
}
