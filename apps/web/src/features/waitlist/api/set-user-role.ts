import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

export async function setUserRole(input: {
  userId: string;
  role: 'customer' | 'lead' | 'admin';
}): Promise<unknown> {
  const response = await apiClient.put(`/v1/admin/users/${encodeURIComponent(input.userId)}/role`, {
    role: input.role,
  });
  return response.data;
}

export function useSetUserRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setUserRole,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['waitlist'] }),
  });
}
