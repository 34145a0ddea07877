import type { ImportSource, RevenueGroupBy } from '@crescendo/contracts';
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import {
  accountDailyMetrics,
  analyticsAccounts,
  imports,
  organizations,
  releases,
  songs,
  statementLines,
  statementMonthTotals,
} from '../../../db/schema';
import { prepareStatement, prepareStatementsByShape } from '../../../db/statement';

const l = statementLines;
const s = songs;
const r = releases;
const o = organizations;
const t = statementMonthTotals;

/** The lines one revenue read covers: the organisation's, sale months `from`..`to`, filters. */
export type RevenueFilter = {
  organizationId: string;
  /** First and last day: a month is in when its first day (its `sale_month`) is between them. */
  from: string;
  to: string;
  store?: string | undefined;
  country?: string | undefined;
  source?: ImportSource | undefined;
  isrc?: string | undefined;
};

export type RevenueRow = {
  kind: 'row' | 'total' | 'excluded';
  key: string | null;
  label: string | null;
  earnings: string;
  quantity: string;
  per_unit: string | null;
  lines: string | number | null;
  currency: string;
};

type Shape = {
  groupBy: RevenueGroupBy;
  store: boolean;
  country: boolean;
  source: boolean;
  isrc: boolean;
};

/**
 * The part both reads share: the organisation's currency, the grouped rows of `scoped` (the
 * lines or monthly sums in range, each marked `is_included` when in that currency), their total,
 * and what was left out per other currency. `table` is the alias `scoped` is read under, so the
 * grouping's columns and joins name it as they name the table.
 */
function revenueAnswer(options: {
  table: typeof l | typeof t;
  scopedColumns: SQL;
  scopedWhere: SQL;
  grouping: { key: SQL; label: SQL; joins: SQL };
  excludedLines: SQL;
}): SQL {
  const { table, grouping } = options;
  return sql`with account as (
      select ${o.currency} as currency from ${o} where ${o.id} = ${sql.placeholder('organizationId')}
    ),
    scoped as (
      select ${options.scopedColumns},
        ${table.currency} = (select currency from account) as is_included
      from ${table}
      where ${options.scopedWhere}
    ),
    grouped as (
      select ${grouping.key} as key, ${grouping.label} as label,
        sum(${table.earnings}) as earnings, sum(${table.quantity}) as quantity
      from scoped as ${table} ${grouping.joins}
      where is_included
      group by 1
    )
    select 'row' as kind, key, label, round(earnings, 2)::text as earnings,
      quantity::text as quantity,
      case when quantity > 0 then round(earnings / quantity, 8)::text end as per_unit,
      null::bigint as lines, (select currency from account) as currency
    from grouped
    union all
    select 'total', null, null, round(coalesce(sum(earnings), 0), 2)::text,
      coalesce(sum(quantity), 0)::text,
      case when sum(quantity) > 0 then round(sum(earnings) / sum(quantity), 8)::text end,
      null, (select currency from account)
    from grouped
    union all
    select 'excluded', null, null, round(sum(${table.earnings}), 2)::text,
      sum(${table.quantity})::text, null, ${options.excludedLines}, ${table.currency}
    from scoped as ${table}
    where not is_included
    group by ${table.currency}`;
}

// Each grouping's key and label. Lines without a song or release (release-level or other lines)
// gather under the empty key.
const groupings: Record<RevenueGroupBy, { key: SQL; label: SQL; joins: SQL }> = {
  store: {
    key: sql`${l.store}`,
    // Distributors spell a store differently; the most frequent spelling names it.
    label: sql`mode() within group (order by ${l.storeName})`,
    joins: sql``,
  },
  country: { key: sql`coalesce(${l.country}, '')`, label: sql`null::text`, joins: sql`` },
  song: {
    key: sql`coalesce(${s.isrc}, '')`,
    label: sql`max(coalesce(${s.title}, ''))`,
    joins: sql`left join ${s} on ${s.organizationId} = ${l.organizationId} and ${s.id} = ${l.songId}`,
  },
  release: {
    key: sql`coalesce(${r.upc}, ${r.id}::text, '')`,
    label: sql`max(coalesce(${r.title}, ''))`,
    joins: sql`left join ${s} on ${s.organizationId} = ${l.organizationId} and ${s.id} = ${l.songId}
      left join ${r} on ${r.organizationId} = ${l.organizationId}
        and ${r.id} = coalesce(${l.releaseId}, ${s.releaseId})`,
  },
  month: { key: sql`to_char(${l.saleMonth}, 'YYYY-MM')`, label: sql`null::text`, joins: sql`` },
  source: { key: sql`${l.source}`, label: sql`null::text`, joins: sql`` },
};

/**
 * One round trip: the rows of the grouping, their total, and the lines left out (another
 * currency with no rate in their file), each summed as exact `numeric` and rounded once at the
 * end (the total is the rounded sum of the unrounded rows, never a sum of rounded rows). A line
 * counts when it is in the organisation's currency; any other is listed apart, never converted.
 */
const selectRevenue = prepareStatementsByShape<RevenueRow, Record<string, unknown>, Shape>(
  (shape) => JSON.stringify(shape),
  (shape) => {
    const grouping = groupings[shape.groupBy];
    const filters: SQL[] = [];
    if (shape.store) filters.push(sql`and ${l.store} = ${sql.placeholder('store')}`);
    if (shape.country) filters.push(sql`and ${l.country} = ${sql.placeholder('country')}`);
    if (shape.source) filters.push(sql`and ${l.source} = ${sql.placeholder('source')}`);
    if (shape.isrc) {
      filters.push(sql`and ${l.songId} = (select ${s.id} from ${s}
        where ${s.organizationId} = ${sql.placeholder('organizationId')}
          and ${s.isrc} = ${sql.placeholder('isrc')})`);
    }
    return revenueAnswer({
      table: l,
      scopedColumns: sql`${l.organizationId}, ${l.songId}, ${l.releaseId}, ${l.store},
        ${l.storeName}, ${l.country}, ${l.saleMonth}, ${l.source}, ${l.quantity}, ${l.earnings},
        ${l.currency}`,
      scopedWhere: sql`${l.organizationId} = ${sql.placeholder('organizationId')}
        and ${l.saleMonth} between ${sql.placeholder('from')} and ${sql.placeholder('to')}
        ${sql.join(filters, sql` `)}`,
      grouping,
      excludedLines: sql`count(*)`,
    });
  },
);

// The same answer from the monthly sums (`statement_month_totals`), one dimension at a time:
// months are the source dimension's months; songs and releases come from the item dimension.
const totalsDimensions: Record<
  RevenueGroupBy,
  { dimension: string; key: SQL; label: SQL; joins: SQL }
> = {
  store: { dimension: 'store', key: sql`${t.key}`, label: sql`min(${t.label})`, joins: sql`` },
  country: { dimension: 'country', key: sql`${t.key}`, label: sql`null::text`, joins: sql`` },
  source: { dimension: 'source', key: sql`${t.key}`, label: sql`null::text`, joins: sql`` },
  month: {
    dimension: 'source',
    key: sql`to_char(${t.saleMonth}, 'YYYY-MM')`,
    label: sql`null::text`,
    joins: sql``,
  },
  song: {
    dimension: 'item',
    key: sql`coalesce(${s.isrc}, '')`,
    label: sql`max(coalesce(${s.title}, ''))`,
    joins: sql`left join ${s} on ${s.organizationId} = ${t.organizationId} and ${s.id} = ${t.songId}`,
  },
  release: {
    dimension: 'item',
    key: sql`coalesce(${r.upc}, ${r.id}::text, '')`,
    label: sql`max(coalesce(${r.title}, ''))`,
    joins: sql`left join ${s} on ${s.organizationId} = ${t.organizationId} and ${s.id} = ${t.songId}
        left join ${r} on ${r.organizationId} = ${t.organizationId}
          and ${r.id} = coalesce(${t.releaseId}, ${s.releaseId})`,
  },
};

const selectRevenueTotals = prepareStatementsByShape<
  RevenueRow,
  { organizationId: string; from: string; to: string },
  RevenueGroupBy
>(
  (groupBy) => groupBy,
  (groupBy) => {
    const grouping = totalsDimensions[groupBy];
    return revenueAnswer({
      table: t,
      scopedColumns: sql`${t.organizationId}, ${t.saleMonth}, ${t.key}, ${t.songId},
        ${t.releaseId}, ${t.label}, ${t.currency}, ${t.earnings}, ${t.quantity}, ${t.lines}`,
      scopedWhere: sql`${t.organizationId} = ${sql.placeholder('organizationId')}
        and ${t.dimension} = ${sql.raw(`'${grouping.dimension}'`)}
        and ${t.saleMonth} between ${sql.placeholder('from')} and ${sql.placeholder('to')}`,
      grouping,
      excludedLines: sql`sum(${t.lines})`,
    });
  },
);

/**
 * The revenue rows for a period: from the monthly sums when no filter narrows the lines (the
 * page's reads), else from the lines themselves.
 */
export function readRevenue(db: Database, groupBy: RevenueGroupBy, filter: RevenueFilter) {
  const isFiltered =
    filter.store !== undefined ||
    filter.country !== undefined ||
    filter.source !== undefined ||
    filter.isrc !== undefined;
  if (!isFiltered) {
    return selectRevenueTotals(db, groupBy, {
      organizationId: filter.organizationId,
      from: filter.from,
      to: filter.to,
    });
  }
  return selectRevenue(
    db,
    {
      groupBy,
      store: filter.store !== undefined,
      country: filter.country !== undefined,
      source: filter.source !== undefined,
      isrc: filter.isrc !== undefined,
    },
    {
      organizationId: filter.organizationId,
      from: filter.from,
      to: filter.to,
      ...(filter.store !== undefined ? { store: filter.store } : {}),
      ...(filter.country !== undefined ? { country: filter.country } : {}),
      ...(filter.source !== undefined ? { source: filter.source } : {}),
      ...(filter.isrc !== undefined ? { isrc: filter.isrc } : {}),
    },
  );
}

export type SourceReportRow = {
  source: ImportSource;
  first_month: string | null;
  last_month: string | null;
  imported_at: string | null;
};

/**
 * How far each statement source has reported: its first and last sale month (from the monthly
 * sums' source rows, a few hundred at most) and when its last statement was imported.
 */
const selectSourceReports = prepareStatement<SourceReportRow, { organizationId: string }>(
  sql`select months.source, months.first_month, months.last_month, imported.imported_at
    from (
      select ${t.key} as source, min(${t.saleMonth})::text as first_month,
        max(${t.saleMonth})::text as last_month
      from ${t}
      where ${t.organizationId} = ${sql.placeholder('organizationId')}
        and ${t.dimension} = 'source'
      group by ${t.key}
    ) as months
    left join (
      select ${imports.source} as source,
        max(coalesce(${imports.finishedAt}, ${imports.createdAt}))::text as imported_at
      from ${imports}
      where ${imports.organizationId} = ${sql.placeholder('organizationId')}
        and ${imports.status} = 'done'
      group by ${imports.source}
    ) as imported on imported.source = months.source
    order by months.source`,
);

export function readSourceReports(db: Database, organizationId: string) {
  return selectSourceReports(db, { organizationId });
}

/** YouTube's own estimate of ad revenue over days `from`..`to` (null when none is reported). */
const selectYoutubeEstimate = prepareStatement<
  { revenue: string | number | null },
  { organizationId: string; from: string; to: string }
>(
  sql`select sum(${accountDailyMetrics.estimatedRevenue}) as revenue
    from ${accountDailyMetrics}
    inner join ${analyticsAccounts} on ${analyticsAccounts.organizationId} = ${accountDailyMetrics.organizationId}
      and ${analyticsAccounts.id} = ${accountDailyMetrics.accountId}
    where ${accountDailyMetrics.organizationId} = ${sql.placeholder('organizationId')}
      and ${analyticsAccounts.platform} = 'youtube'
      and ${accountDailyMetrics.day} between ${sql.placeholder('from')} and ${sql.placeholder('to')}`,
);

export async function readYoutubeEstimate(
  db: Database,
  values: { organizationId: string; from: string; to: string },
): Promise<number | null> {
  const [row] = await selectYoutubeEstimate(db, values);
  return row?.revenue === null || row?.revenue === undefined
    ? null
    : Number(Number(row.revenue).toFixed(2));
}

/** The organisation's currency (every statement total is in it). */
const selectCurrency = prepareStatement<{ currency: string }, { organizationId: string }>(
  sql`select ${o.currency} as currency from ${o} where ${o.id} = ${sql.placeholder('organizationId')}`,
);

export async function readCurrency(db: Database, organizationId: string): Promise<string> {
  const [row] = await selectCurrency(db, { organizationId });
  return row?.currency ?? 'USD';
}
