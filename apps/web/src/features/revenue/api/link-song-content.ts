import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { songsKey } from './list-songs';

export type SongLink = { isrc: string; contentId: string };

/** Attaches a video, Short, reel or Facebook video to a song: the artist's confirmation. */
export async function linkSongContent({ isrc, contentId }: SongLink): Promise<void> {
  await apiClient.post(`/v1/songs/${encodeURIComponent(isrc)}/links`, { contentId });
}

export function useLinkSongContent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: linkSongContent,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: songsKey }),
  });
}
