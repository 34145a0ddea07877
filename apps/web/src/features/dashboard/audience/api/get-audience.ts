import type { AudienceResponse } from '@crescendo/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { toDashboardQuery, type DashboardFilters } from '../../shared/utils/dashboard-filters';

/** Country, city, age, gender, device and traffic-source breakdowns per platform. */
export async function getAudience(
  query: ReturnType<typeof toDashboardQuery>,
): Promise<AudienceResponse> {
  const response = await apiClient.get<AudienceResponse>('/dashboard/audience', {
    params: query,
  });
  return response.data;
}

export const audienceQueryOptions = (filters: DashboardFilters) => {
  const query = toDashboardQuery(filters);
  return queryOptions({
    queryKey: ['dashboard', 'audience', query],
    queryFn: () => getAudience(query),
  });
};

export function useAudience(filters: DashboardFilters) {
  return useQuery({ ...audienceQueryOptions(filters), placeholderData: keepPreviousData });
}
