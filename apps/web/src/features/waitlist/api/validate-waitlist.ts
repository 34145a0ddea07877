import type { ValidateWaitlistResponse } from '@crescendo/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

export async function validateWaitlist(email: string): Promise<ValidateWaitlistResponse> {
  const response = await apiClient.post<ValidateWaitlistResponse>('/v1/auth/validate-waitlist', {
    email,
  });
  return response.data;
}

export const waitlistStatusQueryOptions = (email: string) =>
  queryOptions({
    queryKey: ['waitlist', 'status', email],
    queryFn: () => validateWaitlist(email),
    staleTime: 30_000,
  });

/** How often a pending place is checked again, so approval shows without a reload. */
export const pendingRecheckMs = 15_000;

export function useWaitlistStatus(email: string | undefined) {
  return useQuery({
    ...waitlistStatusQueryOptions(email ?? ''),
    enabled: Boolean(email),
    refetchInterval: (query) => (query.state.data?.status === 'pending' ? pendingRecheckMs : false),
  });
}
