import type { ContentItem, ContentListResponse, contentSortKeys } from '@crescendo/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import type { ContentListFilter } from '@/lib/use-platform-view-state';

export type VideoSortKey = (typeof contentSortKeys)[number];
export type VideoKind = 'video' | 'short' | 'live';

export type VideoListFilter = ContentListFilter<VideoSortKey, VideoKind>;

export async function listChannelVideos(
  connectionId: string,
  filter: VideoListFilter,
): Promise<ContentListResponse> {
  const response = await apiClient.get<ContentListResponse>(
    `/v1/auth/oauth-connections/${connectionId}/videos`,
    { params: filter },
  );
  return response.data;
}

export const channelVideosQueryOptions = (
  connectionId: string,
  filter: VideoListFilter,
  syncedAt: string | null,
) =>
  queryOptions({
    queryKey: ['youtube', 'videos', connectionId, filter, syncedAt],
    queryFn: () => listChannelVideos(connectionId, filter),
    placeholderData: keepPreviousData,
  });

export function useChannelVideos(
  connectionId: string,
  filter: VideoListFilter,
  syncedAt: string | null,
) {
  return useQuery(channelVideosQueryOptions(connectionId, filter, syncedAt));
}

const LOOKUP_PAGE_SIZE = 100;
const LOOKUP_MAX_PAGES = 20;

/**
 * A linked video (`?video=<id>`) that is not on the visible page: the list endpoint is the only
 * source of a video's stats, so walk it newest first until the video turns up.
 */
export async function findChannelVideo(
  connectionId: string,
  videoId: string,
): Promise<ContentItem | null> {
  for (let page = 1; page <= LOOKUP_MAX_PAGES; page += 1) {
    const result = await listChannelVideos(connectionId, {
      page,
      pageSize: LOOKUP_PAGE_SIZE,
      sort: 'publishedAt',
      order: 'desc',
    });
    const match = result.items.find((item) => item.id === videoId);
    if (match) return match;
    if (page * LOOKUP_PAGE_SIZE >= result.total) break;
  }
  return null;
}

export function useChannelVideo(connectionId: string, videoId: string | null, isEnabled: boolean) {
  return useQuery({
    queryKey: ['youtube', 'video', connectionId, videoId],
    queryFn: () => findChannelVideo(connectionId, videoId ?? ''),
    enabled: isEnabled && videoId !== null,
  });
}
