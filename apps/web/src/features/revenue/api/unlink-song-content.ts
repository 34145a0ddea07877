import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import type { SongLink } from './link-song-content';
import { songsKey } from './list-songs';

export async function unlinkSongContent({ isrc, contentId }: SongLink): Promise<void> {
  await apiClient.delete(`/v1/songs/${encodeURIComponent(isrc)}/links/${contentId}`);
}

export function useUnlinkSongContent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unlinkSongContent,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: songsKey }),
  });
}
