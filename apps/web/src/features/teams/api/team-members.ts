import type { MemberResponse, OrganizationRole, TeamMembersResponse } from '@crescendo/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

export const teamMembersQueryKey = ['team', 'members'] as const;

export function useTeamMembers() {
  return useQuery({
    queryKey: teamMembersQueryKey,
    queryFn: async () => (await apiClient.get<TeamMembersResponse>('/v1/team/members')).data,
  });
}

export function useChangeMemberRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { memberId: string; role: OrganizationRole }) =>
      (
        await apiClient.patch<MemberResponse>(
          `/v1/team/members/${encodeURIComponent(input.memberId)}`,
          { role: input.role },
        )
      ).data.member,
    onSettled: () => queryClient.invalidateQueries({ queryKey: teamMembersQueryKey }),
  });
}

export function useRemoveMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (memberId: string) => {
      await apiClient.delete(`/v1/team/members/${encodeURIComponent(memberId)}`);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: teamMembersQueryKey }),
  });
}
