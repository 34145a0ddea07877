import type { SongDetailResponse } from '@crescendo/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { songsKey } from './list-songs';

export async function getSong(isrc: string): Promise<SongDetailResponse> {
  return (await apiClient.get<SongDetailResponse>(`/v1/songs/${encodeURIComponent(isrc)}`)).data;
}

export const songQueryOptions = (isrc: string) =>
  queryOptions({ queryKey: [...songsKey, isrc], queryFn: () => getSong(isrc) });

export function useSong(isrc: string) {
  return useQuery(songQueryOptions(isrc));
}
