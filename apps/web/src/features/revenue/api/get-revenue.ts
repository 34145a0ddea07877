import type { RevenueGroupBy, RevenueResponse } from '@crescendo/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import type { CustomWindow, Period } from '@/lib/analytics/period';

export type RevenueQuery = { range: Period; window: CustomWindow | null; groupBy: RevenueGroupBy };

/** `range`, or `from`/`to` when the URL has explicit days (never both), and the grouping. */
export function toRevenueParams({ range, window, groupBy }: RevenueQuery) {
  return window ? { from: window.from, to: window.to, groupBy } : { range, groupBy };
}

export async function getRevenue(query: RevenueQuery): Promise<RevenueResponse> {
  const response = await apiClient.get<RevenueResponse>('/dashboard/revenue', {
    params: toRevenueParams(query),
  });
  return response.data;
}

export const revenueQueryOptions = (query: RevenueQuery) =>
  queryOptions({
    queryKey: ['revenue', toRevenueParams(query)],
    queryFn: () => getRevenue(query),
    // Another grouping or period replaces the figures in place instead of flashing a skeleton.
    placeholderData: keepPreviousData,
  });

export function useRevenue(query: RevenueQuery) {
  return useQuery(revenueQueryOptions(query));
}
