import type {
  AccountAnalytics,
  ContentItem,
  contentListQuerySchema,
  DailyMetrics,
} from '@crescendo/contracts';
import { and, asc, between, count, desc, eq, ilike, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { isOwnAccount } from '../shared/sql';
import type { Database } from '../../../db/client';
import {
  accountDailyMetrics,
  analyticsAccounts,
  audienceBreakdowns,
  contentItems,
} from '../../../db/schema';

export type ContentListQuery = z.output<typeof contentListQuerySchema>;
export type AccountRow = typeof analyticsAccounts.$inferSelect;

const sortColumns = {
  publishedAt: contentItems.publishedAt,
  views: contentItems.views,
  likes: contentItems.likes,
  comments: contentItems.comments,
  watchMinutes: contentItems.watchMinutes,
  title: contentItems.title,
} as const;

export async function listConnectionAccounts(
  db: Database,
  organizationId: string,
  connectionId: string,
): Promise<AccountRow[]> {
  return db
    .select()
    .from(analyticsAccounts)
    .where(
      and(
        eq(analyticsAccounts.organizationId, organizationId),
        eq(analyticsAccounts.connectionId, connectionId),
      ),
    );
}

export async function listContentPage(
  db: Database,
  organizationId: string,
  connectionId: string,
  query: ContentListQuery,
): Promise<{ items: ContentItem[]; total: number }> {
  const conditions: SQL[] = [
    eq(contentItems.organizationId, organizationId),
    eq(analyticsAccounts.connectionId, connectionId),
  ];
  if (query.accountId) conditions.push(eq(contentItems.accountId, query.accountId));
  if (query.kind) conditions.push(eq(contentItems.kind, query.kind));
  if (query.search) {
    conditions.push(ilike(contentItems.title, `%${query.search.replace(/[\\%_]/g, '\\$&')}%`));
  }
  const where = and(...conditions);
  const column = sortColumns[query.sort];
  // NULLs (withheld numbers) sort last either way; the id keeps pages stable.
  const order =
    query.order === 'asc' ? sql`${column} asc nulls last` : sql`${column} desc nulls last`;
  const ordered = db
    .select({ item: contentItems, platform: analyticsAccounts.platform })
    .from(contentItems)
    .innerJoin(analyticsAccounts, isOwnAccount(contentItems))
    .where(where)
    .orderBy(order, asc(contentItems.id))
    .$dynamic();
  const [rows, [totalRow]] = await Promise.all([
    // A CSV export holds every matching item in the table's order, not one page.
    query.format === 'csv'
      ? ordered
      : ordered.limit(query.pageSize).offset((query.page - 1) * query.pageSize),
    db
      .select({ total: count() })
      .from(contentItems)
      .innerJoin(analyticsAccounts, isOwnAccount(contentItems))
      .where(where),
  ]);
  return { total: totalRow?.total ?? 0, items: rows.map(toContentItem) };
}

/** The stored items with these ids, of the organisation's accounts, in the ids' order. */
export async function listContentItemsByIds(
  db: Database,
  organizationId: string,
  ids: string[],
): Promise<ContentItem[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ item: contentItems, platform: analyticsAccounts.platform })
    .from(contentItems)
    .innerJoin(analyticsAccounts, isOwnAccount(contentItems))
    .where(and(eq(contentItems.organizationId, organizationId), inArray(contentItems.id, ids)));
  const byId = new Map(rows.map((row) => [row.item.id, toContentItem(row)]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

function toContentItem({
  item,
  platform,
}: {
  item: typeof contentItems.$inferSelect;
  platform: AccountRow['platform'];
}): ContentItem {
  return {
    id: item.id,
    accountId: item.accountId,
    platform,
    externalId: item.externalId,
    kind: item.kind,
    title: item.title,
    publishedAt: item.publishedAt.toISOString(),
    durationSeconds: item.durationSeconds,
    permalink: item.permalink,
    thumbnailUrl: item.thumbnailUrl,
    stats: {
      views: item.views,
      likes: item.likes,
      comments: item.comments,
      shares: item.shares,
      saves: item.saves,
      watchMinutes: item.watchMinutes,
      reach: item.reach,
      estimatedRevenue: item.estimatedRevenue,
    },
  };
}

export async function listAccountDaily(
  db: Database,
  organizationId: string,
  accountId: string,
  from: string,
  to: string,
): Promise<DailyMetrics[]> {
  const rows = await db
    .select()
    .from(accountDailyMetrics)
    .where(
      and(
        eq(accountDailyMetrics.organizationId, organizationId),
        eq(accountDailyMetrics.accountId, accountId),
        between(accountDailyMetrics.day, from, to),
      ),
    )
    .orderBy(asc(accountDailyMetrics.day));
  return rows.map((row) => ({
    day: row.day,
    views: row.views,
    watchMinutes: row.watchMinutes,
    likes: row.likes,
    comments: row.comments,
    shares: row.shares,
    saves: row.saves,
    followersGained: row.followersGained,
    followersLost: row.followersLost,
    followersTotal: row.followersTotal,
    reach: row.reach,
    totalInteractions: row.totalInteractions,
    estimatedRevenue: row.estimatedRevenue,
  }));
}

/**
 * The account's audience for `range`: per dimension, the snapshot covering exactly the range (YouTube
 * is synced for each analytics period), else the last 28 days, else what the platform gives
 * (Instagram's followers now). Each row carries the period it covers.
 */
export async function listAudience(
  db: Database,
  organizationId: string,
  accountId: string,
  range: { from: string; to: string },
): Promise<AccountAnalytics['audience']> {
  const rows = await db
    .select()
    .from(audienceBreakdowns)
    .where(
      and(
        eq(audienceBreakdowns.organizationId, organizationId),
        eq(audienceBreakdowns.accountId, accountId),
        // The earlier snapshot only feeds "fastest-growing countries" on the dashboard.
        ne(audienceBreakdowns.periodLabel, 'previous_28_days'),
      ),
    )
    .orderBy(
      asc(audienceBreakdowns.dimension),
      desc(audienceBreakdowns.views),
      desc(audienceBreakdowns.percentage),
      desc(audienceBreakdowns.followers),
    );
  // Exact span first (0), then the last 28 days (1), then whatever the platform gives (2).
  const chosen = new Map<string, { label: string; rank: number }>();
  for (const row of rows) {
    const isExact = row.periodStart === range.from && row.periodEnd === range.to;
    const rank = isExact ? 0 : row.periodLabel === 'last_28_days' ? 1 : 2;
    const current = chosen.get(row.dimension);
    if (!current || rank < current.rank)
      chosen.set(row.dimension, { label: row.periodLabel, rank });
  }
  return rows
    .filter((row) => chosen.get(row.dimension)?.label === row.periodLabel)
    .map((row) => ({
      dimension: row.dimension,
      value: row.value,
      periodStart: row.periodStart,
      periodEnd: row.periodEnd,
      percentage: row.percentage,
      views: row.views,
      watchMinutes: row.watchMinutes,
      followers: row.followers,
    }));
}
