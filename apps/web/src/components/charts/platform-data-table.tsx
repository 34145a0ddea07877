import { ArrowDown, ArrowUp, ArrowUpDown, ChevronLeft, ChevronRight } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Select } from '@/components/ui/input';
import { cn } from '@/lib/cn';
import { formatFullNumber } from '@/lib/format';
import { PlatformSkeleton } from './platform-skeleton';

export type SortOrder = 'asc' | 'desc';

export type PlatformColumn<Row> = {
  id: string;
  header: string;
  /** The API's sort key; columns without one are not sortable. */
  sortKey?: string;
  align?: 'left' | 'right';
  /** Extra classes for header and cells, e.g. hiding a column on small screens. */
  className?: string;
  cell: (row: Row) => ReactNode;
};

const ariaSort = { asc: 'ascending', desc: 'descending' } as const;

function sortOrderLabel<Row>(column: PlatformColumn<Row>, order: SortOrder): string {
  if (column.sortKey === 'publishedAt') return order === 'desc' ? 'newest first' : 'oldest first';
  if (column.align === 'right') return order === 'desc' ? 'highest first' : 'lowest first';
  return order === 'asc' ? 'A–Z' : 'Z–A';
}

/**
 * An accessible, server-sorted table: sortable headers are buttons inside `th[aria-sort]`;
 * the first column's content is expected to hold the row's keyboard target (e.g. a button).
 */
export function PlatformDataTable<Row>({
  label,
  columns,
  rows,
  getRowId,
  sort,
  onSortChange,
  onRowClick,
  isLoading,
  isRefreshing,
  emptyState,
  skeletonRows = 5,
}: {
  label: string;
  columns: PlatformColumn<Row>[];
  rows: Row[];
  getRowId: (row: Row) => string;
  sort: { key: string; order: SortOrder };
  /** Without `order` the caller picks: flip the current column, or a new column's natural end. */
  onSortChange: (key: string, order?: SortOrder) => void;
  /** Mouse convenience: the row's own button stays the keyboard target. */
  onRowClick?: (row: Row, element: HTMLTableRowElement) => void;
  isLoading: boolean;
  isRefreshing?: boolean;
  emptyState: ReactNode;
  skeletonRows?: number;
}) {
  const selectId = useId();
  const alignClass = (column: PlatformColumn<Row>) =>
    column.align === 'right' ? 'text-right' : 'text-left';
  const sortable = columns.filter((column) => column.sortKey !== undefined);
  return (
    <div className="-mx-4 overflow-x-auto sm:mx-0">
      {/* Narrow screens hide most columns (and their sort buttons): offer every sort here. */}
      <div className="flex items-center gap-2 px-4 pb-3 sm:hidden">
        <label htmlFor={`${selectId}-sort`} className="shrink-0 text-sm font-medium">
          Sort by
        </label>
        <Select
          id={`${selectId}-sort`}
          value={`${sort.key}:${sort.order}`}
          onChange={(event) => {
            const [key = '', order] = event.target.value.split(':');
            onSortChange(key, order === 'asc' ? 'asc' : 'desc');
          }}
        >
          {sortable.flatMap((column) =>
            (['desc', 'asc'] as const).map((order) => (
              <option key={`${column.sortKey}:${order}`} value={`${column.sortKey}:${order}`}>
                {column.header} ({sortOrderLabel(column, order)})
              </option>
            )),
          )}
        </Select>
      </div>
      <table
        aria-label={label}
        aria-busy={isLoading || isRefreshing || undefined}
        className={cn(
          'w-full min-w-full border-collapse text-sm transition-opacity',
          isRefreshing && 'opacity-60',
        )}
      >
        <thead>
          <tr className="border-b border-zinc-200 dark:border-zinc-800">
            {columns.map((column) => {
              const isSorted = column.sortKey !== undefined && sort.key === column.sortKey;
              const SortIcon = isSorted
                ? sort.order === 'asc'
                  ? ArrowUp
                  : ArrowDown
                : ArrowUpDown;
              return (
                <th
                  key={column.id}
                  scope="col"
                  aria-sort={
                    column.sortKey ? (isSorted ? ariaSort[sort.order] : 'none') : undefined
                  }
                  className={cn(
                    'px-4 py-2.5 text-xs font-semibold tracking-wide whitespace-nowrap text-zinc-600 uppercase first:pl-4 sm:first:pl-2 dark:text-zinc-400',
                    alignClass(column),
                    column.className,
                  )}
                >
                  {column.sortKey ? (
                    <button
                      type="button"
                      onClick={() => onSortChange(column.sortKey!)}
                      className={cn(
                        'inline-flex items-center gap-1 rounded-md px-1 py-0.5 uppercase hover:text-zinc-900 dark:hover:text-zinc-100',
                        column.align === 'right' && 'flex-row-reverse',
                        isSorted && 'text-zinc-900 dark:text-zinc-100',
                      )}
                    >
                      {column.header}
                      <SortIcon
                        className={cn('h-3.5 w-3.5', !isSorted && 'opacity-50')}
                        aria-hidden="true"
                      />
                    </button>
                  ) : (
                    <span className="px-1">{column.header}</span>
                  )}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {isLoading
            ? Array.from({ length: skeletonRows }, (_, index) => (
                <tr key={index} className="border-b border-zinc-100 dark:border-zinc-800/70">
                  {columns.map((column, columnIndex) => (
                    <td key={column.id} className={cn('px-4 py-3 sm:first:pl-2', column.className)}>
                      <PlatformSkeleton
                        className={cn(
                          'h-4',
                          columnIndex === 0 ? 'w-48' : 'ml-auto w-12',
                          column.align !== 'right' && columnIndex !== 0 && 'ml-0',
                        )}
                      />
                    </td>
                  ))}
                </tr>
              ))
            : rows.map((row) => (
                <tr
                  key={getRowId(row)}
                  onClick={onRowClick ? (event) => onRowClick(row, event.currentTarget) : undefined}
                  className={cn(
                    'border-b border-zinc-100 dark:border-zinc-800/70',
                    onRowClick &&
                      'cursor-pointer hover:bg-zinc-50 focus-within:bg-zinc-50 dark:hover:bg-zinc-800/50 dark:focus-within:bg-zinc-800/50',
                  )}
                >
                  {columns.map((column) => (
                    <td
                      key={column.id}
                      className={cn(
                        'px-4 py-3 align-middle sm:first:pl-2',
                        alignClass(column),
                        column.align === 'right' && 'whitespace-nowrap tabular-nums',
                        column.className,
                      )}
                    >
                      {column.cell(row)}
                    </td>
                  ))}
                </tr>
              ))}
        </tbody>
      </table>
      {!isLoading && rows.length === 0 ? <div className="px-4 py-8">{emptyState}</div> : null}
    </div>
  );
}

export function PlatformPagination({
  label,
  page,
  pageSize,
  total,
  onPageChange,
  itemName = 'items',
}: {
  label: string;
  page: number;
  pageSize: number;
  total: number;
  onPageChange: (page: number) => void;
  itemName?: string;
}) {
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const first = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const last = Math.min(total, page * pageSize);
  return (
    <nav
      aria-label={label}
      className="flex flex-col-reverse items-center justify-between gap-3 pt-4 sm:flex-row"
    >
      <p className="text-sm text-zinc-600 dark:text-zinc-400" aria-live="polite">
        {total === 0
          ? `No ${itemName}`
          : `${formatFullNumber(first)}–${formatFullNumber(last)} of ${formatFullNumber(total)} ${itemName}`}
      </p>
      <div className="flex items-center gap-2">
        <Button
          variant="secondary"
          size="sm"
          onClick={() => onPageChange(page - 1)}
          disabled={page <= 1}
        >
          <ChevronLeft className="h-4 w-4" aria-hidden="true" /> Previous
        </Button>
        <span className="text-sm tabular-nums text-zinc-600 dark:text-zinc-400">
          Page {page} of {pageCount}
        </span>
        <Button
          variant="secondary"
          size="sm"
          onClick={() => onPageChange(page + 1)}
          disabled={page >= pageCount}
        >
          Next <ChevronRight className="h-4 w-4" aria-hidden="true" />
        </Button>
      </div>
    </nav>
  );
}
