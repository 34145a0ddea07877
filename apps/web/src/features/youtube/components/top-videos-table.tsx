import type { ContentItem } from '@crescendo/contracts';
import { Clapperboard } from 'lucide-react';
import { useMemo, useRef } from 'react';
import {
  CompactCount,
  contentTitleColumn,
  publishedColumn,
} from '@/components/charts/platform-content-columns';
import {
  PlatformDataTable,
  PlatformPagination,
  type PlatformColumn,
} from '@/components/charts/platform-data-table';
import { formatWatchHours } from '@/components/charts/platform-format';
import { PlatformSearchInput } from '@/components/charts/platform-search-input';
import { AsyncErrorView } from '@/components/errors/async-error';
import { useRegisterExport } from '@/components/layouts/export-context';
import { Button } from '@/components/ui/button';
import { Card, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Select } from '@/components/ui/input';
import { formatCompactNumber } from '@/lib/format';
import { useChannelVideos, type VideoKind, type VideoSortKey } from '../api/list-channel-videos';
import type { useYoutubeViewState } from '../hooks/use-youtube-view-state';
import { VideoDetailDialog } from './video-detail-dialog';

type ViewState = ReturnType<typeof useYoutubeViewState>;

const kindOptions: { value: VideoKind | ''; label: string }[] = [
  { value: '', label: 'All types' },
  { value: 'video', label: 'Videos' },
  { value: 'short', label: 'Shorts' },
  { value: 'live', label: 'Live' },
];

/** The channel's videos, server-sorted and paged, searchable by title; a row opens its details. */
export function TopVideosTable({
  connectionId,
  channelName,
  syncedAt,
  view,
}: {
  connectionId: string;
  channelName: string;
  syncedAt: string | null;
  view: ViewState;
}) {
  const { filter } = view;
  const videos = useChannelVideos(connectionId, filter, syncedAt);
  // The row's title button that opened the details gets focus back when they close.
  const openerRef = useRef<HTMLElement | null>(null);
  const items = useMemo(() => videos.data?.items ?? [], [videos.data]);

  useRegisterExport(
    videos.data
      ? {
          fileName: 'crescendo-youtube-top-videos.json',
          data: {
            channel: channelName,
            sort: { by: filter.sort, order: filter.order },
            search: filter.search ?? null,
            kind: filter.kind ?? null,
            page: videos.data.page,
            total: videos.data.total,
            videos: items.map((item) => ({
              title: item.title,
              kind: item.kind,
              publishedAt: item.publishedAt,
              durationSeconds: item.durationSeconds,
              url: item.permalink,
              ...item.stats,
            })),
          },
        }
      : null,
  );

  const openItem = (item: ContentItem, opener: HTMLElement | null) => {
    openerRef.current = opener;
    view.openItem(item.id);
  };

  const columns: PlatformColumn<ContentItem>[] = [
    contentTitleColumn('Video', openItem),
    publishedColumn,
    {
      id: 'views',
      header: 'Views',
      sortKey: 'views',
      align: 'right',
      cell: (item) => <CompactCount value={item.stats.views} noun="views" />,
    },
    {
      id: 'watchMinutes',
      header: 'Watch time',
      sortKey: 'watchMinutes',
      align: 'right',
      className: 'hidden sm:table-cell',
      cell: (item) => formatWatchHours(item.stats.watchMinutes),
    },
    {
      id: 'likes',
      header: 'Likes',
      sortKey: 'likes',
      align: 'right',
      className: 'hidden lg:table-cell',
      cell: (item) => <CompactCount value={item.stats.likes} noun="likes" />,
    },
    {
      id: 'comments',
      header: 'Comments',
      sortKey: 'comments',
      align: 'right',
      className: 'hidden lg:table-cell',
      cell: (item) => formatCompactNumber(item.stats.comments),
    },
  ];

  const hasFilters = Boolean(filter.search || filter.kind);
  const isFirstLoad = videos.isPending;

  return (
    <Card>
      <CardHeader className="gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <CardTitle id="top-videos-title">Top videos</CardTitle>
          <CardDescription>Search, sort and open a video to see how it performs.</CardDescription>
        </div>
        <div className="flex w-full flex-col gap-2 sm:w-auto sm:flex-row">
          <PlatformSearchInput
            label="Search videos"
            placeholder="Search videos by title"
            value={view.search}
            onSearch={view.setSearch}
          />
          <label className="sr-only" htmlFor="video-kind">
            Video type
          </label>
          <Select
            id="video-kind"
            value={view.kind ?? ''}
            onChange={(event) => view.setKind((event.target.value || null) as VideoKind | null)}
            className="sm:w-36"
          >
            {kindOptions.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </Select>
        </div>
      </CardHeader>
      <div className="p-4 pt-4 sm:p-6 sm:pt-4">
        {videos.isError && !videos.data ? (
          <AsyncErrorView error={videos.error} onRetry={() => void videos.refetch()} />
        ) : (
          <>
            <PlatformDataTable
              label="Top videos"
              columns={columns}
              rows={items}
              getRowId={(item) => item.id}
              sort={{ key: filter.sort, order: filter.order }}
              onSortChange={(key, order) => view.toggleSort(key as VideoSortKey, filter, order)}
              onRowClick={(item, row) => openItem(item, row.querySelector('button'))}
              isLoading={isFirstLoad}
              isRefreshing={videos.isPlaceholderData}
              emptyState={
                <EmptyState
                  icon={Clapperboard}
                  title={hasFilters ? 'No videos match' : 'No videos yet'}
                  description={
                    hasFilters
                      ? 'Try another title or type — or clear the filters to see every upload.'
                      : 'Once you publish on YouTube, your videos show up here after the next sync.'
                  }
                  action={
                    hasFilters ? (
                      <Button variant="secondary" onClick={view.clearFilters}>
                        Clear filters
                      </Button>
                    ) : undefined
                  }
                />
              }
            />
            {videos.data && videos.data.total > 0 ? (
              <PlatformPagination
                label="Top videos pages"
                page={videos.data.page}
                pageSize={videos.data.pageSize}
                total={videos.data.total}
                onPageChange={view.setPage}
                itemName="videos"
              />
            ) : null}
          </>
        )}
      </div>
      <VideoDetailDialog
        connectionId={connectionId}
        videoId={view.itemId}
        pageItems={items}
        isPageReady={!videos.isPending && !videos.isPlaceholderData}
        returnFocusRef={openerRef}
        onClose={view.closeItem}
      />
    </Card>
  );
}
