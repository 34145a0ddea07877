import type { Campaign } from '@crescendo/contracts';
import {
  and,
  asc,
  between,
  desc,
  eq,
  ilike,
  inArray,
  isNull,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import {
  accountDailyMetrics,
  analyticsAccounts,
  audienceBreakdowns,
  campaigns,
  contentDailyMetrics,
  contentItems,
  contentMonthlyMetrics,
  dailyTrafficSources,
  insights,
  platformConnections,
} from '../../db/schema';
import { splitIntoMonths } from './calculations/date-range';

export type Platform = 'youtube' | 'instagram' | 'facebook';

export type ScopedAccount = {
  id: string;
  platform: Platform;
  name: string;
  followersTotal: number | null;
  connectionId: string;
  accountName: string;
  isSandbox: boolean;
  lastSyncedAt: Date | null;
  dataCompleteThrough: string | null;
  /** First and last day with stored daily metrics (null before the first sync lands). */
  firstDataDay: string | null;
  lastDataDay: string | null;
};

/** The organisation's synced accounts (a YouTube channel, an Instagram account, a page…). */
export async function listScopedAccounts(
  db: Database,
  organizationId: string,
  platforms: Platform[],
): Promise<ScopedAccount[]> {
  return db
    .select({
      id: analyticsAccounts.id,
      platform: analyticsAccounts.platform,
      name: analyticsAccounts.name,
      followersTotal: analyticsAccounts.followersTotal,
      connectionId: platformConnections.id,
      accountName: platformConnections.accountName,
      isSandbox: platformConnections.isSandbox,
      lastSyncedAt: platformConnections.lastSyncedAt,
      dataCompleteThrough: platformConnections.dataCompleteThrough,
      // Two primary-key lookups per account, so a dashboard request needs no separate query.
      firstDataDay: sql<
        string | null
      >`(select min(${accountDailyMetrics.day})::text from ${accountDailyMetrics} where ${accountDailyMetrics.accountId} = ${analyticsAccounts.id})`,
      lastDataDay: sql<
        string | null
      >`(select max(${accountDailyMetrics.day})::text from ${accountDailyMetrics} where ${accountDailyMetrics.accountId} = ${analyticsAccounts.id})`,
    })
    .from(analyticsAccounts)
    .innerJoin(platformConnections, eq(platformConnections.id, analyticsAccounts.connectionId))
    .where(
      and(
        eq(analyticsAccounts.organizationId, organizationId),
        inArray(analyticsAccounts.platform, platforms),
      ),
    )
    .orderBy(asc(analyticsAccounts.platform), asc(analyticsAccounts.name));
}

export type PlatformDay = {
  platform: Platform;
  day: string;
  views: number | null;
  watchMinutes: number | null;
  likes: number | null;
  comments: number | null;
  shares: number | null;
  saves: number | null;
  totalInteractions: number | null;
  followersGained: number | null;
  followersLost: number | null;
  followersTotal: number | null;
  estimatedRevenue: number | null;
};

const toNumber = (value: string | number | null) => (value === null ? null : Number(value));

/** Daily totals per platform; a metric no account reported stays null (sum of nulls). */
export async function listPlatformDays(
  db: Database,
  organizationId: string,
  accountIds: string[],
  from: string,
  to: string,
): Promise<PlatformDay[]> {
  if (accountIds.length === 0) return [];
  const m = accountDailyMetrics;
  // The dashboard's hottest read (up to ~1,100 rows × 13 columns for a year of three platforms):
  // read as plain rows, without the query builder's per-cell result mapping.
  const rows = await selectRows<{
    platform: Platform;
    day: string;
    views: string | null;
    watch_minutes: string | null;
    likes: string | null;
    comments: string | null;
    shares: string | null;
    saves: string | null;
    total_interactions: string | null;
    followers_gained: string | null;
    followers_lost: string | null;
    followers_total: string | null;
    estimated_revenue: string | null;
  }>(
    db,
    sql`select ${analyticsAccounts.platform} as platform, ${m.day}::text as day,
      sum(${m.views}) as views, sum(${m.watchMinutes}) as watch_minutes,
      sum(${m.likes}) as likes, sum(${m.comments}) as comments, sum(${m.shares}) as shares,
      sum(${m.saves}) as saves, sum(${m.totalInteractions}) as total_interactions,
      sum(${m.followersGained}) as followers_gained, sum(${m.followersLost}) as followers_lost,
      sum(${m.followersTotal}) as followers_total, sum(${m.estimatedRevenue}) as estimated_revenue
    from ${m} inner join ${analyticsAccounts} on ${analyticsAccounts.id} = ${m.accountId}
    where ${m.organizationId} = ${organizationId}
      and ${inArray(m.accountId, accountIds)}
      and ${m.day} between ${from} and ${to}
    group by ${analyticsAccounts.platform}, ${m.day}
    order by ${m.day}`,
  );
  return rows.map((row) => ({
    platform: row.platform,
    day: row.day,
    views: toNumber(row.views),
    watchMinutes: toNumber(row.watch_minutes),
    likes: toNumber(row.likes),
    comments: toNumber(row.comments),
    shares: toNumber(row.shares),
    saves: toNumber(row.saves),
    totalInteractions: toNumber(row.total_interactions),
    followersGained: toNumber(row.followers_gained),
    followersLost: toNumber(row.followers_lost),
    followersTotal: toNumber(row.followers_total),
    estimatedRevenue:
      row.estimated_revenue === null ? null : Number(Number(row.estimated_revenue).toFixed(2)),
  }));
}

/** Plain result rows of a raw query, on PGlite and node-postgres alike. */
async function selectRows<Row>(db: Database, query: SQL): Promise<Row[]> {
  const result = (await db.execute(query)) as unknown as { rows: Row[] };
  return result.rows;
}

export type BreakdownRow = {
  accountId: string;
  dimension: (typeof audienceBreakdowns.$inferSelect)['dimension'];
  value: string;
  periodLabel: string;
  periodStart: string | null;
  periodEnd: string;
  percentage: number | null;
  views: number | null;
  followers: number | null;
};

/** Every stored breakdown row of the accounts (plain rows: a few hundred per account). */
export async function listBreakdowns(
  db: Database,
  organizationId: string,
  accountIds: string[],
): Promise<BreakdownRow[]> {
  if (accountIds.length === 0) return [];
  const b = audienceBreakdowns;
  const rows = await selectRows<{
    account_id: string;
    dimension: BreakdownRow['dimension'];
    value: string;
    period_label: string;
    period_start: string | null;
    period_end: string;
    percentage: number | string | null;
    views: number | string | null;
    followers: number | string | null;
  }>(
    db,
    sql`select ${b.accountId} as account_id, ${b.dimension} as dimension, ${b.value} as value,
      ${b.periodLabel} as period_label, ${b.periodStart}::text as period_start,
      ${b.periodEnd}::text as period_end, ${b.percentage} as percentage, ${b.views} as views,
      ${b.followers} as followers
    from ${b}
    where ${b.organizationId} = ${organizationId} and ${inArray(b.accountId, accountIds)}`,
  );
  return rows.map((row) => ({
    accountId: row.account_id,
    dimension: row.dimension,
    value: row.value,
    periodLabel: row.period_label,
    periodStart: row.period_start,
    periodEnd: row.period_end,
    percentage: toNumber(row.percentage),
    views: toNumber(row.views),
    followers: toNumber(row.followers),
  }));
}

/** The content that carried a day: most viewed items that day, across platforms. */
export async function listTopContentOfDay(
  db: Database,
  organizationId: string,
  accountIds: string[],
  day: string,
  limit = 3,
) {
  if (accountIds.length === 0) return [];
  return db
    .select({
      id: contentItems.id,
      title: contentItems.title,
      platform: analyticsAccounts.platform,
      views: contentDailyMetrics.views,
    })
    .from(contentDailyMetrics)
    .innerJoin(contentItems, eq(contentItems.id, contentDailyMetrics.contentItemId))
    .innerJoin(analyticsAccounts, eq(analyticsAccounts.id, contentItems.accountId))
    .where(
      and(
        eq(contentDailyMetrics.organizationId, organizationId),
        inArray(contentDailyMetrics.accountId, accountIds),
        eq(contentDailyMetrics.day, day),
        sql`${contentDailyMetrics.views} is not null`,
      ),
    )
    .orderBy(desc(contentDailyMetrics.views))
    .limit(limit);
}

/** Where a day's views came from (YouTube traffic sources), summed over the given accounts. */
export async function listTrafficSourcesOfDay(
  db: Database,
  organizationId: string,
  accountIds: string[],
  day: string,
  limit = 5,
): Promise<{ source: string; views: number }[]> {
  if (accountIds.length === 0) return [];
  const views = sql<string>`sum(${dailyTrafficSources.views})`;
  const rows = await db
    .select({ source: dailyTrafficSources.source, views })
    .from(dailyTrafficSources)
    .where(
      and(
        eq(dailyTrafficSources.organizationId, organizationId),
        inArray(dailyTrafficSources.accountId, accountIds),
        eq(dailyTrafficSources.day, day),
      ),
    )
    .groupBy(dailyTrafficSources.source)
    .orderBy(desc(views), asc(dailyTrafficSources.source))
    .limit(limit);
  return rows.map((row) => ({ source: row.source, views: Number(row.views) }));
}

export type ContentFilter = {
  accountIds: string[];
  from: string;
  to: string;
  type: string;
  search: string | undefined;
  sort: string;
  order: 'asc' | 'desc';
  limit: number | null;
  offset: number;
};

type RangeMetricKey =
  'views' | 'watchMinutes' | 'likes' | 'comments' | 'shares' | 'saves' | 'followersGained';

/**
 * The metrics of the given accounts' content inside `from`..`to`, as rows to sum per item: the
 * whole calendar months of the range come from `content_monthly_metrics` (one row per item and
 * month), only its partial first and last months from `content_daily_metrics`. Summing them gives
 * exactly the sum of the days, from about a ninth of the rows for a 365-day range.
 */
function rangeMetricRows(db: Database, organizationId: string, filter: ContentFilter) {
  const split = splitIntoMonths(filter.from, filter.to);
  const monthly = contentMonthlyMetrics;
  // A month where no day reported a metric stays unknown, as the sum of its days would.
  const known = (sum: AnyPgColumn, days: AnyPgColumn) =>
    sql<string | null>`case when ${days} > 0 then ${sum} end`;
  const months = split.months
    ? db
        .select({
          contentItemId: monthly.contentItemId,
          views: known(monthly.views, monthly.viewsDays).as('views'),
          watchMinutes: known(monthly.watchMinutes, monthly.watchMinutesDays).as('watch_minutes'),
          likes: known(monthly.likes, monthly.likesDays).as('likes'),
          comments: known(monthly.comments, monthly.commentsDays).as('comments'),
          shares: known(monthly.shares, monthly.sharesDays).as('shares'),
          saves: known(monthly.saves, monthly.savesDays).as('saves'),
          followersGained: known(monthly.followersGained, monthly.followersGainedDays).as(
            'followers_gained',
          ),
        })
        .from(monthly)
        .where(
          and(
            eq(monthly.organizationId, organizationId),
            inArray(monthly.accountId, filter.accountIds),
            between(monthly.month, split.months.first, split.months.last),
          ),
        )
    : null;
  const daily = contentDailyMetrics;
  const plain = (column: AnyPgColumn, alias: string) => sql<string | null>`${column}`.as(alias);
  const days =
    split.days.length > 0
      ? db
          .select({
            contentItemId: daily.contentItemId,
            views: plain(daily.views, 'views'),
            watchMinutes: plain(daily.watchMinutes, 'watch_minutes'),
            likes: plain(daily.likes, 'likes'),
            comments: plain(daily.comments, 'comments'),
            shares: plain(daily.shares, 'shares'),
            saves: plain(daily.saves, 'saves'),
            followersGained: plain(daily.followersGained, 'followers_gained'),
          })
          .from(daily)
          .where(
            and(
              eq(daily.organizationId, organizationId),
              inArray(daily.accountId, filter.accountIds),
              or(...split.days.map((part) => between(daily.day, part.from, part.to))),
            ),
          )
      : null;
  if (months && days) return months.unionAll(days).as('range_rows');
  return (months ?? days)!.as('range_rows');
}

/**
 * Every content item with its numbers for the range: activity inside the range where the
 * platform reports per-day figures (YouTube), lifetime counters where it reports only those.
 */
export async function listContent(db: Database, organizationId: string, filter: ContentFilter) {
  if (filter.accountIds.length === 0) return { rows: [], total: 0 };
  const parts = rangeMetricRows(db, organizationId, filter);
  const sum = (key: RangeMetricKey, alias: string) =>
    sql<string | null>`sum(${parts[key]})`.as(alias);
  const daily = db
    .select({
      contentItemId: parts.contentItemId,
      views: sum('views', 'd_views'),
      watchMinutes: sum('watchMinutes', 'd_watch'),
      likes: sum('likes', 'd_likes'),
      comments: sum('comments', 'd_comments'),
      shares: sum('shares', 'd_shares'),
      saves: sum('saves', 'd_saves'),
      followersGained: sum('followersGained', 'd_followers'),
    })
    .from(parts)
    .groupBy(parts.contentItemId)
    .as('daily');
  const hasDaily = sql<boolean>`(${daily.contentItemId} is not null)`;
  const pick = (rangeValue: SQL.Aliased<string | null>, lifetime: AnyPgColumn) =>
    sql<string | null>`case when ${hasDaily} then ${rangeValue} else ${lifetime} end`;
  const columns = {
    id: contentItems.id,
    title: contentItems.title,
    platform: analyticsAccounts.platform,
    type: contentItems.kind,
    publishedAt: contentItems.publishedAt,
    permalink: contentItems.permalink,
    isRangeBased: hasDaily,
    views: pick(daily.views, contentItems.views),
    watchMinutes: pick(daily.watchMinutes, contentItems.watchMinutes),
    likes: pick(daily.likes, contentItems.likes),
    comments: pick(daily.comments, contentItems.comments),
    shares: pick(daily.shares, contentItems.shares),
    saves: pick(daily.saves, contentItems.saves),
    followersGained: pick(daily.followersGained, contentItems.followersGained),
  };
  const conditions = [
    eq(contentItems.organizationId, organizationId),
    inArray(contentItems.accountId, filter.accountIds),
  ];
  if (filter.type !== 'all')
    conditions.push(eq(contentItems.kind, filter.type as typeof contentItems.kind._.data));
  if (filter.search)
    conditions.push(ilike(contentItems.title, `%${filter.search.replace(/[\\%_]/g, '\\$&')}%`));
  const where = and(...conditions);
  const engagement = sql`(coalesce(${columns.likes}::numeric, 0) + coalesce(${columns.comments}::numeric, 0) + coalesce(${columns.shares}::numeric, 0) + coalesce(${columns.saves}::numeric, 0)) / nullif(${columns.views}::numeric, 0)`;
  const sortExpression: Record<string, SQL> = {
    publishedAt: sql`${contentItems.publishedAt}`,
    title: sql`lower(${contentItems.title})`,
    views: sql`${columns.views}::numeric`,
    watchMinutes: sql`${columns.watchMinutes}::numeric`,
    likes: sql`${columns.likes}::numeric`,
    comments: sql`${columns.comments}::numeric`,
    shares: sql`${columns.shares}::numeric`,
    saves: sql`${columns.saves}::numeric`,
    engagementRate: engagement,
    followersGained: sql`${columns.followersGained}::numeric`,
  };
  const sortBy = sortExpression[filter.sort] ?? sortExpression.views!;
  const direction = filter.order === 'asc' ? sql`asc nulls last` : sql`desc nulls last`;
  const query = db
    .select(columns)
    .from(contentItems)
    .innerJoin(analyticsAccounts, eq(analyticsAccounts.id, contentItems.accountId))
    .leftJoin(daily, eq(daily.contentItemId, contentItems.id))
    .where(where)
    .orderBy(sql`${sortBy} ${direction}`, asc(contentItems.id))
    .offset(filter.offset);
  const [rows, totals] = await Promise.all([
    filter.limit === null ? query : query.limit(filter.limit),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(contentItems)
      .where(where),
  ]);
  return { rows, total: Number(totals[0]?.total ?? 0) };
}

// ── Campaigns ───────────────────────────────────────────────────────────────

type CampaignRow = typeof campaigns.$inferSelect;
export type CampaignValues = Omit<
  typeof campaigns.$inferInsert,
  'id' | 'organizationId' | 'createdAt' | 'updatedAt'
>;

export function toCampaign(row: CampaignRow): Campaign {
  return {
    id: row.id,
    name: row.name,
    channel: row.channel,
    amount: Number(row.amount),
    currency: row.currency,
    startDate: row.startDate,
    endDate: row.endDate,
    linkedContentId: row.linkedContentId,
    linkedRelease: row.linkedRelease,
    extraRevenue: Number(row.extraRevenue),
    notes: row.notes,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function listCampaigns(db: Database, organizationId: string): Promise<Campaign[]> {
  const rows = await db
    .select()
    .from(campaigns)
    .where(eq(campaigns.organizationId, organizationId))
    .orderBy(desc(campaigns.startDate), asc(campaigns.name));
  return rows.map(toCampaign);
}

export async function insertCampaign(
  db: Database,
  organizationId: string,
  values: CampaignValues,
): Promise<Campaign> {
  const [row] = await db
    .insert(campaigns)
    .values({ ...values, organizationId })
    .returning();
  return toCampaign(row!);
}

export async function updateCampaign(
  db: Database,
  organizationId: string,
  id: string,
  values: CampaignValues,
): Promise<Campaign | null> {
  const [row] = await db
    .update(campaigns)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(campaigns.organizationId, organizationId), eq(campaigns.id, id)))
    .returning();
  return row ? toCampaign(row) : null;
}

export async function deleteCampaign(
  db: Database,
  organizationId: string,
  id: string,
): Promise<boolean> {
  const rows = await db
    .delete(campaigns)
    .where(and(eq(campaigns.organizationId, organizationId), eq(campaigns.id, id)))
    .returning({ id: campaigns.id });
  return rows.length > 0;
}

export async function isContentOfOrganization(
  db: Database,
  organizationId: string,
  contentId: string,
): Promise<boolean> {
  const rows = await db
    .select({ id: contentItems.id })
    .from(contentItems)
    .where(and(eq(contentItems.organizationId, organizationId), eq(contentItems.id, contentId)))
    .limit(1);
  return rows.length > 0;
}

// ── Insights ────────────────────────────────────────────────────────────────

export type NewInsight = Omit<
  typeof insights.$inferInsert,
  'id' | 'organizationId' | 'createdAt' | 'seenAt'
>;

/**
 * Stores each finding once per key. A key already stored keeps its id, creation time and seen
 * mark (so it is never announced twice) but takes the latest wording and evidence.
 */
export async function saveInsights(
  db: Database,
  organizationId: string,
  found: NewInsight[],
): Promise<void> {
  // Two accounts of one platform can cross the same milestone: one row per key, the first wins
  // (an upsert may not touch the same row twice in one statement).
  const byKey = new Map<string, NewInsight>();
  for (const insight of found) if (!byKey.has(insight.key)) byKey.set(insight.key, insight);
  if (byKey.size === 0) return;
  await db
    .insert(insights)
    .values([...byKey.values()].map((insight) => ({ ...insight, organizationId })))
    .onConflictDoUpdate({
      target: [insights.organizationId, insights.key],
      set: {
        title: sql.raw(`excluded."title"`),
        description: sql.raw(`excluded."description"`),
        evidence: sql.raw(`excluded."evidence"`),
      },
    });
}

export async function listInsights(
  db: Database,
  organizationId: string,
  from: string,
  to: string,
  platforms: Platform[],
) {
  return db
    .select()
    .from(insights)
    .where(
      and(
        eq(insights.organizationId, organizationId),
        between(insights.day, from, to),
        sql`(${insights.platform} is null or ${inArray(insights.platform, platforms)})`,
      ),
    )
    .orderBy(desc(insights.day), asc(insights.kind))
    .limit(50);
}

export async function markInsightSeen(
  db: Database,
  organizationId: string,
  id: string,
): Promise<boolean> {
  const rows = await db
    .update(insights)
    .set({ seenAt: new Date() })
    .where(
      and(
        eq(insights.organizationId, organizationId),
        eq(insights.id, id),
        isNull(insights.seenAt),
      ),
    )
    .returning({ id: insights.id });
  if (rows.length > 0) return true;
  const existing = await db
    .select({ id: insights.id })
    .from(insights)
    .where(and(eq(insights.organizationId, organizationId), eq(insights.id, id)));
  return existing.length > 0;
}
