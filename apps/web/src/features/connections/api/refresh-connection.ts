import type { Connection } from '@crescendo/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { connectionsQueryKey } from '@/lib/analytics/connections-query';

type RefreshResponse = { connection: Connection; isNewSync: boolean };

/** Queues a sync now (202); `isNewSync` is false when one was already queued or running. */
export async function refreshConnection(id: string): Promise<RefreshResponse> {
  const response = await apiClient.post<RefreshResponse>(
    `/v1/auth/oauth-connections/${encodeURIComponent(id)}/refresh`,
  );
  return response.data;
}

export function useRefreshConnection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: refreshConnection,
    // The updated row carries the queued step, which switches the list's polling on.
    onSuccess: ({ connection }) =>
      queryClient.setQueryData<Connection[]>(connectionsQueryKey, (current) =>
        current?.map((item) => (item.id === connection.id ? connection : item)),
      ),
  });
}
