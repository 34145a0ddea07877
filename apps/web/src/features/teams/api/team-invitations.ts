import type {
  CreateInvitationRequest,
  CreateInvitationResponse,
  TeamInvitationsResponse,
} from '@crescendo/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

export const teamInvitationsQueryKey = ['team', 'invitations'] as const;

/** Owners only: the active artist's invitations with the link of each pending one. */
export function useTeamInvitations(options: { enabled: boolean }) {
  return useQuery({
    queryKey: teamInvitationsQueryKey,
    queryFn: async () =>
      (await apiClient.get<TeamInvitationsResponse>('/v1/team/invitations')).data.invitations,
    enabled: options.enabled,
  });
}

export function useCreateInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: CreateInvitationRequest) =>
      (await apiClient.post<CreateInvitationResponse>('/v1/team/invitations', input)).data,
    onSettled: () => queryClient.invalidateQueries({ queryKey: teamInvitationsQueryKey }),
  });
}

export function useRevokeInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (invitationId: string) => {
      await apiClient.delete(`/v1/team/invitations/${encodeURIComponent(invitationId)}`);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: teamInvitationsQueryKey }),
  });
}
