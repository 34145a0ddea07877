import type { DeleteOrganizationResponse } from '@crescendo/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

/** `DELETE /api/v1/team`: the active artist and all its data (owners). */
export function useDeleteOrganization() {
  return useMutation({
    mutationFn: async (confirmation: string) =>
      (await apiClient.delete<DeleteOrganizationResponse>('/v1/team', { data: { confirmation } }))
        .data,
  });
}
