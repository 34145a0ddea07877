import type { DashboardAnalyticsResponse } from '@crescendo/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { toDashboardQuery, type DashboardFilters } from '../../shared/utils/dashboard-filters';
import { apiPaths } from '@/config/api-paths';

type DashboardQuery = ReturnType<typeof toDashboardQuery>;

/**
 * KPIs, time series (and the previous period's, when comparing), freshness, milestones and
 * insights for the filters in the URL.
 */
export async function getDashboardAnalytics(
  query: DashboardQuery,
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
