import { and, between, eq, getTableName, or, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../../../db/client';
import {
  accountDailyMetrics,
  analyticsAccounts,
  audienceBreakdowns,
  contentDailyMetricKeys,
  contentDailyMetrics,
  contentItems,
  contentMonthlyMetrics,
  dailyTrafficSources,
} from '../../../db/schema';

export type AccountValues = typeof analyticsAccounts.$inferInsert;
export type ContentValues = typeof contentItems.$inferInsert;
export type AccountDailyValues = typeof accountDailyMetrics.$inferInsert;
/**
 * One content item's figures on one day, as a sync has them. Only `contentDailyMetricKeys` are
 * stored per item (the others are read per account only, from `account_daily_metrics`).
 */
export type ContentDailyValues = {
  organizationId: string;
  accountId: string;
  contentItemId: string;
  day: string;
} & Partial<Record<(typeof metricKeys)[number], number | null>>;
export type AudienceValues = typeof audienceBreakdowns.$inferInsert;
/**
 * An account as the tenant tables key it: every key starts with the organisation (decision
 * 0032), so a statement naming only the account would read the whole table.
 */
export type AccountKey = { organizationId: string; accountId: string };
export type TrafficSourceValues = typeof dailyTrafficSources.$inferInsert;

// Rows per statement: 17 columns × 1,000 stays far under PostgreSQL's 65,535 parameters.
const batchSize = 1000;

/** `set col = excluded.col` for every listed column, so a re-run rewrites identical values. */
function excludedSet(
  table: PgTable,
  columns: Record<string, { name: string }>,
): Record<string, SQL> {
  void table;
  return Object.fromEntries(
    Object.entries(columns).map(([key, column]) => [key, sql.raw(`excluded."${column.name}"`)]),
  );
}

/**
 * An upsert's `setWhere`: only rows whose listed columns change are rewritten. A daily re-sync
 * re-reads days that are mostly final already; an identical rewrite would still leave a dead
 * row version behind and fire the monthly roll-up's triggers for nothing.
 */
function isAnyChanged(table: PgTable, columns: Record<string, { name: string }>): SQL {
  const names = Object.values(columns).map((column) => `"${column.name}"`);
  return sql.join([
    sql`(`,
    sql.join(
      names.map((name) => sql.raw(`"${getTableName(table)}".${name}`)),
      sql`, `,
    ),
    sql`) is distinct from (`,
    sql.raw(names.map((name) => `excluded.${name}`).join(', ')),
    sql`)`,
  ]);
}

function pickColumns<T extends Record<string, unknown>>(source: T, keys: (keyof T)[]) {
  return Object.fromEntries(keys.map((key) => [key, source[key]])) as Record<
    string,
    { name: string }
  >;
}

const metricKeys = [
  'views',
  'watchMinutes',
  'averageViewDurationSeconds',
  'likes',
  'comments',
  'shares',
  'saves',
  'followersGained',
  'followersLost',
  'reach',
  'totalInteractions',
  'estimatedRevenue',
] as const;

export async function upsertAccount(db: Database, values: AccountValues): Promise<string> {
  const [row] = await db
    .insert(analyticsAccounts)
    .values(values)
    .onConflictDoUpdate({
      target: [
        analyticsAccounts.organizationId,
        analyticsAccounts.connectionId,
        analyticsAccounts.externalId,
      ],
      set: {
        name: values.name,
        handle: values.handle ?? null,
        thumbnailUrl: values.thumbnailUrl ?? null,
        followersTotal: values.followersTotal ?? null,
        viewsTotal: values.viewsTotal ?? null,
        contentCount: values.contentCount ?? null,
        updatedAt: new Date(),
      },
    })
    .returning({ id: analyticsAccounts.id });
  return row!.id;
}

/** Upserts content items and returns their ids by external id. */
export async function upsertContentItems(
  db: Database,
  items: ContentValues[],
): Promise<Map<string, string>> {
  const ids = new Map<string, string>();
  for (let start = 0; start < items.length; start += batchSize) {
    const batch = items.slice(start, start + batchSize);
    const rows = await db
      .insert(contentItems)
      .values(batch)
      .onConflictDoUpdate({
        target: [contentItems.organizationId, contentItems.accountId, contentItems.externalId],
        set: excludedSet(
          contentItems,
          pickColumns(contentItems as unknown as Record<string, unknown>, [
            'kind',
            'title',
            'publishedAt',
            'durationSeconds',
            'permalink',
            'thumbnailUrl',
            'views',
            'likes',
            'comments',
            'shares',
            'saves',
            'reach',
            'totalInteractions',
            'statsUpdatedAt',
          ]),
        ),
      })
      .returning({ id: contentItems.id, externalId: contentItems.externalId });
    for (const row of rows) ids.set(row.externalId, row.id);
  }
  return ids;
}

export async function upsertAccountDaily(db: Database, rows: AccountDailyValues[]): Promise<void> {
  const columns = pickColumns(accountDailyMetrics as unknown as Record<string, unknown>, [
    ...metricKeys,
    'followersTotal',
    'accountsEngaged',
    'profileLinksTaps',
  ]);
  for (let start = 0; start < rows.length; start += batchSize) {
    await db
      .insert(accountDailyMetrics)
      .values(rows.slice(start, start + batchSize))
      .onConflictDoUpdate({
        target: [
          accountDailyMetrics.organizationId,
          accountDailyMetrics.accountId,
          accountDailyMetrics.day,
        ],
        set: excludedSet(accountDailyMetrics, columns),
        setWhere: isAnyChanged(accountDailyMetrics, columns),
      });
  }
}

/** A PostgreSQL array literal of integers (NULL for a day without the figure). */
function toIntegerArray(values: (number | null)[]): string {
  return `{${values.map((value) => (value === null ? 'NULL' : String(value))).join(',')}}`;
}

// Item-months per statement: 12 parameters each.
const monthBatchSize = 500;

/**
 * Writes content items' daily figures into their month rows (see `contentDailyMetrics`): a day
 * given here replaces that day (every stored metric of it, as a row per day was replaced), the
 * month's other days stay. A re-run writes identical values.
 */
export async function upsertContentDaily(db: Database, rows: ContentDailyValues[]): Promise<void> {
  type Month = {
    organizationId: string;
    accountId: string;
    contentItemId: string;
    month: string;
    days: number;
    values: Record<string, (number | null)[]>;
  };
  const months = new Map<string, Month>();
  for (const row of rows) {
    const month = `${row.day.slice(0, 7)}-01`;
    const key = `${row.contentItemId}|${month}`;
    let entry = months.get(key);
    if (!entry) {
      entry = {
        organizationId: row.organizationId,
        accountId: row.accountId,
        contentItemId: row.contentItemId,
        month,
        days: 0,
        values: Object.fromEntries(
          contentDailyMetricKeys.map((metric) => [metric, Array<number | null>(31).fill(null)]),
        ),
      };
      months.set(key, entry);
    }
    const dayOfMonth = Number(row.day.slice(8, 10));
    entry.days |= 1 << (dayOfMonth - 1);
    for (const metric of contentDailyMetricKeys) {
      entry.values[metric]![dayOfMonth - 1] = row[metric] ?? null;
    }
  }
  const entries = [...months.values()];
  const column = (metric: (typeof contentDailyMetricKeys)[number]) =>
    sql.raw(`"${contentDailyMetrics[metric].name}"`);
  for (let start = 0; start < entries.length; start += monthBatchSize) {
    const values = entries.slice(start, start + monthBatchSize).map(
      (entry) =>
        sql`(${entry.organizationId}::uuid, ${entry.contentItemId}::uuid, ${entry.accountId}::uuid, ${entry.month}::date, ${entry.days}::integer, ${sql.join(
          contentDailyMetricKeys.map(
            (metric) => sql`${toIntegerArray(entry.values[metric]!)}::integer[]`,
          ),
          sql`, `,
        )})`,
    );
    const metricColumns = sql.join(contentDailyMetricKeys.map(column), sql`, `);
    // The month row with the given days put in.
    const merged = sql.join(
      [
        sql`m.days | excluded.days`,
        ...contentDailyMetricKeys.map(
          (metric) =>
            sql`content_days_merge(m.${column(metric)}, excluded.${column(metric)}, excluded.days)`,
        ),
      ],
      sql`, `,
    );
    // A metric the given days did not report keeps the month's other days; all-NULL stays NULL.
    await db.execute(sql`
      insert into ${contentDailyMetrics} as m
        (organization_id, content_item_id, account_id, month, days, ${metricColumns})
      select organization_id, content_item_id, account_id, month, days, ${sql.join(
        contentDailyMetricKeys.map(
          (metric) => sql`content_days_merge(null, ${column(metric)}, days)`,
        ),
        sql`, `,
      )}
      from (values ${sql.join(values, sql`, `)}) as given
        (organization_id, content_item_id, account_id, month, days, ${metricColumns})
      on conflict (organization_id, content_item_id, month) do update set
        (days, ${metricColumns}) = (${merged})
      -- A re-sync re-reads days that are mostly final: an identical rewrite would leave a dead
      -- month row behind and fire the monthly roll-up's triggers for nothing.
      where (m.days, ${sql.join(
        contentDailyMetricKeys.map((metric) => sql`m.${column(metric)}`),
        sql`, `,
      )}) is distinct from (${merged})`);
  }
}

/**
 * Replaces an account's traffic sources for the days `from`..`to`: a source that drops out of a
 * day's report must not keep its old row, so a re-run leaves exactly what the platform reports.
 */
export async function replaceTrafficSources(
  db: Database,
  account: AccountKey,
  from: string,
  to: string,
  rows: TrafficSourceValues[],
): Promise<void> {
  await db
    .delete(dailyTrafficSources)
    .where(
      and(
        eq(dailyTrafficSources.organizationId, account.organizationId),
        eq(dailyTrafficSources.accountId, account.accountId),
        between(dailyTrafficSources.day, from, to),
      ),
    );
  for (let start = 0; start < rows.length; start += batchSize) {
    await db.insert(dailyTrafficSources).values(rows.slice(start, start + batchSize));
  }
}

/**
 * True when an account has views between `from` and `to` but no traffic sources at all: it was
 * synced before traffic sources were stored.
 */
export async function isMissingTrafficSources(
  db: Database,
  account: AccountKey,
  from: string,
  to: string,
): Promise<boolean> {
  const [sources, views] = await Promise.all([
    db
      .select({ day: dailyTrafficSources.day })
      .from(dailyTrafficSources)
      .where(
        and(
          eq(dailyTrafficSources.organizationId, account.organizationId),
          eq(dailyTrafficSources.accountId, account.accountId),
        ),
      )
      .limit(1),
    db
      .select({ day: accountDailyMetrics.day })
      .from(accountDailyMetrics)
      .where(
        and(
          eq(accountDailyMetrics.organizationId, account.organizationId),
          eq(accountDailyMetrics.accountId, account.accountId),
          between(accountDailyMetrics.day, from, to),
          sql`${accountDailyMetrics.views} > 0`,
        ),
      )
      .limit(1),
  ]);
  return sources.length === 0 && views.length > 0;
}

export type AudienceSnapshot = {
  dimension: AudienceValues['dimension'];
  periodLabel: string;
  rows: AudienceValues[];
};

/**
 * Replaces snapshots (dimension + period label) of an account's audience: one delete and one
 * insert for all of them, not a pair of statements per snapshot (a YouTube sync writes 25).
 */
export async function replaceAudienceSnapshots(
  db: Database,
  account: AccountKey,
  snapshots: AudienceSnapshot[],
): Promise<void> {
  if (snapshots.length === 0) return;
  // One transaction: readers never see a snapshot emptied and not yet refilled.
  await db.transaction(async (tx) => {
    await tx
      .delete(audienceBreakdowns)
      .where(
        and(
          eq(audienceBreakdowns.organizationId, account.organizationId),
          eq(audienceBreakdowns.accountId, account.accountId),
          or(
            ...snapshots.map((snapshot) =>
              and(
                eq(audienceBreakdowns.dimension, snapshot.dimension),
                eq(audienceBreakdowns.periodLabel, snapshot.periodLabel),
              ),
            ),
          ),
        ),
      );
    const rows = snapshots.flatMap((snapshot) => snapshot.rows);
    for (let start = 0; start < rows.length; start += batchSize) {
      await tx.insert(audienceBreakdowns).values(rows.slice(start, start + batchSize));
    }
  });
}

/**
 * Lifetime watch minutes per item, from its monthly roll-ups (the sums of its daily figures, kept
 * by triggers; the Data API does not report the figure): a few dozen rows per item, and only
 * items whose total moved are rewritten. A month where no day reported minutes counts as unknown,
 * as its days' sum would.
 */
export async function refreshContentWatchMinutes(db: Database, account: AccountKey): Promise<void> {
  await db.execute(sql`
    update ${contentItems} set watch_minutes = totals.minutes
    from (
      select content_item_id,
        case when sum(watch_minutes_days) > 0 then sum(watch_minutes) end as minutes
      from ${contentMonthlyMetrics}
      where organization_id = ${account.organizationId} and account_id = ${account.accountId}
      group by content_item_id
    ) as totals
    where ${contentItems.organizationId} = ${account.organizationId}
      and ${contentItems.id} = totals.content_item_id and ${contentItems.accountId} = ${account.accountId}
      and ${contentItems.watchMinutes} is distinct from totals.minutes`);
}
