import type { Connection, ConnectionsResponse } from '@crescendo/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

/** How often the page re-reads the connection while a sync runs (progress, then fresh data). */
export const SYNC_POLL_INTERVAL_MS = 3_000;

export async function listConnections(): Promise<Connection[]> {
  const response = await apiClient.get<ConnectionsResponse>('/v1/auth/oauth-connections');
  return response.data.connections;
}

const findYoutubeConnection = (connections: Connection[]) =>
  connections.find((connection) => connection.provider === 'youtube') ?? null;

export const youtubeConnectionQueryOptions = () =>
  queryOptions({
    queryKey: ['youtube', 'connection'],
    queryFn: async () => findYoutubeConnection(await listConnections()),
    staleTime: 30_000,
    refetchInterval: (query) =>
      query.state.data?.status === 'syncing' ? SYNC_POLL_INTERVAL_MS : false,
  });

/** The organisation's YouTube connection, or null when none is connected. */
export function useYoutubeConnection() {
  return useQuery(youtubeConnectionQueryOptions());
}
