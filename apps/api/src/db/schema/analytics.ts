import {
  bigint,
  date,
  doublePrecision,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { organizations } from './app';
import { platformConnections } from './connections';

// One platform-neutral model: a YouTube channel, an Instagram account and a Facebook page are
// all `analytics_accounts`; videos, shorts, reels and posts are all `content_items`. A metric a
// platform does not report (or withholds) is NULL, never 0.

export const analyticsPlatforms = ['youtube', 'instagram', 'facebook', 'tiktok'] as const;
export const contentKinds = ['video', 'short', 'live', 'reel', 'post', 'story'] as const;
export const audienceDimensions = [
  'country',
  'city',
  'age',
  'gender',
  'age_gender',
  'device',
  'traffic_source',
] as const;

const metricColumns = () => ({
  views: bigint('views', { mode: 'number' }),
  watchMinutes: bigint('watch_minutes', { mode: 'number' }),
  averageViewDurationSeconds: integer('average_view_duration_seconds'),
  likes: integer('likes'),
  comments: integer('comments'),
  shares: integer('shares'),
  saves: integer('saves'),
  followersGained: integer('followers_gained'),
  followersLost: integer('followers_lost'),
  reach: integer('reach'),
  totalInteractions: integer('total_interactions'),
  estimatedRevenue: doublePrecision('estimated_revenue'),
});

export const analyticsAccounts = pgTable(
  'analytics_accounts',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull().defaultRandom(),
    connectionId: uuid('connection_id').notNull(),
    platform: text('platform', { enum: analyticsPlatforms }).notNull(),
    externalId: text('external_id').notNull(),
    name: text('name').notNull(),
    handle: text('handle'),
    thumbnailUrl: text('thumbnail_url'),
    followersTotal: bigint('followers_total', { mode: 'number' }),
    viewsTotal: bigint('views_total', { mode: 'number' }),
    contentCount: integer('content_count'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.id] }),
    foreignKey({
      name: 'analytics_accounts_connection_fk',
      columns: [table.organizationId, table.connectionId],
      foreignColumns: [platformConnections.organizationId, platformConnections.id],
    }).onDelete('cascade'),
    uniqueIndex('analytics_accounts_connection_external_idx').on(
      table.organizationId,
      table.connectionId,
      table.externalId,
    ),
  ],
);

/** A tenant table's foreign key to its account: composite with the organisation (issue 30). */
const toAccount = (name: string, organizationId: AnyPgColumn, accountId: AnyPgColumn) =>
  foreignKey({
    name,
    columns: [organizationId, accountId],
    foreignColumns: [analyticsAccounts.organizationId, analyticsAccounts.id],
  }).onDelete('cascade');

export const contentItems = pgTable(
  'content_items',
  {
    organizationId: uuid('organization_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    accountId: uuid('account_id').notNull(),
    externalId: text('external_id').notNull(),
    kind: text('kind', { enum: contentKinds }).notNull(),
    title: text('title').notNull(),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull(),
    durationSeconds: integer('duration_seconds'),
    permalink: text('permalink'),
    thumbnailUrl: text('thumbnail_url'),
    /** Lifetime counters as the platform reports them now (Data API / media insights). */
    ...metricColumns(),
    statsUpdatedAt: timestamp('stats_updated_at', { withTimezone: true }),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.id] }),
    toAccount('content_items_account_fk', table.organizationId, table.accountId),
    uniqueIndex('content_items_account_external_idx').on(
      table.organizationId,
      table.accountId,
      table.externalId,
    ),
    index('content_items_account_published_idx').on(
      table.organizationId,
      table.accountId,
      table.publishedAt,
    ),
  ],
);

/** A tenant table's foreign key to its content item, composite with the organisation. */
const toContentItem = (name: string, organizationId: AnyPgColumn, contentItemId: AnyPgColumn) =>
  foreignKey({
    name,
    columns: [organizationId, contentItemId],
    foreignColumns: [contentItems.organizationId, contentItems.id],
  }).onDelete('cascade');

/** The per-item daily metrics a reader sums over ranges (the others are read per account). */
export const contentDailyMetricKeys = [
  'views',
  'watchMinutes',
  'likes',
  'comments',
  'shares',
  'saves',
  'followersGained',
] as const;
export type ContentDailyMetricKey = (typeof contentDailyMetricKeys)[number];

/**
 * Each content item's daily figures, one row per item and calendar month (decision 0037): element
 * `d` of a metric's array is that metric on day `d` of the month (NULL: not reported), and bit
 * `d - 1` of `days` says the day has figures at all (a day a sync wrote). A metric no day of the
 * month reported is a NULL array. One row per month instead of one per day spares ~30 row headers
 * and index entries per item and month: the table held 81 % of an artist's storage with a row a
 * day. Written only through `upsertContentDaily`, read through `content/content-days.ts`.
 */
export const contentDailyMetrics = pgTable(
  'content_daily_metrics',
  {
    organizationId: uuid('organization_id').notNull(),
    contentItemId: uuid('content_item_id').notNull(),
    accountId: uuid('account_id').notNull(),
    /** The first day of the month. */
    month: date('month').notNull(),
    /** Bit `d - 1` set: day `d` of the month has a row's worth of figures. */
    days: integer('days').notNull(),
    views: integer('views').array(),
    watchMinutes: integer('watch_minutes').array(),
    likes: integer('likes').array(),
    comments: integer('comments').array(),
    shares: integer('shares').array(),
    saves: integer('saves').array(),
    followersGained: integer('followers_gained').array(),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.contentItemId, table.month] }),
    toContentItem('content_daily_metrics_item_fk', table.organizationId, table.contentItemId),
  ],
);

/**
 * `content_daily_metrics` summed per item and calendar month, so a long range reads its whole
 * months here and only its partial first and last months day by day. Triggers on the daily table
 * (migration 0005) keep it in step: a transaction's changes are folded in once, as it commits, so
 * that transaction itself still sees the months as they were. Never written by the app. Each sum
 * comes with the number of days that reported the metric: a month where none did stays unknown
 * (NULL), as the sum of its days would.
 */
export const contentMonthlyMetrics = pgTable(
  'content_monthly_metrics',
  {
    contentItemId: uuid('content_item_id').notNull(),
    /** The first day of the month. */
    month: date('month').notNull(),
    organizationId: uuid('organization_id').notNull(),
    accountId: uuid('account_id').notNull(),
    /** Daily rows summed into this one. */
    days: integer('days').notNull(),
    views: bigint('views', { mode: 'number' }).notNull(),
    viewsDays: integer('views_days').notNull(),
    watchMinutes: bigint('watch_minutes', { mode: 'number' }).notNull(),
    watchMinutesDays: integer('watch_minutes_days').notNull(),
    likes: bigint('likes', { mode: 'number' }).notNull(),
    likesDays: integer('likes_days').notNull(),
    comments: bigint('comments', { mode: 'number' }).notNull(),
    commentsDays: integer('comments_days').notNull(),
    shares: bigint('shares', { mode: 'number' }).notNull(),
    sharesDays: integer('shares_days').notNull(),
    saves: bigint('saves', { mode: 'number' }).notNull(),
    savesDays: integer('saves_days').notNull(),
    followersGained: bigint('followers_gained', { mode: 'number' }).notNull(),
    followersGainedDays: integer('followers_gained_days').notNull(),
  },
  (table) => [
    // The daily rows carry their organisation and account, and a content query filters on them.
    primaryKey({
      columns: [table.contentItemId, table.month, table.accountId, table.organizationId],
    }),
    toContentItem('content_monthly_metrics_item_fk', table.organizationId, table.contentItemId),
    index('content_monthly_metrics_account_month_idx').on(table.accountId, table.month),
  ],
);

export const accountDailyMetrics = pgTable(
  'account_daily_metrics',
  {
    organizationId: uuid('organization_id').notNull(),
    accountId: uuid('account_id').notNull(),
    day: date('day').notNull(),
    ...metricColumns(),
    followersTotal: bigint('followers_total', { mode: 'number' }),
    accountsEngaged: integer('accounts_engaged'),
    profileLinksTaps: integer('profile_links_taps'),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.accountId, table.day] }),
    toAccount('account_daily_metrics_account_fk', table.organizationId, table.accountId),
  ],
);

/** Who watches: one row per value of a dimension over a stated period (a snapshot). */
export const audienceBreakdowns = pgTable(
  'audience_breakdowns',
  {
    organizationId: uuid('organization_id').notNull(),
    accountId: uuid('account_id').notNull(),
    dimension: text('dimension', { enum: audienceDimensions }).notNull(),
    value: text('value').notNull(),
    /** e.g. `last_28_days`, `lifetime`: one snapshot per label, replaced on each sync. */
    periodLabel: text('period_label').notNull(),
    periodStart: date('period_start'),
    periodEnd: date('period_end').notNull(),
    /** Share of the audience in percent (demographics); NULL where the platform gives counts. */
    percentage: doublePrecision('percentage'),
    views: bigint('views', { mode: 'number' }),
    watchMinutes: bigint('watch_minutes', { mode: 'number' }),
    followers: integer('followers'),
  },
  (table) => [
    primaryKey({
      columns: [
        table.organizationId,
        table.accountId,
        table.dimension,
        table.periodLabel,
        table.value,
      ],
    }),
    toAccount('audience_breakdowns_account_fk', table.organizationId, table.accountId),
  ],
);

/**
 * Daily views per YouTube traffic source (`insightTrafficSourceType`): the evidence of which
 * sources carried a spike. Only sources with views that day have a row.
 */
export const dailyTrafficSources = pgTable(
  'daily_traffic_sources',
  {
    organizationId: uuid('organization_id').notNull(),
    accountId: uuid('account_id').notNull(),
    day: date('day').notNull(),
    /** One account's views from one source on one day: far under integer's 2.1 billion. */
    views: integer('views').notNull(),
    source: text('source').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.accountId, table.day, table.source] }),
    toAccount('daily_traffic_sources_account_fk', table.organizationId, table.accountId),
  ],
);

/**
 * Lifetime counts as a platform reported them on a day, for platforms that report nothing else
 * (TikTok): one row per account and day, the last sync of the day winning. The daily series are
 * the differences between consecutive days' snapshots, written to the daily tables above; nothing
 * exists for days before the first snapshot. Read only by the sync.
 */
export const accountSnapshots = pgTable(
  'account_snapshots',
  {
    organizationId: uuid('organization_id').notNull(),
    accountId: uuid('account_id').notNull(),
    day: date('day').notNull(),
    takenAt: timestamp('taken_at', { withTimezone: true }).notNull(),
    followersTotal: bigint('followers_total', { mode: 'number' }),
    likesTotal: bigint('likes_total', { mode: 'number' }),
    contentCount: integer('content_count'),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.accountId, table.day] }),
    toAccount('account_snapshots_account_fk', table.organizationId, table.accountId),
  ],
);

/** One content item's lifetime counts on a day (see `accountSnapshots`). */
export const contentSnapshots = pgTable(
  'content_snapshots',
  {
    organizationId: uuid('organization_id').notNull(),
    contentItemId: uuid('content_item_id').notNull(),
    accountId: uuid('account_id').notNull(),
    day: date('day').notNull(),
    views: bigint('views', { mode: 'number' }),
    likes: integer('likes'),
    comments: integer('comments'),
    shares: integer('shares'),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.contentItemId, table.day] }),
    toContentItem('content_snapshots_item_fk', table.organizationId, table.contentItemId),
    index('content_snapshots_account_day_idx').on(table.organizationId, table.accountId, table.day),
  ],
);
