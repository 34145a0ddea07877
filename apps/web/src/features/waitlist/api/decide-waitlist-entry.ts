import type { WaitlistEntry } from '@crescendo/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

export type WaitlistDecision = 'approve' | 'reject';

export async function decideWaitlistEntry(input: {
  id: string;
  decision: WaitlistDecision;
}): Promise<WaitlistEntry> {
  const response = await apiClient.post<{ entry: WaitlistEntry }>(
    `/v1/admin/waitlist/${encodeURIComponent(input.id)}/${input.decision}`,
  );
  return response.data.entry;
}

export function useDecideWaitlistEntry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decideWaitlistEntry,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['waitlist'] }),
  });
}
