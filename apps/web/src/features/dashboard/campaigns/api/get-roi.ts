import type { RoiResponse } from '@crescendo/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import type { DashboardFilters } from '../../shared/utils/dashboard-filters';

/**
 * The period picks the campaigns shown (those that ran in it, and any still running or planned);
 * each is measured over its own dates whatever the period.
 */
export type RoiQuery = Pick<DashboardFilters, 'range' | 'platform'>;

export async function getRoi(query: RoiQuery): Promise<RoiResponse> {
  const response = await apiClient.get<RoiResponse>('/dashboard/roi', {
    params: { range: query.range, platform: query.platform },
  });
  return response.data;
}

export const roiQueryKey = ['dashboard', 'roi'] as const;

export const roiQueryOptions = (query: RoiQuery) =>
  queryOptions({
    queryKey: [...roiQueryKey, { range: query.range, platform: query.platform }],
    queryFn: () => getRoi(query),
  });

export function useRoi(query: RoiQuery) {
  return useQuery({ ...roiQueryOptions(query), placeholderData: keepPreviousData });
}
