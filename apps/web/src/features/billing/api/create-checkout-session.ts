import type { CheckoutSessionUrlResponse } from '@crescendo/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { paths } from '@/config/paths';

/**
 * Starts a hosted checkout for a price and answers its URL. The return pages are on this app's
 * own origin (the API refuses any other); one idempotency key per attempt makes a retried
 * request return the same session.
 */
export async function createCheckoutSession(input: {
  priceId: string;
  idempotencyKey: string;
}): Promise<string> {
  const origin = window.location.origin;
  const response = await apiClient.post<CheckoutSessionUrlResponse>(
    '/v1/stripe/create-checkout-session',
    {
      priceId: input.priceId,
      successUrl: `${origin}${paths.stripeSuccess}`,
      cancelUrl: `${origin}${paths.paymentCancel}`,
    },
    { headers: { 'Idempotency-Key': input.idempotencyKey } },
  );
  return response.data.url;
}

export function useCreateCheckoutSession() {
  return useMutation({
    mutationFn: createCheckoutSession,
    onSuccess: (url) => window.location.assign(url),
  });
}
