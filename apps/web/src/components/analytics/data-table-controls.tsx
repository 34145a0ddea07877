import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { ArrowDown, ArrowUp, ArrowUpDown, Check, Columns3 } from 'lucide-react';
import { useId } from 'react';
import { Button } from '@/components/ui/button';
import { Select } from '@/components/ui/select';
import { cn } from '@/lib/cn';
import {
  ariaSort,
  naturalOrder,
  sortOrderLabel,
  type DataColumn,
  type SortOrder,
} from './data-table-columns';

export function ColumnChooser<Row>({
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

export function SortSelect<Row>({
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

export function HeaderCell<Row>({
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
