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
import { QueryBuilder, type AnyPgColumn } from 'drizzle-orm/pg-core';
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
import { toNumber } from '../../db/numeric';
import { prepareStatement, prepareStatementsByShape } from '../../db/statement';
import { splitIntoMonths } from './calculations/date-range';
import { roundToCents } from './calculations/rounding';

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

/** `column = any($values)`: one array parameter, so the statement's text is the same for any count. */
const isAnyOf = (column: AnyPgColumn, values: string) =>
  sql`${column} = any(${sql.placeholder(values)})`;

/** A `timestamptz` read as the database's text (as Drizzle reads it, then turns into a Date). */
const toDate = (value: string) => new Date(value);

const a = analyticsAccounts;
const c = platformConnections;
const selectScopedAccounts = prepareStatement<
  {
    id: string;
    platform: Platform;
    name: string;
    followers_total: string | number | bigint | null;
    connection_id: string;
    account_name: string;
    is_sandbox: boolean;
    last_synced_at: string | null;
    data_complete_through: string | null;
    first_data_day: string | null;
    last_data_day: string | null;
  },
  { organizationId: string; platforms: Platform[] }
>(sql`select ${a.id} as id, ${a.platform} as platform, ${a.name} as name,
    ${a.followersTotal} as followers_total, ${c.id} as connection_id,
    ${c.accountName} as account_name, ${c.isSandbox} as is_sandbox,
    ${c.lastSyncedAt} as last_synced_at, ${c.dataCompleteThrough} as data_complete_through,
    (select min(${accountDailyMetrics.day})::text from ${accountDailyMetrics} where ${accountDailyMetrics.accountId} = ${a.id}) as first_data_day,
    (select max(${accountDailyMetrics.day})::text from ${accountDailyMetrics} where ${accountDailyMetrics.accountId} = ${a.id}) as last_data_day
  from ${a} inner join ${c} on ${c.id} = ${a.connectionId}
  where ${a.organizationId} = ${sql.placeholder('organizationId')}
    and ${isAnyOf(a.platform, 'platforms')}
  order by ${a.platform} asc, ${a.name} asc`);

/** The organisation's synced accounts (a YouTube channel, an Instagram account, a page…). */
export async function listScopedAccounts(
  db: Database,
  organizationId: string,
  platforms: Platform[],
): Promise<ScopedAccount[]> {
  // With the first and last day of metrics (two primary-key lookups per account), so a
  // dashboard request needs no separate query for them.
  const rows = await selectScopedAccounts(db, { organizationId, platforms });
  return rows.map((row) => ({
    id: row.id,
    platform: row.platform,
    name: row.name,
    followersTotal: toNumber(row.followers_total),
    connectionId: row.connection_id,
    accountName: row.account_name,
    isSandbox: row.is_sandbox,
    lastSyncedAt: row.last_synced_at === null ? null : toDate(row.last_synced_at),
    dataCompleteThrough: row.data_complete_through,
    firstDataDay: row.first_data_day,
    lastDataDay: row.last_data_day,
  }));
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

const m = accountDailyMetrics;

type PlatformDayRow = {
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
  estimated_revenue: string | number | null;
};

/** Per platform and day, `columns` summed over the organisation's accounts where `where` holds. */
const platformDaysOf = (columns: SQL, where: SQL) =>
  sql`select ${a.platform} as platform, ${columns}
    from ${m} inner join ${a} on ${a.id} = ${m.accountId}
    where ${m.organizationId} = ${sql.placeholder('organizationId')} and ${where}
    group by ${a.platform}, ${m.day}`;

// The dashboard's hottest read (up to ~1,100 rows × 13 columns for a year of three platforms):
// read as plain rows, without the query builder's per-cell result mapping.
const selectPlatformDays = prepareStatement<
  PlatformDayRow,
  { organizationId: string; accountIds: string[]; from: string; to: string }
>(
  sql`${platformDaysOf(
    sql`${m.day}::text as day,
      sum(${m.views}) as views, sum(${m.watchMinutes}) as watch_minutes,
      sum(${m.likes}) as likes, sum(${m.comments}) as comments, sum(${m.shares}) as shares,
      sum(${m.saves}) as saves, sum(${m.totalInteractions}) as total_interactions,
      sum(${m.followersGained}) as followers_gained, sum(${m.followersLost}) as followers_lost,
      sum(${m.followersTotal}) as followers_total, sum(${m.estimatedRevenue}) as estimated_revenue`,
    sql`${isAnyOf(m.accountId, 'accountIds')}
      and ${m.day} between ${sql.placeholder('from')} and ${sql.placeholder('to')}`,
  )}
    order by ${m.day}`,
);

const g = campaigns;

/** What campaign ROI reads of a platform's day; days as numbers (days since 1970-01-01). */
export type CampaignPlatformDay = Pick<
  PlatformDay,
  'platform' | 'views' | 'followersGained' | 'followersLost' | 'estimatedRevenue'
> & { dayNumber: number };

type CampaignDayRow = {
  platform: Platform;
  day_number: number;
  views: string | null;
  followers_gained: string | null;
  followers_lost: string | null;
  estimated_revenue: string | number | null;
};

/**
 * The days campaign ROI compares: from the earliest baseline window (as many days before a
 * campaign as it lasts) to the last campaign's end, for the organisation's accounts on the
 * platforms, with only the metrics ROI uses. Worked out by the database, so it needs neither the
 * campaigns nor the accounts first. (Skipping the days between campaigns measured slower than
 * reading them: a few hundred days of four sums cost less than a range test per day.)
 */
const selectCampaignDays = prepareStatement<
  CampaignDayRow,
  { organizationId: string; platforms: Platform[] }
>(
  platformDaysOf(
    sql`${m.day} - date '1970-01-01' as day_number, sum(${m.views}) as views,
      sum(${m.followersGained}) as followers_gained, sum(${m.followersLost}) as followers_lost,
      sum(${m.estimatedRevenue}) as estimated_revenue`,
    sql`${m.accountId} in (select ${a.id} from ${a}
        where ${a.organizationId} = ${sql.placeholder('organizationId')}
          and ${isAnyOf(a.platform, 'platforms')})
      and ${m.day} between
        (select min(${g.startDate} - (${g.endDate} - ${g.startDate}) - 1) from ${g}
          where ${g.organizationId} = ${sql.placeholder('organizationId')})
        and (select max(${g.endDate}) from ${g}
          where ${g.organizationId} = ${sql.placeholder('organizationId')})`,
  ),
);

const toRevenue = (value: string | number | null) =>
  value === null ? null : roundToCents(Number(value));

const toPlatformDay = (row: PlatformDayRow): PlatformDay => ({
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
  estimatedRevenue: toRevenue(row.estimated_revenue),
});

/**
 * Daily totals per platform, in day order; a metric no account reported stays null (sum of
 * nulls).
 */
export async function listPlatformDays(
  db: Database,
  organizationId: string,
  accountIds: string[],
  from: string,
  to: string,
): Promise<PlatformDay[]> {
  if (accountIds.length === 0) return [];
  const rows = await selectPlatformDays(db, { organizationId, accountIds, from, to });
  return rows.map(toPlatformDay);
}

/** The days of every campaign and its baseline, per platform (nothing without campaigns). */
export async function listCampaignPlatformDays(
  db: Database,
  organizationId: string,
  platforms: Platform[],
): Promise<CampaignPlatformDay[]> {
  const rows = await selectCampaignDays(db, { organizationId, platforms });
  return rows.map((row) => ({
    platform: row.platform,
    dayNumber: Number(row.day_number),
    views: toNumber(row.views),
    followersGained: toNumber(row.followers_gained),
    followersLost: toNumber(row.followers_lost),
    estimatedRevenue: toRevenue(row.estimated_revenue),
  }));
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

const b = audienceBreakdowns;
const selectBreakdowns = prepareStatement<
  {
    account_id: string;
    dimension: BreakdownRow['dimension'];
    value: string;
    period_label: string;
    period_start: string | null;
    period_end: string;
    percentage: number | string | null;
    views: number | string | null;
    followers: number | string | null;
  },
  { organizationId: string; platforms: Platform[] }
>(sql`select ${b.accountId} as account_id, ${b.dimension} as dimension, ${b.value} as value,
      ${b.periodLabel} as period_label, ${b.periodStart}::text as period_start,
      ${b.periodEnd}::text as period_end, ${b.percentage} as percentage, ${b.views} as views,
      ${b.followers} as followers
    from ${b}
    where ${b.organizationId} = ${sql.placeholder('organizationId')}
      and ${b.accountId} in (select ${a.id} from ${a}
        where ${a.organizationId} = ${sql.placeholder('organizationId')}
          and ${isAnyOf(a.platform, 'platforms')})`);

/**
 * Every stored breakdown row of the organisation's accounts on the platforms (plain rows: a few
 * hundred per account). Scoped like `listScopedAccounts`, so the two can be read at once.
 */
export async function listBreakdowns(
  db: Database,
  organizationId: string,
  platforms: Platform[],
): Promise<BreakdownRow[]> {
  const rows = await selectBreakdowns(db, { organizationId, platforms });
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

/** What decides the text of the content statements; every value is a placeholder. */
type ContentShape = {
  sort: string;
  order: 'asc' | 'desc';
  hasType: boolean;
  hasSearch: boolean;
  hasMonths: boolean;
  /** Partial months read day by day: none, a head, a tail, or both. */
  dayParts: number;
  hasLimit: boolean;
};

/** Every field of the shape, so a field added later cannot share another shape's statement. */
const contentShapeKey = (shape: ContentShape) => Object.values(shape).join('|');

const queryBuilder = new QueryBuilder();

/**
 * The metrics of the given accounts' content inside the range, as rows to sum per item: the
 * whole calendar months of the range come from `content_monthly_metrics` (one row per item and
 * month), only its partial first and last months from `content_daily_metrics`. Summing them gives
 * exactly the sum of the days, from about a ninth of the rows for a 365-day range.
 */
function rangeMetricRows(shape: ContentShape) {
  const monthly = contentMonthlyMetrics;
  // A month where no day reported a metric stays unknown, as the sum of its days would.
  const known = (sum: AnyPgColumn, days: AnyPgColumn) =>
    sql<string | null>`case when ${days} > 0 then ${sum} end`;
  const months = shape.hasMonths
    ? queryBuilder
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
            eq(monthly.organizationId, sql.placeholder('organizationId')),
            isAnyOf(monthly.accountId, 'accountIds'),
            between(monthly.month, sql.placeholder('firstMonth'), sql.placeholder('lastMonth')),
          ),
        )
    : null;
  const daily = contentDailyMetrics;
  const plain = (column: AnyPgColumn, alias: string) => sql<string | null>`${column}`.as(alias);
  const dayParts = Array.from({ length: shape.dayParts }, (_, index) =>
    between(daily.day, sql.placeholder(`dayFrom${index}`), sql.placeholder(`dayTo${index}`)),
  );
  const days =
    dayParts.length > 0
      ? queryBuilder
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
              eq(daily.organizationId, sql.placeholder('organizationId')),
              isAnyOf(daily.accountId, 'accountIds'),
              or(...dayParts),
            ),
          )
      : null;
  if (months && days) return months.unionAll(days).as('range_rows');
  return (months ?? days)!.as('range_rows');
}

function contentConditions(shape: ContentShape) {
  return and(
    eq(contentItems.organizationId, sql.placeholder('organizationId')),
    isAnyOf(contentItems.accountId, 'accountIds'),
    shape.hasType ? eq(contentItems.kind, sql.placeholder('type')) : undefined,
    shape.hasSearch ? ilike(contentItems.title, sql.placeholder('search')) : undefined,
  );
}

const selectContent = prepareStatementsByShape<
  ContentListRow,
  Record<string, unknown>,
  ContentShape
>(contentShapeKey, (shape) => {
  const parts = rangeMetricRows(shape);
  const sum = (key: RangeMetricKey, alias: string) =>
    sql<string | null>`sum(${parts[key]})`.as(alias);
  const daily = queryBuilder
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
  const metrics = {
    views: pick(daily.views, contentItems.views),
    watchMinutes: pick(daily.watchMinutes, contentItems.watchMinutes),
    likes: pick(daily.likes, contentItems.likes),
    comments: pick(daily.comments, contentItems.comments),
    shares: pick(daily.shares, contentItems.shares),
    saves: pick(daily.saves, contentItems.saves),
    followersGained: pick(daily.followersGained, contentItems.followersGained),
  };
  const engagement = sql`(coalesce(${metrics.likes}::numeric, 0) + coalesce(${metrics.comments}::numeric, 0) + coalesce(${metrics.shares}::numeric, 0) + coalesce(${metrics.saves}::numeric, 0)) / nullif(${metrics.views}::numeric, 0)`;
  const sortExpression: Record<string, SQL> = {
    publishedAt: sql`${contentItems.publishedAt}`,
    title: sql`lower(${contentItems.title})`,
    views: sql`${metrics.views}::numeric`,
    watchMinutes: sql`${metrics.watchMinutes}::numeric`,
    likes: sql`${metrics.likes}::numeric`,
    comments: sql`${metrics.comments}::numeric`,
    shares: sql`${metrics.shares}::numeric`,
    saves: sql`${metrics.saves}::numeric`,
    engagementRate: engagement,
    followersGained: sql`${metrics.followersGained}::numeric`,
  };
  const sortBy = sortExpression[shape.sort] ?? sortExpression.views!;
  const direction = shape.order === 'asc' ? sql`asc nulls last` : sql`desc nulls last`;
  const query = queryBuilder
    .select({
      id: contentItems.id,
      title: contentItems.title,
      platform: analyticsAccounts.platform,
      type: sql`${contentItems.kind}`.as('type'),
      publishedAt: sql`${contentItems.publishedAt}`.as('publishedAt'),
      permalink: contentItems.permalink,
      isRangeBased: hasDaily.as('isRangeBased'),
      views: metrics.views.as('views'),
      watchMinutes: metrics.watchMinutes.as('watchMinutes'),
      likes: metrics.likes.as('likes'),
      comments: metrics.comments.as('comments'),
      shares: metrics.shares.as('shares'),
      saves: metrics.saves.as('saves'),
      followersGained: metrics.followersGained.as('followersGained'),
    })
    .from(contentItems)
    .innerJoin(analyticsAccounts, eq(analyticsAccounts.id, contentItems.accountId))
    .leftJoin(daily, eq(daily.contentItemId, contentItems.id))
    .where(contentConditions(shape))
    .orderBy(sql`${sortBy} ${direction}`, asc(contentItems.id))
    .offset(sql.placeholder('offset'));
  return (shape.hasLimit ? query.limit(sql.placeholder('limit')) : query).getSQL();
});

const countContent = prepareStatementsByShape<
  { total: number },
  Record<string, unknown>,
  ContentShape
>(
  (shape) => `${shape.hasType}|${shape.hasSearch}`,
  (shape) =>
    queryBuilder
      .select({ total: sql<number>`count(*)::int`.as('total') })
      .from(contentItems)
      .where(contentConditions(shape))
      .getSQL(),
);

/** A content row as the statement returns it (its columns are aliased to these names). */
export type ContentListRow = {
  id: string;
  title: string;
  platform: Platform;
  type: string;
  /** The database's text of the timestamp. */
  publishedAt: string;
  permalink: string | null;
  isRangeBased: boolean;
  views: string | number | null;
  watchMinutes: string | number | null;
  likes: string | number | null;
  comments: string | number | null;
  shares: string | number | null;
  saves: string | number | null;
  followersGained: string | number | null;
};

/**
 * Every content item with its numbers for the range: activity inside the range where the
 * platform reports per-day figures (YouTube), lifetime counters where it reports only those.
 */
export async function listContent(
  db: Database,
  organizationId: string,
  filter: ContentFilter,
): Promise<{ rows: ContentListRow[]; total: number }> {
  if (filter.accountIds.length === 0) return { rows: [], total: 0 };
  const split = splitIntoMonths(filter.from, filter.to);
  const shape: ContentShape = {
    sort: filter.sort,
    order: filter.order,
    hasType: filter.type !== 'all',
    hasSearch: Boolean(filter.search),
    hasMonths: split.months !== null,
    dayParts: split.days.length,
    hasLimit: filter.limit !== null,
  };
  const values: Record<string, unknown> = {
    organizationId,
    accountIds: filter.accountIds,
    offset: filter.offset,
  };
  if (split.months) {
    values.firstMonth = split.months.first;
    values.lastMonth = split.months.last;
  }
  for (const [index, part] of split.days.entries()) {
    values[`dayFrom${index}`] = part.from;
    values[`dayTo${index}`] = part.to;
  }
  if (shape.hasType) values.type = filter.type;
  if (filter.search) values.search = `%${filter.search.replace(/[\\%_]/g, '\\$&')}%`;
  if (filter.limit !== null) values.limit = filter.limit;
  const [rows, totals] = await Promise.all([
    selectContent(db, shape, values),
    countContent(db, shape, values),
  ]);
  return {
    rows,
    total: Number(totals[0]?.total ?? 0),
  };
}

// ── Campaigns ───────────────────────────────────────────────────────────────

type CampaignRow = typeof campaigns.$inferSelect;
export type CampaignValues = Omit<
  typeof campaigns.$inferInsert,
  'id' | 'organizationId' | 'createdAt' | 'updatedAt'
>;

/** A campaign row as read by the query builder (timestamps as `Date`) or raw (as text). */
type CampaignFields = Omit<CampaignRow, 'organizationId' | 'createdAt' | 'updatedAt'> & {
  createdAt: Date | string;
  updatedAt: Date | string;
};

export function toCampaign(row: CampaignFields): Campaign {
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
    createdAt: (typeof row.createdAt === 'string'
      ? toDate(row.createdAt)
      : row.createdAt
    ).toISOString(),
    updatedAt: (typeof row.updatedAt === 'string'
      ? toDate(row.updatedAt)
      : row.updatedAt
    ).toISOString(),
  };
}

// Aliased as the table's own field names, so a row is a CampaignFields as it comes.
const selectCampaigns = prepareStatement<
  Omit<CampaignFields, 'createdAt' | 'updatedAt'> & { createdAt: string; updatedAt: string },
  { organizationId: string }
>(sql`select ${campaigns.id} as "id", ${campaigns.name} as "name", ${campaigns.channel} as "channel",
      ${campaigns.amount} as "amount", ${campaigns.currency} as "currency",
      ${campaigns.startDate} as "startDate", ${campaigns.endDate} as "endDate",
      ${campaigns.linkedContentId} as "linkedContentId",
      ${campaigns.linkedRelease} as "linkedRelease", ${campaigns.extraRevenue} as "extraRevenue",
      ${campaigns.notes} as "notes", ${campaigns.createdAt} as "createdAt",
      ${campaigns.updatedAt} as "updatedAt"
    from ${campaigns}
    where ${campaigns.organizationId} = ${sql.placeholder('organizationId')}
    order by ${campaigns.startDate} desc, ${campaigns.name} asc`);

export async function listCampaigns(db: Database, organizationId: string): Promise<Campaign[]> {
  const rows = await selectCampaigns(db, { organizationId });
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

export type StoredInsight = {
  id: string;
  kind: 'spike' | 'milestone';
  platform: Platform | null;
  day: string;
  title: string;
  description: string;
  evidence: Record<string, unknown>;
  createdAt: Date;
  seenAt: Date | null;
};

const selectInsights = prepareStatement<
  {
    id: string;
    kind: StoredInsight['kind'];
    platform: Platform | null;
    day: string;
    title: string;
    description: string;
    evidence: Record<string, unknown> | string;
    created_at: string;
    seen_at: string | null;
  },
  { organizationId: string; from: string; to: string; platforms: Platform[] }
>(sql`select ${insights.id} as id, ${insights.kind} as kind, ${insights.platform} as platform,
      ${insights.day} as day, ${insights.title} as title, ${insights.description} as description,
      ${insights.evidence} as evidence, ${insights.createdAt} as created_at,
      ${insights.seenAt} as seen_at
    from ${insights}
    where ${insights.organizationId} = ${sql.placeholder('organizationId')}
      and ${insights.day} between ${sql.placeholder('from')} and ${sql.placeholder('to')}
      and (${insights.platform} is null or ${isAnyOf(insights.platform, 'platforms')})
    order by ${insights.day} desc, ${insights.kind} asc
    limit 50`);

export async function listInsights(
  db: Database,
  organizationId: string,
  from: string,
  to: string,
  platforms: Platform[],
): Promise<StoredInsight[]> {
  const rows = await selectInsights(db, { organizationId, from, to, platforms });
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    platform: row.platform,
    day: row.day,
    title: row.title,
    description: row.description,
    // As Drizzle reads jsonb: drivers that hand back text are parsed here.
    evidence: typeof row.evidence === 'string' ? JSON.parse(row.evidence) : row.evidence,
    createdAt: toDate(row.created_at),
    seenAt: row.seen_at === null ? null : toDate(row.seen_at),
  }));
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
