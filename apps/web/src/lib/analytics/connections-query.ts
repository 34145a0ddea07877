import type { Connection, ConnectionProvider, ConnectionsResponse } from '@crescendo/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { apiClient } from '../api-client';
import { getErrorStatus } from '../api-error';
import { getPollInterval } from './sync-progress';

/*
 * The organisation's connections: one request and one cache entry, read by the connections page
 * (the whole list) and by /youtube and /meta (their provider's connection).
 */

export const connectionsQueryKey = ['connections', 'list'] as const;

/** Anything but identity and this list: the analytics screens' cached numbers. */
export function isAnalyticsQuery(query: { queryKey: readonly unknown[] }): boolean {
  const [root] = query.queryKey;
  return root !== 'auth' && root !== connectionsQueryKey[0];
}

export async function listConnections(): Promise<Connection[]> {
  const response = await apiClient.get<ConnectionsResponse>('/v1/auth/oauth-connections');
  return response.data.connections;
}

/** Re-reads itself every ~1.5 s while any sync is queued or running, and stops after. */
export const connectionsQueryOptions = () =>
  queryOptions({
    queryKey: connectionsQueryKey,
    queryFn: listConnections,
    staleTime: 10_000,
    // A 4xx (no plan, signed out) will not change by asking again.
    retry: (failureCount, error) => {
      const status = getErrorStatus(error);
      if (status !== undefined && status >= 400 && status < 500) return false;
      return failureCount < 3;
    },
    refetchInterval: (query) => getPollInterval(query.state.data),
  });

export function useConnections({ isEnabled = true }: { isEnabled?: boolean } = {}) {
  return useQuery({ ...connectionsQueryOptions(), enabled: isEnabled });
}

/** The organisation's connection to `provider`, or null when none is connected. */
export function useProviderConnection(provider: ConnectionProvider) {
  const select = useCallback(
    (connections: Connection[]) =>
      connections.find((connection) => connection.provider === provider) ?? null,
    [provider],
  );
  return useQuery({ ...connectionsQueryOptions(), select });
}
