import type { ContentItem } from '@crescendo/contracts';
import { Clapperboard } from 'lucide-react';
import { useMemo, useRef } from 'react';
import {
  PlatformDataTable,
  PlatformPagination,
  type PlatformColumn,
} from '@/components/charts/platform-data-table';
import {
  formatCompactNumber,
  formatDate,
  formatFullNumber,
  formatWatchHours,
} from '@/components/charts/platform-format';
import { PlatformSearchInput } from '@/components/charts/platform-search-input';
import { AsyncErrorView } from '@/components/errors/async-error';
import { useRegisterExport } from '@/components/layouts/export-context';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Select } from '@/components/ui/input';
import { useChannelVideos, type VideoKind, type VideoSortKey } from '../api/list-channel-videos';
import type { useYoutubeViewState } from '../hooks/use-youtube-view-state';
import { kindLabels } from './youtube-labels';
import { VideoDetailDialog } from './video-detail-dialog';

type ViewState = ReturnType<typeof useYoutubeViewState>;

const kindOptions: { value: VideoKind | ''; label: string }[] = [
  { value: '', label: 'All types' },
  { value: 'video', label: 'Videos' },
  { value: 'short', label: 'Shorts' },
  { value: 'live', label: 'Live' },
];

function countTitle(value: number | null, noun: string): string | undefined {
  return value === null ? `${noun} not reported` : `${formatFullNumber(value)} ${noun}`;
}

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

  const columns: PlatformColumn<ContentItem>[] = [
    {
      id: 'title',
      header: 'Video',
      sortKey: 'title',
      cell: (item) => (
        <div className="flex min-w-0 flex-col gap-1">
          <button
            type="button"
            onClick={(event) => {
              event.stopPropagation();
              openerRef.current = event.currentTarget;
              view.openVideo(item.id);
            }}
            className="line-clamp-2 max-w-[22rem] min-w-[10rem] rounded text-left font-medium text-zinc-900 hover:text-brand-700 hover:underline dark:text-zinc-100 dark:hover:text-brand-300"
          >
            {item.title}
          </button>
          <span className="flex flex-wrap items-center gap-2 text-xs text-zinc-600 dark:text-zinc-400">
            <Badge className="px-2 py-0">{kindLabels[item.kind]}</Badge>
            <span className="md:hidden">{formatDate(item.publishedAt)}</span>
          </span>
        </div>
      ),
    },
    {
      id: 'publishedAt',
      header: 'Published',
      sortKey: 'publishedAt',
      className: 'hidden md:table-cell whitespace-nowrap',
      cell: (item) => (
        <time dateTime={item.publishedAt} className="text-zinc-700 dark:text-zinc-300">
          {formatDate(item.publishedAt)}
        </time>
      ),
    },
    {
      id: 'views',
      header: 'Views',
      sortKey: 'views',
      align: 'right',
      cell: (item) => (
        <span title={countTitle(item.stats.views, 'views')}>
          {formatCompactNumber(item.stats.views)}
        </span>
      ),
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
      cell: (item) => (
        <span title={countTitle(item.stats.likes, 'likes')}>
          {formatCompactNumber(item.stats.likes)}
        </span>
      ),
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
              onRowClick={(item, row) => {
                openerRef.current = row.querySelector('button');
                view.openVideo(item.id);
              }}
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
        videoId={view.videoId}
        pageItems={items}
        isPageReady={!videos.isPending && !videos.isPlaceholderData}
        returnFocusRef={openerRef}
        onClose={view.closeVideo}
      />
    </Card>
  );
}
