import type { MetaAccountDataResponse } from '@crescendo/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import type { DayRange } from '@/lib/analytics/period';

export async function getAccountData(
  connectionId: string,
  range: DayRange,
): Promise<MetaAccountDataResponse> {
  const response = await apiClient.get<MetaAccountDataResponse>(
    `/v1/meta/oauth/account-data/${connectionId}`,
    { params: range },
  );
  return response.data;
}

/** `syncedAt` is part of the key so a finished sync shows its new numbers. */
export const accountDataQueryOptions = (
  connectionId: string,
  range: DayRange,
  syncedAt: string | null,
) =>
  queryOptions({
    queryKey: ['meta', 'account-data', connectionId, range, syncedAt],
    queryFn: () => getAccountData(connectionId, range),
    placeholderData: keepPreviousData,
  });

export function useAccountData(connectionId: string, range: DayRange, syncedAt: string | null) {
  return useQuery(accountDataQueryOptions(connectionId, range, syncedAt));
}
