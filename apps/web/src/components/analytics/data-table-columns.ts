import { useState, type ReactNode } from 'react';

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

export const ariaSort = { asc: 'ascending', desc: 'descending' } as const;

/** Columns sorted by a moment (a publication, an upload) read newest / oldest first. */
const isDateSortKey = (key: string | undefined) => key === 'publishedAt' || key === 'createdAt';

export function naturalOrder<Row>(column: DataColumn<Row>): SortOrder {
  if (column.firstOrder) return column.firstOrder;
  return column.align === 'right' || isDateSortKey(column.sortKey) ? 'desc' : 'asc';
}

export function sortOrderLabel<Row>(column: DataColumn<Row>, order: SortOrder): string {
  if (isDateSortKey(column.sortKey)) return order === 'desc' ? 'newest first' : 'oldest first';
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
export function useHiddenColumns<Row>(tableId: string, columns: DataColumn<Row>[]) {
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
