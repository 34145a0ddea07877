import type { AuthUrlResponse, ConnectionProvider } from '@crescendo/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { redirectToUrl } from '../utils/redirect';

export type ConnectReturnPath = '/onboarding/connections' | '/settings/connections';

/** The provider's consent URL; the API returns the user to `returnTo` afterwards. */
export async function getAuthUrl(input: {
  provider: ConnectionProvider;
  returnTo: ConnectReturnPath;
}): Promise<string> {
  const response = await apiClient.get<AuthUrlResponse>(`/v1/${input.provider}/oauth/auth-url`, {
    params: { returnTo: input.returnTo },
  });
  return response.data.url;
}

/** Asks for the consent URL, then leaves the app for it. */
export function useStartConnect() {
  return useMutation({
    mutationFn: getAuthUrl,
    onSuccess: (url) => redirectToUrl(url),
  });
}
