import type { ListWaitlistResponse } from '@crescendo/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

export type WaitlistFilter = {
  status: 'pending' | 'approved' | 'rejected';
  limit: number;
  offset: number;
};

export async function listWaitlist(filter: WaitlistFilter): Promise<ListWaitlistResponse> {
  const response = await apiClient.get<ListWaitlistResponse>('/v1/admin/waitlist', {
    params: filter,
  });
  return response.data;
}

export const waitlistListQueryOptions = (filter: WaitlistFilter) =>
  queryOptions({
    queryKey: ['waitlist', 'list', filter],
    queryFn: () => listWaitlist(filter),
    staleTime: 10_000,
    placeholderData: keepPreviousData,
  });

export function useWaitlistList(filter: WaitlistFilter) {
  return useQuery(waitlistListQueryOptions(filter));
}
