import { useMemo, type ReactNode } from 'react';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';
import { PHONE_QUERY, useMediaQuery } from '@/lib/use-media-query';
import { useHiddenColumns, type DataColumn, type SortOrder } from './data-table-columns';
import { ColumnChooser, HeaderCell, SortSelect } from './data-table-controls';

export type { DataColumn, SortOrder } from './data-table-columns';

/**
 * The analytics tables' one table: server-sorted headers (buttons inside `th[aria-sort]`), the
 * first column (the item's title) sticky as its row header, a column chooser for the optional
 * figures, and on a phone a list of cards with a "Sort by" control instead. Wide content scrolls
 * inside the table's own box, never the page. The first column's content holds the row's
 * keyboard target (a link or button); `onRowClick` is a mouse convenience.
 */
export function DataTable<Row>({
  id,
  label,
  columns,
  rows,
  getRowId,
  sort,
  onSortChange,
  onRowClick,
  isLoading,
  isRefreshing = false,
  emptyState,
  skeletonRows = 5,
  titleWidth = 'w-[40%] max-w-[22rem] min-w-[13rem]',
}: {
  /** Names the table's remembered column choice. */
  id: string;
  label: string;
  columns: DataColumn<Row>[];
  rows: Row[];
  getRowId: (row: Row) => string;
  sort: { key: string; order: SortOrder };
  onSortChange: (key: string, order: SortOrder) => void;
  onRowClick?: (row: Row, element: HTMLElement) => void;
  isLoading: boolean;
  isRefreshing?: boolean;
  emptyState?: ReactNode;
  skeletonRows?: number;
  /** The first column's width classes (a table of many figures may give its titles less room). */
  titleWidth?: string;
}) {
  const isPhone = useMediaQuery(PHONE_QUERY);
  const { hidden, toggle } = useHiddenColumns(id, columns);
  const visible = useMemo(
    () => columns.filter((column, index) => index === 0 || !hidden.includes(column.id)),
    [columns, hidden],
  );
  const [titleColumn, ...figureColumns] = visible;
  const hasOptional = columns.length > 1;
  const busy = isLoading || isRefreshing || undefined;

  const toolbar = (
    <div className="flex items-center justify-end gap-2 px-4 py-2">
      {isPhone ? (
        <SortSelect columns={columns} sort={sort} onSortChange={onSortChange} />
      ) : hasOptional ? (
        <ColumnChooser columns={columns} hidden={hidden} onToggle={toggle} />
      ) : null}
    </div>
  );

  if (isPhone) {
    return (
      <div>
        {toolbar}
        <ul
          aria-label={label}
          aria-busy={busy}
          className={cn(
            'flex flex-col divide-y divide-zinc-100 border-t border-zinc-200 transition-opacity dark:divide-zinc-800 dark:border-zinc-800',
            isRefreshing && 'opacity-60',
          )}
        >
          {isLoading
            ? Array.from({ length: skeletonRows }, (_, index) => (
                <li key={index} className="flex flex-col gap-2 px-4 py-3">
                  <Skeleton className="h-4 w-48" />
                  <Skeleton className="h-4 w-32" />
                </li>
              ))
            : rows.map((row) => (
                <li
                  key={getRowId(row)}
                  onClick={onRowClick ? (event) => onRowClick(row, event.currentTarget) : undefined}
                  className={cn(
                    'flex min-w-0 flex-col gap-2 px-4 py-3',
                    onRowClick && 'cursor-pointer',
                  )}
                >
                  {titleColumn ? <div className="min-w-0">{titleColumn.cell(row)}</div> : null}
                  <dl className="grid grid-cols-3 gap-x-3 gap-y-2 text-sm">
                    {figureColumns.map((column) => (
                      <div key={column.id} className="flex min-w-0 flex-col">
                        <dt className="text-xs break-words text-zinc-600 dark:text-zinc-400">
                          {column.header}
                        </dt>
                        <dd className="font-medium tabular-nums">{column.cell(row)}</dd>
                      </div>
                    ))}
                  </dl>
                </li>
              ))}
        </ul>
        {!isLoading && rows.length === 0 && emptyState ? (
          <div className="px-4 py-6">{emptyState}</div>
        ) : null}
      </div>
    );
  }

  return (
    <div className="min-w-0">
      {toolbar}
      {/* Positioned, so screen-reader-only text in far cells scrolls with the table, not the page. */}
      <div className="relative overflow-x-auto">
        <table
          aria-label={label}
          aria-busy={busy}
          className={cn(
            'w-full border-collapse text-sm transition-opacity',
            isRefreshing && 'opacity-60',
          )}
        >
          <thead className="bg-zinc-50 text-xs text-zinc-600 dark:bg-zinc-900 dark:text-zinc-400">
            <tr className="border-y border-zinc-200 dark:border-zinc-800">
              {visible.map((column, index) => (
                <HeaderCell
                  key={column.id}
                  column={column}
                  isFirst={index === 0}
                  sort={sort}
                  onSortChange={onSortChange}
                />
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-zinc-100 dark:divide-zinc-800">
            {isLoading
              ? Array.from({ length: skeletonRows }, (_, index) => (
                  <tr key={index}>
                    {visible.map((column, columnIndex) => (
                      <td key={column.id} className="px-3 py-3">
                        <Skeleton
                          className={cn('h-4', columnIndex === 0 ? 'w-48' : 'ml-auto w-12')}
                        />
                      </td>
                    ))}
                  </tr>
                ))
              : rows.map((row) => (
                  <tr
                    key={getRowId(row)}
                    onClick={
                      onRowClick ? (event) => onRowClick(row, event.currentTarget) : undefined
                    }
                    className={cn(
                      'group/row hover:bg-zinc-50 dark:hover:bg-zinc-800/40',
                      onRowClick && 'cursor-pointer',
                    )}
                  >
                    {visible.map((column, index) =>
                      index === 0 ? (
                        <th
                          key={column.id}
                          scope="row"
                          className={cn(
                            'sticky left-0 z-10 bg-white px-3 py-2.5 text-left align-middle font-normal group-hover/row:bg-zinc-50 dark:bg-zinc-900 dark:group-hover/row:bg-zinc-800',
                            titleWidth,
                          )}
                        >
                          {column.cell(row)}
                        </th>
                      ) : (
                        <td
                          key={column.id}
                          className={cn(
                            'px-2 py-2.5 align-middle whitespace-nowrap',
                            column.align === 'right'
                              ? 'text-right tabular-nums'
                              : 'text-zinc-700 dark:text-zinc-300',
                          )}
                        >
                          {column.cell(row)}
                        </td>
                      ),
                    )}
                  </tr>
                ))}
          </tbody>
        </table>
      </div>
      {!isLoading && rows.length === 0 && emptyState ? (
        <div className="px-4 py-8">{emptyState}</div>
      ) : null}
    </div>
  );
}
