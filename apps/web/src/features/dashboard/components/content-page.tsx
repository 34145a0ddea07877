import type { ContentRow } from '@crescendo/contracts';
import { Clapperboard, Download, ExternalLink, SearchX } from 'lucide-react';
import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { AnalyticsPage } from '@/components/analytics/analytics-page';
import { Missing } from '@/components/analytics/content-columns';
import { DataTable, type DataColumn } from '@/components/analytics/data-table';
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
import { cn } from '@/lib/cn';
import {
  contentKindLabels,
  formatCompactNumber,
  formatDate,
  formatFullNumber,
  formatShare,
} from '@/lib/format';
import { exportContentCsv, toContentCsvFileName } from '../api/export-content';
import {
  contentTypes,
  useContent,
  type ContentFilter,
  type ContentSortKey,
  type ContentType,
} from '../api/get-content';
import { useDashboardFilters } from '../hooks/use-dashboard-filters';
import { formatWatchHours, platformNames } from './charts/dashboard-format';
import { DashboardFilters } from './dashboard-filters';

export const CONTENT_PAGE_SIZE = 25;
export const CONTENT_SEARCH_DELAY_MS = SEARCH_DELAY_MS;

const sortKeys: readonly ContentSortKey[] = [
  'publishedAt',
  'title',
  'views',
  'watchMinutes',
  'likes',
  'comments',
  'shares',
  'saves',
  'engagementRate',
  'followersGained',
];
const defaultView = { type: 'all', search: '', sort: 'views', order: 'desc', page: 1 } as const;

type ContentView = ContentFilter & { page: number };
type ViewPatch = Partial<Pick<ContentView, 'type' | 'search' | 'sort' | 'order' | 'page'>>;

function pick<T extends string>(value: string | null, allowed: readonly T[], fallback: T): T {
  return value !== null && (allowed as readonly string[]).includes(value) ? (value as T) : fallback;
}

/**
 * Type, search, sort, order and page live in the URL next to the shared range and platform, so a
 * view of the table can be bookmarked and shared. Defaults are left out of the URL.
 */
function useContentView() {
  const { filters } = useDashboardFilters();
  const [params, setParams] = useSearchParams();
  const view = useMemo<ContentView>(() => {
    const page = Number.parseInt(params.get('page') ?? '', 10);
    return {
      range: filters.range,
      platform: filters.platform,
      type: pick(params.get('type'), contentTypes, defaultView.type),
      search: (params.get('search') ?? '').trim().slice(0, 200),
      sort: pick(params.get('sort'), sortKeys, defaultView.sort),
      order: pick(params.get('order'), ['asc', 'desc'] as const, defaultView.order),
      page: Number.isFinite(page) && page > 0 ? page : defaultView.page,
    };
  }, [params, filters.range, filters.platform]);

  const setView = useCallback(
    (patch: ViewPatch) => {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          const write = (key: keyof ViewPatch) => {
            const value = patch[key];
            if (value === undefined) return;
            if (value === defaultView[key]) next.delete(key);
            else next.set(key, String(value));
          };
          (['type', 'search', 'sort', 'order', 'page'] as const).forEach(write);
          // A new search, type or sort is a new list: start again from its first page.
          if (patch.page === undefined) next.delete('page');
          return next;
        },
        { replace: true },
      );
    },
    [setParams],
  );
  return { view, setView };
}

// ── Formatting ──────────────────────────────────────────────────────────────

const minutesFormat = new Intl.NumberFormat(undefined, {
  style: 'unit',
  unit: 'minute',
  unitDisplay: 'short',
  maximumFractionDigits: 0,
});

function formatCount(value: number | null): ReactNode {
  if (value === null) return <Missing />;
  return <span title={formatFullNumber(value)}>{formatCompactNumber(value)}</span>;
}

/** Watch time arrives in minutes; long totals read better in hours. */
function formatWatchTime(minutes: number | null): ReactNode {
  if (minutes === null) return <Missing />;
  return minutes < 60 ? minutesFormat.format(minutes) : formatWatchHours(minutes);
}

const platformDots: Record<ContentRow['platform'], string> = {
  youtube: 'bg-red-600',
  instagram: 'bg-pink-600',
  facebook: 'bg-blue-600',
};
const typeLabels: Record<ContentType, string> = { all: 'All types', ...contentKindLabels };

const typeLabel = (type: string) =>
  typeLabels[type as ContentType] ?? type.charAt(0).toUpperCase() + type.slice(1);

// ── Table ───────────────────────────────────────────────────────────────────

/** The title links out to the platform; under it, where it was published and as what. */
function TitleCell({ row }: { row: ContentRow }) {
  return (
    <div className="flex min-w-0 flex-col gap-1">
      {row.permalink ? (
        <a
          href={row.permalink}
          target="_blank"
          rel="noreferrer noopener"
          className="group inline-flex items-start gap-1 font-medium text-zinc-900 underline-offset-2 hover:text-brand-700 hover:underline focus-visible:underline dark:text-zinc-100 dark:hover:text-brand-300"
        >
          <span className="line-clamp-2">{row.title}</span>
          <ExternalLink
            className="mt-0.5 h-3.5 w-3.5 shrink-0 opacity-60 group-hover:opacity-100"
            aria-hidden="true"
          />
          <span className="sr-only">(opens in a new tab)</span>
        </a>
      ) : (
        <span className="line-clamp-2 font-medium">{row.title}</span>
      )}
      <span className="inline-flex items-center gap-1.5 text-xs whitespace-nowrap text-zinc-600 dark:text-zinc-400">
        <span
          className={cn('h-2 w-2 rounded-full', platformDots[row.platform])}
          aria-hidden="true"
        />
        <span data-field="platform">{platformNames[row.platform]}</span>
        <span aria-hidden="true">·</span>
        <span data-field="type">{typeLabel(row.type)}</span>
      </span>
    </div>
  );
}

const columns: DataColumn<ContentRow>[] = [
  { id: 'title', header: 'Title', sortKey: 'title', cell: (row) => <TitleCell row={row} /> },
  {
    id: 'published',
    header: 'Published',
    sortKey: 'publishedAt',
    cell: (row) => <time dateTime={row.publishedAt}>{formatDate(row.publishedAt)}</time>,
  },
  {
    id: 'views',
    header: 'Views',
    sortKey: 'views',
    align: 'right',
    cell: (row) => formatCount(row.views),
  },
  {
    id: 'watch',
    header: 'Watch time',
    sortKey: 'watchMinutes',
    align: 'right',
    cell: (row) => formatWatchTime(row.watchMinutes),
  },
  {
    id: 'likes',
    header: 'Likes',
    sortKey: 'likes',
    align: 'right',
    cell: (row) => formatCount(row.likes),
  },
  {
    id: 'comments',
    header: 'Comments',
    sortKey: 'comments',
    align: 'right',
    cell: (row) => formatCount(row.comments),
  },
  {
    id: 'shares',
    header: 'Shares',
    sortKey: 'shares',
    align: 'right',
    isHiddenByDefault: true,
    cell: (row) => formatCount(row.shares),
  },
  {
    id: 'saves',
    header: 'Saves',
    sortKey: 'saves',
    align: 'right',
    isHiddenByDefault: true,
    cell: (row) => formatCount(row.saves),
  },
  {
    id: 'engagement',
    header: 'Engagement rate',
    sortKey: 'engagementRate',
    align: 'right',
    cell: (row) => (row.engagementRate === null ? <Missing /> : formatShare(row.engagementRate)),
  },
  {
    id: 'followers',
    header: 'Followers gained',
    sortKey: 'followersGained',
    align: 'right',
    cell: (row) => formatCount(row.followersGained),
  },
];

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
          columns={columns}
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
      <Card className="min-w-0 overflow-hidden">{body}</Card>
      <p className="mt-3 text-xs text-zinc-600 dark:text-zinc-400">
        Figures cover the selected period. “—” means the platform doesn’t report that figure for
        this item. The CSV export holds every item matching your filters, in this order.
      </p>
    </AnalyticsPage>
  );
}
