import {
  contentKinds,
  type ContentResponse,
  type dashboardContentSortKeys,
} from '@crescendo/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import type { CustomWindow } from '@/lib/analytics/period';
import {
  toPeriodQuery,
  type DashboardPlatform,
  type DashboardRange,
} from '../../shared/utils/dashboard-filters';

export const contentTypes = ['all', ...contentKinds] as const;
export type ContentType = (typeof contentTypes)[number];
export type ContentSortKey = (typeof dashboardContentSortKeys)[number];
export type SortOrder = 'asc' | 'desc';

/** The content table's view: everything but the page is shared with the CSV export. */
export type ContentFilter = {
  range: DashboardRange;
  /** Explicit days instead of the preset, when the URL has them. */
  window?: CustomWindow | null;
  platform: DashboardPlatform;
  type: ContentType;
  search: string;
  sort: ContentSortKey;
  order: SortOrder;
};

export type ContentQuery = ContentFilter & { page: number; pageSize: number };

/** Query params as `GET /api/dashboard/content` reads them; an empty search is left out. */
export function toContentParams(filter: ContentFilter) {
  const { search, range, window, ...rest } = filter;
  const period = toPeriodQuery({ range, window: window ?? null });
  return search ? { ...period, ...rest, search } : { ...period, ...rest };
}

export async function getContent(query: ContentQuery): Promise<ContentResponse> {
  const { page, pageSize, ...filter } = query;
  const response = await apiClient.get<ContentResponse>('/dashboard/content', {
    params: { ...toContentParams(filter), page, pageSize },
  });
  return response.data;
}

export const contentQueryOptions = (query: ContentQuery) =>
  queryOptions({
    queryKey: ['dashboard', 'content', query],
    queryFn: () => getContent(query),
    // The next page or sort replaces the rows in place instead of flashing a skeleton.
    placeholderData: keepPreviousData,
  });

export function useContent(query: ContentQuery) {
  return useQuery(contentQueryOptions(query));
}
