import type { AcceptInvitationResponse, InvitationPreviewResponse } from '@crescendo/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

/** What an invitation link offers; needs no sign-in. */
export function useInvitationPreview(token: string) {
  return useQuery({
    queryKey: ['invitation', token],
    queryFn: async () =>
      (
        await apiClient.get<InvitationPreviewResponse>(
          `/v1/invitations/${encodeURIComponent(token)}`,
        )
      ).data,
    retry: false,
  });
}

export async function acceptInvitation(token: string): Promise<AcceptInvitationResponse> {
  return (
    await apiClient.post<AcceptInvitationResponse>(
      `/v1/invitations/${encodeURIComponent(token)}/accept`,
      {},
    )
  ).data;
}
