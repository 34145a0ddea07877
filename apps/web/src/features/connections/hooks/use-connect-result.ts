import { describeConnectError } from '@crescendo/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { showToast } from '@/lib/toast';
import { connectionsQueryKey } from '@/lib/analytics/connections-query';
import { providerNames } from '@/lib/platforms';
import { isConnectionProvider } from '../utils/connection-status';

/**
 * The API sends the artist back from the provider with `?connected=<provider>` or
 * `?error=<code>&provider=<provider>` (docs/decisions/0004). The code becomes a fixed sentence
 * (an unknown one a generic sentence: a link's own text is never shown). Report it once, then drop
 * the parameters from the URL so a reload or a shared link does not repeat it.
 */
export function useConnectResult() {
  const [searchParams, setSearchParams] = useSearchParams();
  const queryClient = useQueryClient();
  const [errorMessage, setErrorMessage] = useState<string | null>(null);
  const connected = searchParams.get('connected');
  const error = searchParams.get('error');
  const provider = searchParams.get('provider');

  useEffect(() => {
    if (connected === null && error === null) return;
    if (error) {
      setErrorMessage(describeConnectError(error, provider));
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
        next.delete('provider');
        return next;
      },
      { replace: true },
    );
  }, [connected, error, provider, queryClient, setSearchParams]);

  return { errorMessage, dismissError: () => setErrorMessage(null) };
}
