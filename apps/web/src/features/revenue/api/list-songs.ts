import type { SongListResponse } from '@crescendo/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

export const songsKey = ['songs'] as const;

/** Every song with its Spotify figures, statement earnings and linked items. */
export async function listSongs(): Promise<SongListResponse> {
  return (await apiClient.get<SongListResponse>('/v1/songs')).data;
}

export const songsQueryOptions = () => queryOptions({ queryKey: songsKey, queryFn: listSongs });

export function useSongs() {
  return useQuery(songsQueryOptions());
}
