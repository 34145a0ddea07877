import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { ArrowDown, ArrowUp, ArrowUpDown, Check, Columns3 } from 'lucide-react';
import { useId, useMemo, useState, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Select } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';
import { PHONE_QUERY, useMediaQuery } from '@/lib/use-media-query';

export type SortOrder = 'asc' | 'desc';

export type DataColumn<Row> = {
  id: string;
  header: string;
  /** The API's sort key; columns without one are not sortable. */
  sortKey?: string;
  /** The first click's order; otherwise numbers and dates biggest or newest first, text A–Z. */
  firstOrder?: SortOrder;
  align?: 'left' | 'right';
  /** Starts hidden; the column chooser shows it. The first (title) column is always shown. */
  isHiddenByDefault?: boolean;
  cell: (row: Row) => ReactNode;
};

const ariaSort = { asc: 'ascending', desc: 'descending' } as const;

function naturalOrder<Row>(column: DataColumn<Row>): SortOrder {
  if (column.firstOrder) return column.firstOrder;
  return column.align === 'right' || column.sortKey === 'publishedAt' ? 'desc' : 'asc';
}

function sortOrderLabel<Row>(column: DataColumn<Row>, order: SortOrder): string {
  if (column.sortKey === 'publishedAt') return order === 'desc' ? 'newest first' : 'oldest first';
  if (column.align === 'right') return order === 'desc' ? 'highest first' : 'lowest first';
  return order === 'asc' ? 'A–Z' : 'Z–A';
}

const storageKey = (tableId: string) => `crescendo.table-columns.${tableId}`;

function readHidden<Row>(tableId: string, columns: DataColumn<Row>[]): string[] {
  try {
    const stored = window.localStorage.getItem(storageKey(tableId));
    if (stored) {
      const parsed: unknown = JSON.parse(stored);
      if (Array.isArray(parsed)) return parsed.filter((id) => typeof id === 'string');
    }
  } catch {
    // Storage blocked or a hand-edited value: fall back to the defaults.
  }
  return columns.filter((column) => column.isHiddenByDefault).map((column) => column.id);
}

/** Which optional columns are hidden, remembered per table in this browser. */
function useHiddenColumns<Row>(tableId: string, columns: DataColumn<Row>[]) {
  const [hidden, setHidden] = useState(() => readHidden(tableId, columns));
  const toggle = (id: string) =>
    setHidden((current) => {
      const next = current.includes(id) ? current.filter((item) => item !== id) : [...current, id];
      try {
        window.localStorage.setItem(storageKey(tableId), JSON.stringify(next));
      } catch {
        // Not remembered, still applied.
      }
      return next;
    });
  return { hidden, toggle };
}

function ColumnChooser<Row>({
  columns,
  hidden,
  onToggle,
}: {
  columns: DataColumn<Row>[];
  hidden: string[];
  onToggle: (id: string) => void;
}) {
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger asChild>
        <Button variant="secondary" size="sm">
          <Columns3 className="h-4 w-4" aria-hidden="true" />
          Columns
        </Button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={6}
          className="z-50 min-w-48 rounded-xl border border-zinc-200 bg-white p-1 text-sm shadow-lg dark:border-zinc-800 dark:bg-zinc-900"
        >
          <DropdownMenu.Label className="px-2 py-1.5 text-xs font-semibold text-zinc-600 dark:text-zinc-400">
            Show columns
          </DropdownMenu.Label>
          {columns.slice(1).map((column) => (
            <DropdownMenu.CheckboxItem
              key={column.id}
              checked={!hidden.includes(column.id)}
              onSelect={(event) => event.preventDefault()}
              onCheckedChange={() => onToggle(column.id)}
              className="flex cursor-pointer items-center gap-2 rounded-md py-1.5 pr-3 pl-2 outline-none select-none data-[highlighted]:bg-zinc-100 dark:data-[highlighted]:bg-zinc-800"
            >
              <span className="flex h-4 w-4 items-center justify-center">
                <DropdownMenu.ItemIndicator>
                  <Check className="h-4 w-4" aria-hidden="true" />
                </DropdownMenu.ItemIndicator>
              </span>
              {column.header}
            </DropdownMenu.CheckboxItem>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

function SortSelect<Row>({
  columns,
  sort,
  onSortChange,
}: {
  columns: DataColumn<Row>[];
  sort: { key: string; order: SortOrder };
  onSortChange: (key: string, order: SortOrder) => void;
}) {
  const id = useId();
  return (
    <div className="flex min-w-0 flex-1 items-center gap-2">
      <label htmlFor={id} className="shrink-0 text-sm font-medium">
        Sort by
      </label>
      <Select
        id={id}
        value={`${sort.key}:${sort.order}`}
        onChange={(event) => {
          const [key = '', order] = event.target.value.split(':');
          onSortChange(key, order === 'asc' ? 'asc' : 'desc');
        }}
      >
        {columns
          .filter((column) => column.sortKey !== undefined)
          .flatMap((column) =>
            (['desc', 'asc'] as const).map((order) => (
              <option key={`${column.sortKey}:${order}`} value={`${column.sortKey}:${order}`}>
                {column.header} ({sortOrderLabel(column, order)})
              </option>
            )),
          )}
      </Select>
    </div>
  );
}

function HeaderCell<Row>({
  column,
  isFirst,
  sort,
  onSortChange,
}: {
  column: DataColumn<Row>;
  isFirst: boolean;
  sort: { key: string; order: SortOrder };
  onSortChange: (key: string, order: SortOrder) => void;
}) {
  const isSorted = column.sortKey !== undefined && sort.key === column.sortKey;
  const Icon = isSorted ? (sort.order === 'asc' ? ArrowUp : ArrowDown) : ArrowUpDown;
  const flipped: SortOrder = sort.order === 'asc' ? 'desc' : 'asc';
  return (
    <th
      scope="col"
      aria-sort={isSorted ? ariaSort[sort.order] : undefined}
      className={cn(
        'px-1 py-1.5 font-medium whitespace-nowrap',
        column.align === 'right' ? 'text-right' : 'text-left',
        isFirst && 'sticky left-0 z-10 bg-zinc-50 pl-2 dark:bg-zinc-900',
      )}
    >
      {column.sortKey ? (
        <button
          type="button"
          onClick={() => onSortChange(column.sortKey!, isSorted ? flipped : naturalOrder(column))}
          className={cn(
            'inline-flex items-center gap-1 rounded-md px-2 py-1 hover:bg-zinc-200/70 hover:text-zinc-900 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none dark:hover:bg-zinc-800 dark:hover:text-zinc-100',
            column.align === 'right' && 'flex-row-reverse',
            isSorted && 'text-zinc-900 dark:text-zinc-100',
          )}
        >
          {column.header}
          <Icon className={cn('h-3.5 w-3.5', !isSorted && 'opacity-50')} aria-hidden="true" />
        </button>
      ) : (
        <span className="px-2">{column.header}</span>
      )}
    </th>
  );
}

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
                          className="sticky left-0 z-10 w-[40%] max-w-[22rem] min-w-[13rem] bg-white px-3 py-2.5 text-left align-middle font-normal group-hover/row:bg-zinc-50 dark:bg-zinc-900 dark:group-hover/row:bg-zinc-800"
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
