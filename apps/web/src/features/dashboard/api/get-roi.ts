import type { RoiResponse } from '@crescendo/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import type { DashboardPlatform } from '../utils/dashboard-filters';

/** Campaign results are measured over each campaign's own dates, so only the platform applies. */
export type RoiQuery = { platform: DashboardPlatform };

export async function getRoi(query: RoiQuery): Promise<RoiResponse> {
  const response = await apiClient.get<RoiResponse>('/dashboard/roi', { params: query });
  return response.data;
}

export const roiQueryKey = ['dashboard', 'roi'] as const;

export const roiQueryOptions = (query: RoiQuery) =>
  queryOptions({ queryKey: [...roiQueryKey, query], queryFn: () => getRoi(query) });

export function useRoi(query: RoiQuery) {
  return useQuery(roiQueryOptions(query));
}
