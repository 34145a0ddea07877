import type { ContentRow } from '@crescendo/contracts';
import {
  ArrowDown,
  ArrowUp,
  ArrowUpDown,
  ChevronLeft,
  ChevronRight,
  Clapperboard,
  Download,
  ExternalLink,
  Search,
  SearchX,
} from 'lucide-react';
import { useCallback, useEffect, useId, useMemo, useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
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
import { PageHeader } from '@/components/ui/page-header';
import { Skeleton } from '@/components/ui/skeleton';
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
  type SortOrder,
} from '../api/get-content';
import { useDashboardFilters } from '../hooks/use-dashboard-filters';
import { formatWatchHours, platformNames } from './charts/dashboard-format';
import { DashboardFilters } from './dashboard-filters';

export const CONTENT_PAGE_SIZE = 25;
export const CONTENT_SEARCH_DELAY_MS = 300;

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

/** "—" for a figure the platform did not report: never shown as 0. */
function Missing() {
  return (
    <>
      <span aria-hidden="true">—</span>
      <span className="sr-only">Not available</span>
    </>
  );
}

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

type Column = {
  id: string;
  label: string;
  sortKey?: ContentSortKey;
  /** First click sorts this way: biggest numbers and newest first, titles A–Z. */
  firstOrder?: SortOrder;
  isNumeric?: boolean;
  render: (row: ContentRow) => ReactNode;
};

const columns: Column[] = [
  {
    id: 'title',
    label: 'Title',
    sortKey: 'title',
    firstOrder: 'asc',
    render: (row) =>
      row.permalink ? (
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
      ),
  },
  {
    id: 'platform',
    label: 'Platform',
    render: (row) => (
      <span className="inline-flex items-center gap-1.5 whitespace-nowrap">
        <span
          className={cn('h-2 w-2 rounded-full', platformDots[row.platform])}
          aria-hidden="true"
        />
        {platformNames[row.platform]}
      </span>
    ),
  },
  { id: 'type', label: 'Type', render: (row) => typeLabel(row.type) },
  {
    id: 'published',
    label: 'Published',
    sortKey: 'publishedAt',
    render: (row) => (
      <time dateTime={row.publishedAt} className="whitespace-nowrap">
        {formatDate(row.publishedAt)}
      </time>
    ),
  },
  {
    id: 'views',
    label: 'Views',
    sortKey: 'views',
    isNumeric: true,
    render: (row) => formatCount(row.views),
  },
  {
    id: 'watch',
    label: 'Watch time',
    sortKey: 'watchMinutes',
    isNumeric: true,
    render: (row) => formatWatchTime(row.watchMinutes),
  },
  {
    id: 'likes',
    label: 'Likes',
    sortKey: 'likes',
    isNumeric: true,
    render: (row) => formatCount(row.likes),
  },
  {
    id: 'comments',
    label: 'Comments',
    sortKey: 'comments',
    isNumeric: true,
    render: (row) => formatCount(row.comments),
  },
  {
    id: 'shares',
    label: 'Shares',
    sortKey: 'shares',
    isNumeric: true,
    render: (row) => formatCount(row.shares),
  },
  {
    id: 'saves',
    label: 'Saves',
    sortKey: 'saves',
    isNumeric: true,
    render: (row) => formatCount(row.saves),
  },
  {
    id: 'engagement',
    label: 'Engagement rate',
    sortKey: 'engagementRate',
    isNumeric: true,
    render: (row) => (row.engagementRate === null ? <Missing /> : formatShare(row.engagementRate)),
  },
  {
    id: 'followers',
    label: 'Followers gained',
    sortKey: 'followersGained',
    isNumeric: true,
    render: (row) => formatCount(row.followersGained),
  },
];

const ariaSort = { asc: 'ascending', desc: 'descending' } as const;

function SortHeader({
  column,
  sort,
  order,
  onSort,
}: {
  column: Column;
  sort: ContentSortKey;
  order: SortOrder;
  onSort: (key: ContentSortKey, order: SortOrder) => void;
}) {
  const isActive = column.sortKey === sort;
  const alignClass = column.isNumeric ? 'text-right' : 'text-left';
  const stickyClass =
    column.id === 'title'
      ? 'sticky left-0 z-10 min-w-[11rem] bg-zinc-50 sm:min-w-[14rem] dark:bg-zinc-900'
      : '';
  if (!column.sortKey) {
    return (
      <th
        scope="col"
        className={cn('px-3 py-2.5 font-medium whitespace-nowrap', alignClass, stickyClass)}
      >
        {column.label}
      </th>
    );
  }
  const sortKey = column.sortKey;
  const Icon = !isActive ? ArrowUpDown : order === 'asc' ? ArrowUp : ArrowDown;
  const nextOrder: SortOrder = isActive
    ? order === 'asc'
      ? 'desc'
      : 'asc'
    : (column.firstOrder ?? 'desc');
  return (
    <th
      scope="col"
      aria-sort={isActive ? ariaSort[order] : undefined}
      className={cn('px-1 py-1.5 font-medium whitespace-nowrap', alignClass, stickyClass)}
    >
      <button
        type="button"
        onClick={() => onSort(sortKey, nextOrder)}
        className={cn(
          'inline-flex items-center gap-1 rounded-md px-2 py-1 hover:bg-zinc-200/70 hover:text-zinc-900 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none dark:hover:bg-zinc-800 dark:hover:text-zinc-100',
          column.isNumeric && 'flex-row-reverse',
          isActive && 'text-zinc-900 dark:text-zinc-100',
        )}
      >
        {column.label}
        <Icon
          className={cn('h-3.5 w-3.5', isActive ? 'opacity-100' : 'opacity-50')}
          aria-hidden="true"
        />
      </button>
    </th>
  );
}

function ContentTable({
  rows,
  view,
  isLoading,
  isRefreshing,
  onSort,
}: {
  rows: ContentRow[];
  view: ContentView;
  isLoading: boolean;
  isRefreshing: boolean;
  onSort: (key: ContentSortKey, order: SortOrder) => void;
}) {
  return (
    <div className="overflow-x-auto">
      <table
        aria-label="Content"
        aria-busy={isLoading || isRefreshing || undefined}
        className={cn(
          'w-full border-collapse text-sm transition-opacity',
          isRefreshing && 'opacity-60',
        )}
      >
        <thead className="bg-zinc-50 text-xs text-zinc-600 dark:bg-zinc-900 dark:text-zinc-400">
          <tr className="border-b border-zinc-200 dark:border-zinc-800">
            {columns.map((column) => (
              <SortHeader
                key={column.id}
                column={column}
                sort={view.sort}
                order={view.order}
                onSort={onSort}
              />
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-zinc-100 dark:divide-zinc-800">
          {isLoading
            ? Array.from({ length: 6 }, (_, index) => (
                <tr key={index}>
                  {columns.map((column) => (
                    <td key={column.id} className="px-3 py-3">
                      <Skeleton
                        className={cn('h-4', column.id === 'title' ? 'w-48' : 'ml-auto w-12')}
                      />
                    </td>
                  ))}
                </tr>
              ))
            : rows.map((row) => (
                <tr key={row.id} className="group/row hover:bg-zinc-50 dark:hover:bg-zinc-800/40">
                  {columns.map((column) =>
                    column.id === 'title' ? (
                      <th
                        key={column.id}
                        scope="row"
                        className="sticky left-0 z-10 max-w-[14rem] min-w-[11rem] bg-white px-3 py-2.5 text-left align-top font-normal group-hover/row:bg-zinc-50 sm:max-w-[18rem] sm:min-w-[14rem] dark:bg-zinc-900 dark:group-hover/row:bg-zinc-800"
                      >
                        {column.render(row)}
                      </th>
                    ) : (
                      <td
                        key={column.id}
                        className={cn(
                          'px-3 py-2.5 align-top whitespace-nowrap',
                          column.isNumeric
                            ? 'text-right tabular-nums'
                            : 'text-zinc-700 dark:text-zinc-300',
                        )}
                      >
                        {column.render(row)}
                      </td>
                    ),
                  )}
                </tr>
              ))}
        </tbody>
      </table>
    </div>
  );
}

// ── Controls ────────────────────────────────────────────────────────────────

const selectClass =
  'h-9 rounded-lg border border-zinc-300 bg-white px-3 text-sm text-zinc-900 shadow-sm focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100';

/**
 * Debounced search: the URL (and so the request) follows the text once typing pauses. It carries
 * the shortcut marker, and the shell focuses a search inside `main` first, so `/` lands here.
 */
function ContentSearch({ value, onSearch }: { value: string; onSearch: (value: string) => void }) {
  const id = useId();
  const [text, setText] = useState(value);
  const [syncedValue, setSyncedValue] = useState(value);
  const [sentValue, setSentValue] = useState(value);
  if (value !== syncedValue) {
    setSyncedValue(value);
    // Changed from elsewhere (Clear filters, back button) rather than by this box: show it.
    if (value !== sentValue) {
      setSentValue(value);
      setText(value);
    }
  }

  const commit = useCallback(
    (next: string) => {
      setSentValue(next);
      onSearch(next);
    },
    [onSearch],
  );

  useEffect(() => {
    const next = text.trim();
    if (next === value) return;
    const timer = setTimeout(() => commit(next), CONTENT_SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text, value, commit]);

  return (
    <div className="relative w-full sm:w-64">
      <label htmlFor={id} className="sr-only">
        Search your content
      </label>
      <Search
        className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-zinc-500"
        aria-hidden="true"
      />
      <input
        id={id}
        type="search"
        data-shortcut="search"
        title="Search your content (press /)"
        placeholder="Search titles"
        maxLength={200}
        value={text}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && text.trim() !== value) commit(text.trim());
        }}
        className="h-9 w-full rounded-lg border border-zinc-300 bg-white pr-3 pl-9 text-sm text-zinc-900 shadow-sm placeholder:text-zinc-500 focus:border-brand-600 focus:ring-2 focus:ring-brand-600/30 focus:outline-none dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100 dark:placeholder:text-zinc-400"
      />
    </div>
  );
}

function Pagination({
  page,
  pageSize,
  total,
  shown,
  onPage,
}: {
  page: number;
  pageSize: number;
  total: number;
  shown: number;
  onPage: (page: number) => void;
}) {
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const first = shown === 0 ? 0 : (page - 1) * pageSize + 1;
  const last = shown === 0 ? 0 : first + shown - 1;
  return (
    <div className="flex flex-col gap-3 border-t border-zinc-200 px-4 py-3 text-sm sm:flex-row sm:items-center sm:justify-between dark:border-zinc-800">
      <p className="text-zinc-600 dark:text-zinc-400" aria-live="polite" aria-atomic="true">
        {total === 0
          ? 'No items'
          : `Showing ${formatFullNumber(first)}–${formatFullNumber(last)} of ${formatFullNumber(total)} ${total === 1 ? 'item' : 'items'}`}
      </p>
      {pageCount > 1 ? (
        <nav aria-label="Content pages" className="flex items-center gap-2">
          <Button
            variant="secondary"
            size="sm"
            disabled={page <= 1}
            onClick={() => onPage(page - 1)}
          >
            <ChevronLeft className="h-4 w-4" aria-hidden="true" />
            Previous
          </Button>
          <span className="px-1 whitespace-nowrap text-zinc-600 tabular-nums dark:text-zinc-400">
            Page {formatFullNumber(Math.min(page, pageCount))} of {formatFullNumber(pageCount)}
          </span>
          <Button
            variant="secondary"
            size="sm"
            disabled={page >= pageCount}
            onClick={() => onPage(page + 1)}
          >
            Next
            <ChevronRight className="h-4 w-4" aria-hidden="true" />
          </Button>
        </nav>
      ) : null}
    </div>
  );
}

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
        <ContentTable
          rows={rows}
          view={view}
          isLoading={!data}
          isRefreshing={query.isPlaceholderData}
          onSort={(sort, order) => setView({ sort, order })}
        />
        {data ? (
          <Pagination
            page={page}
            pageSize={data.pageSize}
            total={total}
            shown={rows.length}
            onPage={(next) => setView({ page: next })}
          />
        ) : null}
      </>
    );
  }

  return (
    <>
      <PageHeader
        title="Content"
        description="Every video, Short, Reel and post — see which releases bring in new fans."
        actions={
          <Button
            variant="secondary"
            onClick={() => void onExport()}
            isLoading={isExporting}
            disabled={total === 0}
            title="Export CSV (Ctrl+Shift+E)"
          >
            {isExporting ? null : <Download className="h-4 w-4" aria-hidden="true" />}
            Export CSV
          </Button>
        }
      />
      <div className="mb-4 flex flex-col gap-3 lg:flex-row lg:flex-wrap lg:items-center">
        <DashboardFilters showCompare={false} />
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center lg:ml-auto">
          <label className="flex items-center gap-2 text-sm">
            <span className="text-zinc-600 dark:text-zinc-400">Type</span>
            <select
              className={selectClass}
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
          <ContentSearch value={view.search} onSearch={onSearch} />
        </div>
      </div>
      <Card className="overflow-hidden">{body}</Card>
      <p className="mt-3 text-xs text-zinc-600 dark:text-zinc-400">
        Figures cover the selected period. “—” means the platform doesn’t report that figure for
        this item. The CSV export holds every item matching your filters, in this order.
      </p>
    </>
  );
}
