import { apiClient } from '@/lib/api-client';
import { apiPaths } from '@/config/api-paths';
import { toDashboardQuery, type DashboardFilters } from '../../shared/utils/dashboard-filters';

/**
 * The overview's series as CSV (`format=csv`, formula-neutralised by the API), for the filters on
 * screen; fetched through the API client so the bearer token is sent.
 */
export async function exportOverviewCsv(filters: DashboardFilters): Promise<Blob> {
  const response = await apiClient.get<Blob>(apiPaths.dashboardAnalytics, {
    params: { ...toDashboardQuery(filters), format: 'csv' },
    headers: { Accept: 'text/csv' },
    responseType: 'blob',
  });
  return response.data;
}

/** e.g. `crescendo-dashboard-2026-10-25-to-2026-11-21.csv`: the days the file holds. */
export function toOverviewCsvFileName(range: { from: string; to: string }): string {
  return `crescendo-dashboard-${range.from}-to-${range.to}.csv`;
}
