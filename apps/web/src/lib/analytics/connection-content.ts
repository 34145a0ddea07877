import type { ContentItem, ContentListResponse, contentSortKeys } from '@crescendo/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../api-client';
import type { ContentListFilter } from '../use-platform-view-state';
import type { DayRange } from './period';

/* One connection's content (videos, Shorts, posts, Reels), as /youtube and /meta list it. */

export type ConnectionContentSortKey = (typeof contentSortKeys)[number];
/** The table's view, and the page's period (the figures of platforms that report per day). */
export type ConnectionContentFilter = ContentListFilter<
  ConnectionContentSortKey | (string & {}),
  string
> &
  DayRange;

export async function listConnectionContent(
  connectionId: string,
  filter: ConnectionContentFilter,
): Promise<ContentListResponse> {
  const response = await apiClient.get<ContentListResponse>(
    `/v1/auth/oauth-connections/${connectionId}/videos`,
    { params: filter },
  );
  return response.data;
}

/**
 * The connection's content as CSV (`format=csv`, formula-neutralised by the API): every item
 * matching the table's search, type and sort, not just the page on screen.
 */
export async function exportConnectionContentCsv(
  connectionId: string,
  filter: ConnectionContentFilter,
): Promise<Blob> {
  const { page: _page, pageSize: _pageSize, ...rest } = filter;
  const response = await apiClient.get<Blob>(`/v1/auth/oauth-connections/${connectionId}/videos`, {
    params: { ...rest, format: 'csv' },
    headers: { Accept: 'text/csv' },
    responseType: 'blob',
  });
  return response.data;
}

/** `syncedAt` is part of the key so a finished sync shows its new numbers. */
export const connectionContentQueryOptions = (
  connectionId: string,
  filter: ConnectionContentFilter,
  syncedAt: string | null,
) =>
  queryOptions({
    queryKey: ['connection-content', connectionId, filter, syncedAt],
    queryFn: () => listConnectionContent(connectionId, filter),
    placeholderData: keepPreviousData,
  });

export function useConnectionContent(
  connectionId: string,
  filter: ConnectionContentFilter,
  syncedAt: string | null,
) {
  return useQuery(connectionContentQueryOptions(connectionId, filter, syncedAt));
}

const LOOKUP_PAGE_SIZE = 100;
const LOOKUP_MAX_PAGES = 20;

/**
 * A linked item (`?video=<id>`) that is not on the visible page: the list endpoint is the only
 * source of an item's stats, so walk it newest first until the item turns up.
 */
export async function findConnectionContentItem(
  connectionId: string,
  itemId: string,
): Promise<ContentItem | null> {
  for (let page = 1; page <= LOOKUP_MAX_PAGES; page += 1) {
    const result = await listConnectionContent(connectionId, {
      page,
      pageSize: LOOKUP_PAGE_SIZE,
      sort: 'publishedAt',
      order: 'desc',
    });
    const match = result.items.find((item) => item.id === itemId);
    if (match) return match;
    if (page * LOOKUP_PAGE_SIZE >= result.total) break;
  }
  return null;
}

export function useConnectionContentItem(
  connectionId: string,
  itemId: string | null,
  isEnabled: boolean,
) {
  return useQuery({
    queryKey: ['connection-content-item', connectionId, itemId],
    queryFn: () => findConnectionContentItem(connectionId, itemId ?? ''),
    enabled: isEnabled && itemId !== null,
  });
}
