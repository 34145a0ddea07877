import type { ContentItem } from '@crescendo/contracts';
import { Images } from 'lucide-react';
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
import { PlatformSearchInput } from '@/components/charts/platform-search-input';
import { AsyncErrorView } from '@/components/errors/async-error';
import { useRegisterExport } from '@/components/layouts/export-context';
import { Button } from '@/components/ui/button';
import { Card, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Select } from '@/components/ui/input';
import { useMedia, type MediaKind, type MediaSortKey } from '../api/list-media';
import type { useMetaViewState } from '../hooks/use-meta-view-state';
import { MediaDetailDialog } from './media-detail-dialog';

type ViewState = ReturnType<typeof useMetaViewState>;

const kindOptions: { value: MediaKind | ''; label: string }[] = [
  { value: '', label: 'All media' },
  { value: 'post', label: 'Posts' },
  { value: 'reel', label: 'Reels' },
  { value: 'story', label: 'Stories' },
];

/** Instagram posts, Reels and stories with their numbers; searchable, sortable and paged. */
export function MediaTable({
  connectionId,
  accountName,
  syncedAt,
  view,
}: {
  connectionId: string;
  accountName: string;
  syncedAt: string | null;
  view: ViewState;
}) {
  const { filter } = view;
  const media = useMedia(connectionId, filter, syncedAt);
  // The row's title button that opened the details gets focus back when they close.
  const openerRef = useRef<HTMLElement | null>(null);
  const items = useMemo(() => media.data?.items ?? [], [media.data]);

  useRegisterExport(
    media.data
      ? {
          fileName: 'crescendo-meta-media.json',
          data: {
            account: accountName,
            sort: { by: filter.sort, order: filter.order },
            search: filter.search ?? null,
            kind: filter.kind ?? null,
            page: media.data.page,
            total: media.data.total,
            media: items.map((item) => ({
              title: item.title,
              platform: item.platform,
              kind: item.kind,
              publishedAt: item.publishedAt,
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
    contentTitleColumn('Post', openItem),
    publishedColumn,
    {
      id: 'views',
      header: 'Views',
      sortKey: 'views',
      align: 'right',
      cell: (item) => <CompactCount value={item.stats.views} noun="views" />,
    },
    {
      id: 'reach',
      header: 'Reach',
      align: 'right',
      className: 'hidden sm:table-cell',
      cell: (item) => <CompactCount value={item.stats.reach} noun="accounts reached" />,
    },
    {
      id: 'likes',
      header: 'Likes',
      sortKey: 'likes',
      align: 'right',
      className: 'hidden sm:table-cell',
      cell: (item) => <CompactCount value={item.stats.likes} noun="likes" />,
    },
    {
      id: 'comments',
      header: 'Comments',
      sortKey: 'comments',
      align: 'right',
      className: 'hidden lg:table-cell',
      cell: (item) => <CompactCount value={item.stats.comments} noun="comments" />,
    },
    {
      id: 'saves',
      header: 'Saves',
      align: 'right',
      className: 'hidden lg:table-cell',
      cell: (item) => <CompactCount value={item.stats.saves} noun="saves" />,
    },
  ];

  const hasFilters = Boolean(filter.search || filter.kind);

  return (
    <Card>
      <CardHeader className="gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <CardTitle>Media</CardTitle>
          <CardDescription>Your Instagram posts, Reels and stories.</CardDescription>
        </div>
        <div className="flex w-full flex-col gap-2 sm:w-auto sm:flex-row">
          <PlatformSearchInput
            label="Search media"
            placeholder="Search captions"
            value={view.search}
            onSearch={view.setSearch}
          />
          <label className="sr-only" htmlFor="media-kind">
            Media type
          </label>
          <Select
            id="media-kind"
            value={view.kind ?? ''}
            onChange={(event) => view.setKind((event.target.value || null) as MediaKind | null)}
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
        {media.isError && !media.data ? (
          <AsyncErrorView error={media.error} onRetry={() => void media.refetch()} />
        ) : (
          <>
            <PlatformDataTable
              label="Media"
              columns={columns}
              rows={items}
              getRowId={(item) => item.id}
              sort={{ key: filter.sort, order: filter.order }}
              onSortChange={(key, order) => view.toggleSort(key as MediaSortKey, filter, order)}
              onRowClick={(item, row) => openItem(item, row.querySelector('button'))}
              isLoading={media.isPending}
              isRefreshing={media.isPlaceholderData}
              emptyState={
                <EmptyState
                  icon={Images}
                  title={hasFilters ? 'No media match' : 'No media yet'}
                  description={
                    hasFilters
                      ? 'Try other words or another type — or clear the filters to see everything.'
                      : 'Your Instagram posts and Reels show up here after the next sync.'
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
            {media.data && media.data.total > 0 ? (
              <PlatformPagination
                label="Media pages"
                page={media.data.page}
                pageSize={media.data.pageSize}
                total={media.data.total}
                onPageChange={view.setPage}
                itemName="posts"
              />
            ) : null}
          </>
        )}
      </div>
      <MediaDetailDialog
        connectionId={connectionId}
        mediaId={view.itemId}
        pageItems={items}
        isPageReady={!media.isPending && !media.isPlaceholderData}
        returnFocusRef={openerRef}
        onClose={view.closeItem}
      />
    </Card>
  );
}
