import { and, asc, between, eq, ilike, inArray, lt, sql, type SQL } from 'drizzle-orm';
import { QueryBuilder, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '../../../db/client';
import {
  analyticsAccounts,
  contentDailyMetrics,
  contentItems,
  contentMonthlyMetrics,
  songContentLinks,
  songs,
} from '../../../db/schema';
import { prepareStatementsByShape } from '../../../db/statement';
import { addDays } from '../../../lib/days';
import { splitIntoMonths } from '../calculations/date-range';
import type { Platform } from '../shared/platforms';
import { isAnyOf, isOwnAccount } from '../shared/sql';

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
 * The platforms whose sync stores per-day figures per item (YouTube Analytics' per-video report,
 * TikTok's daily snapshots): their items get range figures. Graph gives Instagram and Facebook
 * media lifetime counters only, so theirs are lifetime figures, listed apart.
 */
export const dailyContentPlatforms: Platform[] = ['youtube', 'tiktok'];
const isRangePlatform = sql<boolean>`(${analyticsAccounts.platform} in (${sql.join(
  dailyContentPlatforms.map((platform) => sql.raw(`'${platform}'`)),
  sql`, `,
)}))`;

/**
 * The metrics of the given accounts' content inside the range, as rows to sum per item: the
 * whole calendar months of the range come from `content_monthly_metrics` (one row per item and
 * month), only its partial first and last months from the days of `content_daily_metrics`.
 * Summing them gives exactly the sum of the days, from about a ninth of the rows for a 365-day
 * range.
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
  // A partial stretch of days reads the month rows it touches, each summed over the elements
  // (days of the month) inside the stretch.
  const dayPart = (index: number) => {
    const from = sql`${sql.placeholder(`dayFrom${index}`)}::date`;
    const to = sql`${sql.placeholder(`dayTo${index}`)}::date`;
    const first = sql`case when ${daily.month} < ${from} then extract(day from ${from})::int else 1 end`;
    const last = sql`case when ${daily.month} = date_trunc('month', ${to})::date then extract(day from ${to})::int else 31 end`;
    const sumOf = (column: AnyPgColumn, alias: string) =>
      sql<
        string | null
      >`(select sum(part.value) from unnest(${column}[${first}:${last}]) as part(value))`.as(alias);
    return queryBuilder
      .select({
        contentItemId: daily.contentItemId,
        views: sumOf(daily.views, 'views'),
        watchMinutes: sumOf(daily.watchMinutes, 'watch_minutes'),
        likes: sumOf(daily.likes, 'likes'),
        comments: sumOf(daily.comments, 'comments'),
        shares: sumOf(daily.shares, 'shares'),
        saves: sumOf(daily.saves, 'saves'),
        followersGained: sumOf(daily.followersGained, 'followers_gained'),
      })
      .from(daily)
      .where(
        and(
          eq(daily.organizationId, sql.placeholder('organizationId')),
          isAnyOf(daily.accountId, 'accountIds'),
          between(daily.month, sql`date_trunc('month', ${from})::date`, to),
        ),
      );
  };
  const [first, ...rest] = [
    ...(months ? [months] : []),
    ...Array.from({ length: shape.dayParts }, (_, index) => dayPart(index)),
  ];
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- one union of like selections
  let union: any = first!;
  for (const part of rest) union = union.unionAll(part);
  return (union as typeof first & object).as('range_rows');
}

function contentConditions(shape: ContentShape) {
  return and(
    eq(contentItems.organizationId, sql.placeholder('organizationId')),
    isAnyOf(contentItems.accountId, 'accountIds'),
    // Nothing published after the range: it could have no figures inside it.
    lt(contentItems.publishedAt, sql.placeholder('publishedBefore')),
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
  // Range figures only where the platform reports per day; never a lifetime counter in their place.
  const pick = (rangeValue: SQL.Aliased<string | null>) =>
    sql<string | null>`case when ${isRangePlatform} then ${rangeValue} end`;
  const lifetimeOf = (column: AnyPgColumn) =>
    sql<string | null>`case when not ${isRangePlatform} then ${column} end`;
  const metrics = {
    views: pick(daily.views),
    watchMinutes: pick(daily.watchMinutes),
    likes: pick(daily.likes),
    comments: pick(daily.comments),
    shares: pick(daily.shares),
    saves: pick(daily.saves),
    followersGained: pick(daily.followersGained),
  };
  const lifetime = {
    views: lifetimeOf(contentItems.views),
    likes: lifetimeOf(contentItems.likes),
    comments: lifetimeOf(contentItems.comments),
    shares: lifetimeOf(contentItems.shares),
    saves: lifetimeOf(contentItems.saves),
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
    lifetimeViews: sql`${lifetime.views}::numeric`,
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
      thumbnailUrl: sql`${contentItems.thumbnailUrl}`.as('thumbnailUrl'),
      durationSeconds: sql`${contentItems.durationSeconds}`.as('durationSeconds'),
      isRangeBased: isRangePlatform.as('isRangeBased'),
      views: metrics.views.as('views'),
      watchMinutes: metrics.watchMinutes.as('watchMinutes'),
      likes: metrics.likes.as('likes'),
      comments: metrics.comments.as('comments'),
      shares: metrics.shares.as('shares'),
      saves: metrics.saves.as('saves'),
      followersGained: metrics.followersGained.as('followersGained'),
      lifetimeViews: lifetime.views.as('lifetimeViews'),
      lifetimeLikes: lifetime.likes.as('lifetimeLikes'),
      lifetimeComments: lifetime.comments.as('lifetimeComments'),
      lifetimeShares: lifetime.shares.as('lifetimeShares'),
      lifetimeSaves: lifetime.saves.as('lifetimeSaves'),
    })
    .from(contentItems)
    .innerJoin(analyticsAccounts, isOwnAccount(contentItems))
    .leftJoin(daily, eq(daily.contentItemId, contentItems.id))
    .where(contentConditions(shape))
    .orderBy(sql`${sortBy} ${direction}`, asc(contentItems.id))
    .offset(sql.placeholder('offset'));
  return (shape.hasLimit ? query.limit(sql.placeholder('limit')) : query).getSQL();
});

const countContent = prepareStatementsByShape<
  { total: number; publishedInRange: number },
  Record<string, unknown>,
  ContentShape
>(
  (shape) => `${shape.hasType}|${shape.hasSearch}`,
  (shape) =>
    queryBuilder
      .select({
        total: sql<number>`count(*)::int`.as('total'),
        publishedInRange:
          sql<number>`(count(*) filter (where ${contentItems.publishedAt} >= ${sql.placeholder('publishedFrom')}))::int`.as(
            'publishedInRange',
          ),
      })
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
  thumbnailUrl: string | null;
  durationSeconds: number | null;
  isRangeBased: boolean;
  views: string | number | null;
  watchMinutes: string | number | null;
  likes: string | number | null;
  comments: string | number | null;
  shares: string | number | null;
  saves: string | number | null;
  followersGained: string | number | null;
  lifetimeViews: string | number | null;
  lifetimeLikes: string | number | null;
  lifetimeComments: string | number | null;
  lifetimeShares: string | number | null;
  lifetimeSaves: string | number | null;
};

/**
 * Every content item published up to the range's end with its numbers: activity inside the range
 * where the platform reports per-day figures (`dailyContentPlatforms`), lifetime counters in their
 * own columns where it reports only those; and how many were published inside the range.
 */
export async function listContent(
  db: Database,
  organizationId: string,
  filter: ContentFilter,
): Promise<{ rows: ContentListRow[]; total: number; publishedInRange: number }> {
  if (filter.accountIds.length === 0) return { rows: [], total: 0, publishedInRange: 0 };
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
    publishedBefore: `${addDays(filter.to, 1)}T00:00:00Z`,
    publishedFrom: `${filter.from}T00:00:00Z`,
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
    publishedInRange: Number(totals[0]?.publishedInRange ?? 0),
  };
}

/**
 * The song each item was confirmed to be (the earliest link, when an item names two songs): the
 * content table links a row to its song page.
 */
export async function listSongsOfContentItems(
  db: Database,
  organizationId: string,
  contentItemIds: string[],
): Promise<Map<string, { isrc: string; title: string }>> {
  if (contentItemIds.length === 0) return new Map();
  const rows = await db
    .selectDistinctOn([songContentLinks.contentItemId], {
      contentItemId: songContentLinks.contentItemId,
      isrc: songs.isrc,
      title: songs.title,
    })
    .from(songContentLinks)
    .innerJoin(
      songs,
      and(
        eq(songs.organizationId, songContentLinks.organizationId),
        eq(songs.id, songContentLinks.songId),
      ),
    )
    .where(
      and(
        eq(songContentLinks.organizationId, organizationId),
        inArray(songContentLinks.contentItemId, contentItemIds),
      ),
    )
    .orderBy(songContentLinks.contentItemId, asc(songContentLinks.createdAt), asc(songs.isrc));
  return new Map(rows.map((row) => [row.contentItemId, { isrc: row.isrc, title: row.title }]));
}
