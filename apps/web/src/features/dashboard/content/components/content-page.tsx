import { Clapperboard, Download, SearchX } from 'lucide-react';
import { useCallback, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { AnalyticsPage } from '@/components/analytics/analytics-page';
import { CommonWindowNote } from '@/components/analytics/common-window-note';
import { DataTable } from '@/components/analytics/data-table';
import { Pagination } from '@/components/analytics/pagination';
import { filterSelectClass } from '@/components/analytics/period-select';
import { SEARCH_DELAY_MS, SearchInput } from '@/components/analytics/search-input';
import { AsyncErrorView } from '@/components/errors/async-error';
import {
  downloadBlob,
  runExport,
  useRegisterExport,
  type ExportAction,
} from '@/components/layouts/export-context';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { paths } from '@/config/paths';
import { formatFullNumber, formatLongDay } from '@/lib/format';
import { exportContentCsv, toContentCsvFileName } from '../api/export-content';
import {
  contentTypes,
  useContent,
  type ContentSortKey,
  type ContentType,
} from '../api/get-content';
import { useContentView } from '../hooks/use-content-view';
import { contentColumns, typeLabels } from './content-table-columns';
import { DashboardFilters } from '../../shared/components/dashboard-filters';
import { ShareViewButton } from '../../shared/components/share-view-button';

export const CONTENT_PAGE_SIZE = 25;

/** What the list holds, said plainly: everything published by the period's end, and how much in it. */
export function describeContentCount(total: number, publishedInRange: number, to: string): string {
  const items = `${formatFullNumber(total)} ${total === 1 ? 'item' : 'items'}`;
  return `${items} published up to ${formatLongDay(to)} (older ones can still be watched in the period); ${formatFullNumber(publishedInRange)} of them published in the period.`;
}
export const CONTENT_SEARCH_DELAY_MS = SEARCH_DELAY_MS;

// ── Page ────────────────────────────────────────────────────────────────────

/** Every video, Short, Reel and post across the connected platforms, with a CSV export. */
export function ContentPage() {
  const { view, setView } = useContentView();
  const { page, ...filter } = view;
  const query = useContent({ ...filter, page, pageSize: CONTENT_PAGE_SIZE });
  const { data } = query;
  const rows = data?.items ?? [];
  const total = data?.total ?? 0;
  const hasFilters = view.search !== '' || view.type !== 'all';
  const [isExporting, setIsExporting] = useState(false);

  const fileName = toContentCsvFileName();
  const exportAction: ExportAction | null =
    total > 0
      ? {
          fileName,
          download: async () => downloadBlob(fileName, await exportContentCsv(filter)),
        }
      : null;
  // The shell's Export button and Ctrl+Shift+E download the same CSV as the button below.
  useRegisterExport(exportAction);

  const onExport = async () => {
    setIsExporting(true);
    try {
      await runExport(exportAction);
    } finally {
      setIsExporting(false);
    }
  };
  const onSearch = useCallback((search: string) => setView({ search }), [setView]);

  let body: ReactNode;
  if (query.isError) {
    body = (
      <div className="p-4 sm:p-6">
        <AsyncErrorView error={query.error} onRetry={() => void query.refetch()} />
      </div>
    );
  } else if (data && total === 0) {
    body = hasFilters ? (
      <EmptyState
        className="m-4 sm:m-6"
        icon={SearchX}
        title="Nothing matches those filters"
        description="Try another title or type — or clear them to see your whole catalogue."
        action={
          <Button variant="secondary" onClick={() => setView({ search: '', type: 'all' })}>
            Clear search and type
          </Button>
        }
      />
    ) : (
      <EmptyState
        className="m-4 sm:m-6"
        icon={Clapperboard}
        title="No content to show yet"
        description="Once YouTube, Instagram or Facebook finishes syncing, every video, Short, Reel and post appears here with its views and the fans it brought in."
        action={
          <Button asChild>
            <Link to={paths.settingsConnections}>Manage connections</Link>
          </Button>
        }
      />
    );
  } else if (data && rows.length === 0) {
    body = (
      <EmptyState
        className="m-4 sm:m-6"
        icon={SearchX}
        title="This page is empty"
        description="There are fewer items than this page number — the list may have changed."
        action={
          <Button variant="secondary" onClick={() => setView({ page: 1 })}>
            Go to the first page
          </Button>
        }
      />
    );
  } else {
    body = (
      <>
        <DataTable
          id="dashboard-content"
          label="Content"
          columns={contentColumns}
          rows={rows}
          getRowId={(row) => row.id}
          sort={{ key: view.sort, order: view.order }}
          onSortChange={(sort, order) => setView({ sort: sort as ContentSortKey, order })}
          isLoading={!data}
          isRefreshing={query.isPlaceholderData}
          skeletonRows={6}
        />
        {data ? (
          <Pagination
            label="Content pages"
            page={page}
            pageSize={data.pageSize}
            total={total}
            shown={rows.length}
            onPageChange={(next) => setView({ page: next })}
            itemName={total === 1 ? 'item' : 'items'}
          />
        ) : null}
      </>
    );
  }

  return (
    <AnalyticsPage
      title="Content"
      description="Every video, Short, Reel and post — see which releases bring in new fans."
      actions={
        <>
          <ShareViewButton view="content" />
          {
            // Only when there is something to export (the shell's Export follows the same rule).
            exportAction ? (
              <Button
                variant="secondary"
                onClick={() => void onExport()}
                isLoading={isExporting}
                title="Export CSV (Ctrl+Shift+E)"
              >
                {isExporting ? null : <Download className="h-4 w-4" aria-hidden="true" />}
                Export CSV
              </Button>
            ) : null
          }
        </>
      }
      filters={
        <>
          <DashboardFilters showCompare={false} />
          <label className="flex items-center gap-2 text-sm">
            <span className="text-zinc-600 dark:text-zinc-400">Type</span>
            <select
              className={filterSelectClass}
              value={view.type}
              onChange={(event) => setView({ type: event.target.value as ContentType })}
            >
              {contentTypes.map((type) => (
                <option key={type} value={type}>
                  {typeLabels[type]}
                </option>
              ))}
            </select>
          </label>
          <SearchInput
            label="Search your content"
            placeholder="Search titles"
            value={view.search}
            onSearch={onSearch}
          />
        </>
      }
    >
      <CommonWindowNote data={data ? { ...data, platform: view.platform } : undefined} />
      <Card className="min-w-0 overflow-hidden">{body}</Card>
      {data && total > 0 ? (
        <p className="mt-3 text-sm text-zinc-700 dark:text-zinc-300" data-testid="content-count">
          {describeContentCount(total, data.publishedInRange, data.range.to)}
        </p>
      ) : null}
      <p className="mt-3 text-xs text-zinc-600 dark:text-zinc-400">
        Views, watch time, likes and the other figures cover the selected period (YouTube and TikTok
        report them per day). Instagram and Facebook report a post’s figures over its whole life
        only: those are under “Lifetime views”, never mixed with the period’s. “—” means the
        platform doesn’t report that figure for this item. The CSV export holds every item matching
        your filters, in this order.
      </p>
    </AnalyticsPage>
  );
}
