import type { CheckoutSessionUrlResponse } from '@crescendo/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { paths } from '@/config/paths';

/** The billing portal (change plan, cancel at period end, resume, update card); back to usage. */
export async function createPortalSession(): Promise<string> {
  const response = await apiClient.post<CheckoutSessionUrlResponse>(
    '/v1/stripe/create-portal-session',
    { returnUrl: `${window.location.origin}${paths.settingsUsage}` },
  );
  return response.data.url;
}

export function useOpenBillingPortal() {
  return useMutation({
    mutationFn: createPortalSession,
    onSuccess: (url) => window.location.assign(url),
  });
}
