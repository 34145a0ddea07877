import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import type { SongLink } from './link-song-content';
import { songsKey } from './list-songs';

/** The artist says a suggested item is not this song: the API stops suggesting it, for everyone. */
export async function dismissSongSuggestion({ isrc, contentId }: SongLink): Promise<void> {
  await apiClient.post(`/v1/songs/${encodeURIComponent(isrc)}/dismissals`, { contentId });
}

export function useDismissSongSuggestion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: dismissSongSuggestion,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: songsKey }),
  });
}
