import type { Connection } from '@crescendo/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { connectionsQueryKey, isAnalyticsQuery } from '@/lib/analytics/connections-query';

/** Revokes access at the provider (best effort), then deletes the tokens and all synced data. */
export async function disconnectConnection(id: string): Promise<{ isRevokedAtProvider: boolean }> {
  const response = await apiClient.delete<{ isRevokedAtProvider: boolean }>(
    `/v1/auth/oauth-connections/${encodeURIComponent(id)}`,
  );
  return response.data;
}

export function useDisconnectConnection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disconnectConnection,
    onSuccess: async (_result, id) => {
      queryClient.setQueryData<Connection[]>(connectionsQueryKey, (current) =>
        current?.filter((item) => item.id !== id),
      );
      // Every screen that showed this account's numbers must read again.
      await queryClient.invalidateQueries({ predicate: isAnalyticsQuery });
    },
  });
}
