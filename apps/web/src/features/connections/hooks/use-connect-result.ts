import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { showToast } from '@/lib/toast';
import { connectionsQueryKey } from '@/lib/analytics/connections-query';
import { isConnectionProvider, providerNames } from '../utils/connection-status';

/**
 * The API sends the artist back from the provider with `?connected=<provider>` or
 * `?error=<message>` (docs/decisions/0004). Report it once, then drop the parameter from the URL
 * so a reload or a shared link does not repeat it.
 */
export function useConnectResult() {
  const [searchParams, setSearchParams] = useSearchParams();
  const queryClient = useQueryClient();
  const [errorMessage, setErrorMessage] = useState<string | null>(null);
  const connected = searchParams.get('connected');
  const error = searchParams.get('error');

  useEffect(() => {
    if (connected === null && error === null) return;
    if (error) {
      setErrorMessage(error);
    } else if (isConnectionProvider(connected)) {
      setErrorMessage(null);
      showToast({
        id: `connected-${connected}`,
        title: `${providerNames[connected]} connected`,
        description:
          'We’re pulling in your stats now. The first sync usually takes a minute or two.',
        type: 'celebration',
      });
      void queryClient.invalidateQueries({ queryKey: connectionsQueryKey });
    }
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('connected');
        next.delete('error');
        return next;
      },
      { replace: true },
    );
  }, [connected, error, queryClient, setSearchParams]);

  return { errorMessage, dismissError: () => setErrorMessage(null) };
}
