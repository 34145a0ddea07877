import type { ContentItem, ContentListResponse, contentSortKeys } from '@crescendo/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import type { ContentListFilter } from '@/lib/use-platform-view-state';

export type MediaSortKey = Exclude<(typeof contentSortKeys)[number], 'watchMinutes'>;
export type MediaKind = 'post' | 'reel' | 'story';

export type MediaListFilter = ContentListFilter<MediaSortKey, MediaKind>;

export async function listMedia(
  connectionId: string,
  filter: MediaListFilter,
): Promise<ContentListResponse> {
  const response = await apiClient.get<ContentListResponse>(
    `/v1/auth/oauth-connections/${connectionId}/videos`,
    { params: filter },
  );
  return response.data;
}

export const mediaQueryOptions = (
  connectionId: string,
  filter: MediaListFilter,
  syncedAt: string | null,
) =>
  queryOptions({
    queryKey: ['meta', 'media', connectionId, filter, syncedAt],
    queryFn: () => listMedia(connectionId, filter),
    placeholderData: keepPreviousData,
  });

export function useMedia(connectionId: string, filter: MediaListFilter, syncedAt: string | null) {
  return useQuery(mediaQueryOptions(connectionId, filter, syncedAt));
}

const LOOKUP_PAGE_SIZE = 100;
const LOOKUP_MAX_PAGES = 20;

/** A linked post (`?media=<id>`) that is not on the visible page, looked up newest first. */
export async function findMediaItem(
  connectionId: string,
  mediaId: string,
): Promise<ContentItem | null> {
  for (let page = 1; page <= LOOKUP_MAX_PAGES; page += 1) {
    const result = await listMedia(connectionId, {
      page,
      pageSize: LOOKUP_PAGE_SIZE,
      sort: 'publishedAt',
      order: 'desc',
    });
    const match = result.items.find((item) => item.id === mediaId);
    if (match) return match;
    if (page * LOOKUP_PAGE_SIZE >= result.total) break;
  }
  return null;
}

export function useMediaItem(connectionId: string, mediaId: string | null, isEnabled: boolean) {
  return useQuery({
    queryKey: ['meta', 'media-item', connectionId, mediaId],
    queryFn: () => findMediaItem(connectionId, mediaId ?? ''),
    enabled: isEnabled && mediaId !== null,
  });
}
