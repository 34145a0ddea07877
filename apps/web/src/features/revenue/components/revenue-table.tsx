import type { EarningsRow, RevenueGroupBy, RevenueResponse } from '@crescendo/contracts';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { DataTable, type DataColumn, type SortOrder } from '@/components/analytics/data-table';
import { Badge } from '@/components/ui/badge';
import { buildSongHref } from '@/config/paths';
import { formatFullNumber } from '@/lib/format';
import { formatMoney, formatMonth, formatPerUnitMoney } from '@/lib/money';
import { toMonthFigures } from '../utils/revenue-months';

export const groupLabels: Record<RevenueGroupBy, string> = {
  store: 'Store',
  country: 'Country',
  song: 'Song',
  release: 'Release',
  month: 'Month',
  source: 'Source',
};

/** A table row: a month no statement has reached has no figures. */
type Row = {
  key: string;
  label: string;
  earnings: number | null;
  quantity: number | null;
  perUnit: number | null;
  isPartial: boolean;
};

type SortKey = 'label' | 'earnings' | 'quantity' | 'perUnit';

function toRows(response: RevenueResponse, groupBy: RevenueGroupBy): Row[] {
  if (groupBy === 'month') {
    return toMonthFigures(response).map((figure) => ({
      key: figure.month,
      label: formatMonth(figure.month),
      earnings: figure.earnings,
      quantity: figure.quantity,
      perUnit: figure.perUnit,
      isPartial: figure.isPartial,
    }));
  }
  return response.rows.map((row: EarningsRow) => ({ ...row, isPartial: false }));
}

function sortRows(rows: Row[], key: SortKey, order: SortOrder, groupBy: RevenueGroupBy): Row[] {
  const direction = order === 'asc' ? 1 : -1;
  return [...rows].sort((left, right) => {
    if (key === 'label') {
      // Months sort by their key (time), everything else by its name.
      return (
        (groupBy === 'month'
          ? left.key.localeCompare(right.key)
          : left.label.localeCompare(right.label)) * direction
      );
    }
    // Rows without a figure (not reported yet) go last either way.
    const a = left[key];
    const b = right[key];
    if (a === null || b === null) return a === b ? 0 : a === null ? 1 : -1;
    return (a - b) * direction;
  });
}

const notReported = (
  <span className="text-zinc-600 italic dark:text-zinc-400">Not reported yet</span>
);

function buildColumns(groupBy: RevenueGroupBy, currency: string): DataColumn<Row>[] {
  return [
    {
      id: 'label',
      header: groupLabels[groupBy],
      sortKey: 'label',
      firstOrder: groupBy === 'month' ? 'desc' : 'asc',
      cell: (row) => (
        <span className="flex flex-wrap items-center gap-2">
          {groupBy === 'song' ? (
            <Link
              to={buildSongHref(row.key)}
              className="font-medium text-brand-700 hover:underline dark:text-brand-300"
            >
              {row.label}
            </Link>
          ) : (
            <span className="font-medium">{row.label}</span>
          )}
          {row.isPartial ? <Badge tone="warning">Partly reported</Badge> : null}
        </span>
      ),
    },
    {
      id: 'earnings',
      header: `Earnings (${currency})`,
      sortKey: 'earnings',
      align: 'right',
      cell: (row) => (row.earnings === null ? notReported : formatMoney(row.earnings, currency)),
    },
    {
      id: 'quantity',
      header: 'Streams & sales',
      sortKey: 'quantity',
      align: 'right',
      cell: (row) => (row.quantity === null ? notReported : formatFullNumber(row.quantity)),
    },
    {
      id: 'perUnit',
      header: 'Pay per unit',
      sortKey: 'perUnit',
      align: 'right',
      cell: (row) =>
        row.earnings === null ? notReported : formatPerUnitMoney(row.perUnit, currency),
    },
  ];
}

/** The grouped earnings: by store, country, song, release, month or source. */
export function RevenueTable({
  response,
  groupBy,
  isRefreshing,
}: {
  response: RevenueResponse | undefined;
  groupBy: RevenueGroupBy;
  isRefreshing: boolean;
}) {
  // Months read newest first, everything else biggest earner first; a new grouping starts over.
  const defaultSort = (by: RevenueGroupBy): { key: SortKey; order: SortOrder } =>
    by === 'month' ? { key: 'label', order: 'desc' } : { key: 'earnings', order: 'desc' };
  const [chosen, setChosen] = useState<{
    groupBy: RevenueGroupBy;
    key: SortKey;
    order: SortOrder;
  } | null>(null);
  const effectiveSort = chosen && chosen.groupBy === groupBy ? chosen : defaultSort(groupBy);
  const rows = useMemo(
    () =>
      response
        ? sortRows(toRows(response, groupBy), effectiveSort.key, effectiveSort.order, groupBy)
        : [],
    [response, groupBy, effectiveSort.key, effectiveSort.order],
  );
  const columns = useMemo(
    () => buildColumns(groupBy, response?.currency ?? 'USD'),
    [groupBy, response?.currency],
  );
  return (
    <DataTable
      id={`revenue-${groupBy}`}
      label={`Earnings by ${groupLabels[groupBy].toLowerCase()}`}
      columns={columns}
      rows={rows}
      getRowId={(row) => row.key}
      sort={effectiveSort}
      onSortChange={(key, order) => setChosen({ groupBy, key: key as SortKey, order })}
      isLoading={!response}
      isRefreshing={isRefreshing}
      emptyState={
        <p className="text-center text-sm text-zinc-600 dark:text-zinc-400">
          No statement lines in this period.
        </p>
      }
    />
  );
}
