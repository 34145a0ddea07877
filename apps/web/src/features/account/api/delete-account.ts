import type { DeleteAccountResponse } from '@crescendo/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

export function useDeleteAccount() {
  return useMutation({
    mutationFn: async (confirmation: string) =>
      (await apiClient.delete<DeleteAccountResponse>('/v1/account', { data: { confirmation } }))
        .data,
  });
}
