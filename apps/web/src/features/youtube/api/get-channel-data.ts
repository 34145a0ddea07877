import type { ChannelDataResponse } from '@crescendo/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import type { DayRange } from '@/lib/analytics/period';

export async function getChannelData(
  connectionId: string,
  range: DayRange,
): Promise<ChannelDataResponse> {
  const response = await apiClient.get<ChannelDataResponse>(
    `/v1/youtube/oauth/channel-data/${connectionId}`,
    { params: range },
  );
  return response.data;
}

/** `syncedAt` is part of the key so a finished sync shows its new numbers. */
export const channelDataQueryOptions = (
  connectionId: string,
  range: DayRange,
  syncedAt: string | null,
) =>
  queryOptions({
    queryKey: ['youtube', 'channel-data', connectionId, range, syncedAt],
    queryFn: () => getChannelData(connectionId, range),
    placeholderData: keepPreviousData,
  });

export function useChannelData(connectionId: string, range: DayRange, syncedAt: string | null) {
  return useQuery(channelDataQueryOptions(connectionId, range, syncedAt));
}
