import type { CheckoutOutcomeResponse } from '@crescendo/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { getErrorStatus } from '@/lib/api-error';

export async function getCheckoutOutcome(sessionId: string): Promise<CheckoutOutcomeResponse> {
  const response = await apiClient.get<CheckoutOutcomeResponse>(
    `/v1/stripe/checkout-sessions/${encodeURIComponent(sessionId)}`,
  );
  return response.data;
}

/** What really happened to a checkout session, as the payment provider tells the API. */
export const checkoutOutcomeQueryOptions = (sessionId: string) =>
  queryOptions({
    queryKey: ['billing', 'checkout-session', sessionId],
    queryFn: () => getCheckoutOutcome(sessionId),
    staleTime: 0,
    retry: (failureCount, error) => {
      const status = getErrorStatus(error);
      if (status !== undefined && status >= 400 && status < 500) return false;
      return failureCount < 3;
    },
  });

export function useCheckoutOutcome(sessionId: string | null) {
  return useQuery({ ...checkoutOutcomeQueryOptions(sessionId ?? ''), enabled: Boolean(sessionId) });
}
