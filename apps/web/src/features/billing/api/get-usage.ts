import type { UsageResponse } from '@crescendo/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

export async function getUsage(): Promise<UsageResponse> {
  const response = await apiClient.get<UsageResponse>('/dashboard/usage');
  return response.data;
}

export const usageQueryKey = ['billing', 'usage'] as const;

/** The plan, the billing period, each limit with its use, the payment method and invoices. */
export function useUsage() {
  return useQuery(queryOptions({ queryKey: usageQueryKey, queryFn: getUsage, staleTime: 0 }));
}
