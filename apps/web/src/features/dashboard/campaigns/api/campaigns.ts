import type { Campaign, CampaignInput } from '@crescendo/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { roiQueryKey } from './get-roi';

export async function createCampaign(input: CampaignInput): Promise<Campaign> {
  const response = await apiClient.post<{ campaign: Campaign }>('/dashboard/roi/campaigns', input);
  return response.data.campaign;
}

export async function updateCampaign({
  id,
  input,
}: {
  id: string;
  input: CampaignInput;
}): Promise<Campaign> {
  const response = await apiClient.put<{ campaign: Campaign }>(
    `/dashboard/roi/campaigns/${encodeURIComponent(id)}`,
    input,
  );
  return response.data.campaign;
}

export async function deleteCampaign(id: string): Promise<void> {
  await apiClient.delete(`/dashboard/roi/campaigns/${encodeURIComponent(id)}`);
}

/** Every campaign change re-measures the ledger and totals. */
function useInvalidateRoi() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: roiQueryKey });
}

export function useCreateCampaign() {
  const invalidate = useInvalidateRoi();
  return useMutation({ mutationFn: createCampaign, onSuccess: invalidate });
}

export function useUpdateCampaign() {
  const invalidate = useInvalidateRoi();
  return useMutation({ mutationFn: updateCampaign, onSuccess: invalidate });
}

export function useDeleteCampaign() {
  const invalidate = useInvalidateRoi();
  return useMutation({ mutationFn: deleteCampaign, onSuccess: invalidate });
}
