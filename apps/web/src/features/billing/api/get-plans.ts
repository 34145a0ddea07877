import type { BillingPlansResponse } from '@crescendo/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

export async function getPlans(): Promise<BillingPlansResponse> {
  const response = await apiClient.get<BillingPlansResponse>('/v1/billing/plans');
  return response.data;
}

export const plansQueryKey = ['billing', 'plans'] as const;

export const plansQueryOptions = () =>
  queryOptions({ queryKey: plansQueryKey, queryFn: getPlans, staleTime: 30_000 });

/** The plans on sale with their price ids, and which one the organisation is on. */
export function usePlans() {
  return useQuery(plansQueryOptions());
}
