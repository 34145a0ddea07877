import type { ContentItem, ContentListResponse } from '@crescendo/contracts';
import type { LucideIcon } from 'lucide-react';
import { useMemo, useRef } from 'react';
import { AsyncErrorView } from '@/components/errors/async-error';
import { downloadBlob, useRegisterExport } from '@/components/layouts/export-context';
import { Button } from '@/components/ui/button';
import { Card, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Select } from '@/components/ui/select';
import {
  exportConnectionContentCsv,
  useConnectionContent,
} from '@/lib/analytics/connection-content';
import type { DayRange } from '@/lib/analytics/period';
import type { ContentTableView } from '@/lib/use-platform-view-state';
import { contentTitleColumn, publishedColumn } from './content-columns';
import { ContentDetailsDialog, type ContentDetailsConfig } from './content-details-dialog';
import { DataTable, type DataColumn } from './data-table';
import { Pagination } from './pagination';
import { SearchInput } from './search-input';

/** What differs between /youtube's videos and /meta's media: words, figures and the details. */
export type PlatformContentTableConfig = {
  /** Names the table (and its remembered column choice). */
  id: string;
  title: string;
  /**
   * Whether the list asks for the page's period: the platform reports per-day figures per item
   * (YouTube), so rows show and sort by the period's; otherwise they are lifetime counters.
   */
  followsPeriod: boolean;
  /** What the figures are: the period's (and its days, from the answer) or lifetime counters. */
  description: (content: ContentListResponse | undefined) => string;
  /** The title column's header: "Video", "Post". */
  itemHeader: string;
  /** Plural for the pagination line: "videos", "posts". */
  itemName: string;
  searchLabel: string;
  searchPlaceholder: string;
  kindLabel: string;
  kindOptions: { value: string; label: string }[];
  /** The figures after the title and date; their order is the table's. */
  figureColumns: DataColumn<ContentItem>[];
  empty: {
    icon: LucideIcon;
    title: string;
    description: string;
    filteredTitle: string;
    filteredDescription: string;
  };
  exportFileName: string;
  /** The details dialog a row opens. */
  details: ContentDetailsConfig;
};

/** A platform's content, server-sorted and paged, searchable by title; a row opens its details. */
export function PlatformContentTable({
  config,
  connectionId,
  syncedAt,
  view,
  range,
}: {
  config: PlatformContentTableConfig;
  connectionId: string;
  syncedAt: string | null;
  view: ContentTableView;
  /** The page's period: platforms that report per-day figures per item list them for it. */
  range: DayRange;
}) {
  const filter = useMemo(
    () => (config.followsPeriod ? { ...view.filter, ...range } : view.filter),
    [config.followsPeriod, view.filter, range],
  );
  const content = useConnectionContent(connectionId, filter, syncedAt);
  // The row's title button that opened the details gets focus back when they close.
  const openerRef = useRef<HTMLElement | null>(null);
  const items = useMemo(() => content.data?.items ?? [], [content.data]);
  const latestFilter = useRef(filter);
  latestFilter.current = filter;

  // The shell's Export button (and Ctrl+Shift+E): the table's rows as CSV, from the API.
  useRegisterExport(
    content.data && content.data.total > 0
      ? {
          fileName: config.exportFileName,
          download: async () =>
            downloadBlob(
              config.exportFileName,
              await exportConnectionContentCsv(connectionId, latestFilter.current),
            ),
        }
      : null,
  );

  const openItem = (item: ContentItem, opener: HTMLElement | null) => {
    openerRef.current = opener;
    view.openItem(item.id);
  };
  const columns: DataColumn<ContentItem>[] = [
    contentTitleColumn(config.itemHeader, openItem),
    publishedColumn,
    ...config.figureColumns,
  ];
  const hasFilters = Boolean(filter.search || filter.kind);
  const kindId = `${config.id}-kind`;

  return (
    <Card className="min-w-0">
      <CardHeader className="gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <CardTitle>{config.title}</CardTitle>
          <CardDescription>{config.description(content.data)}</CardDescription>
        </div>
        <div className="flex w-full flex-col gap-2 sm:w-auto sm:flex-row">
          <SearchInput
            label={config.searchLabel}
            placeholder={config.searchPlaceholder}
            value={view.search}
            onSearch={view.setSearch}
          />
          <label className="sr-only" htmlFor={kindId}>
            {config.kindLabel}
          </label>
          <Select
            id={kindId}
            value={view.kind ?? ''}
            onChange={(event) => view.setKind(event.target.value || null)}
            className="sm:w-36"
          >
            {config.kindOptions.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </Select>
        </div>
      </CardHeader>
      {content.isError && !content.data ? (
        <div className="p-4 sm:p-6">
          <AsyncErrorView error={content.error} onRetry={() => void content.refetch()} />
        </div>
      ) : (
        <>
          <DataTable
            id={config.id}
            label={config.title}
            columns={columns}
            rows={items}
            getRowId={(item) => item.id}
            sort={{ key: filter.sort, order: filter.order }}
            onSortChange={view.toggleSort}
            onRowClick={(item, row) => openItem(item, row.querySelector('button'))}
            isLoading={content.isPending}
            isRefreshing={content.isPlaceholderData}
            emptyState={
              <EmptyState
                icon={config.empty.icon}
                title={hasFilters ? config.empty.filteredTitle : config.empty.title}
                description={
                  hasFilters ? config.empty.filteredDescription : config.empty.description
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
          {content.data && content.data.total > 0 ? (
            <Pagination
              label={`${config.title} pages`}
              page={content.data.page}
              pageSize={content.data.pageSize}
              total={content.data.total}
              shown={items.length}
              onPageChange={view.setPage}
              itemName={config.itemName}
            />
          ) : null}
        </>
      )}
      <ContentDetailsDialog
        config={config.details}
        connectionId={connectionId}
        itemId={view.itemId}
        pageItems={items}
        isPageReady={!content.isPending && !content.isPlaceholderData}
        returnFocusRef={openerRef}
        onClose={view.closeItem}
      />
    </Card>
  );
}
