import {
  bigint,
  date,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
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
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    connectionId: uuid('connection_id')
      .notNull()
      .references(() => platformConnections.id, { onDelete: 'cascade' }),
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
    uniqueIndex('analytics_accounts_connection_external_idx').on(
      table.connectionId,
      table.externalId,
    ),
    index('analytics_accounts_organization_idx').on(table.organizationId, table.platform),
  ],
);

export const contentItems = pgTable(
  'content_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id').notNull(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => analyticsAccounts.id, { onDelete: 'cascade' }),
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
    uniqueIndex('content_items_account_external_idx').on(table.accountId, table.externalId),
    index('content_items_account_published_idx').on(table.accountId, table.publishedAt),
    index('content_items_organization_idx').on(table.organizationId),
  ],
);

export const contentDailyMetrics = pgTable(
  'content_daily_metrics',
  {
    contentItemId: uuid('content_item_id')
      .notNull()
      .references(() => contentItems.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    organizationId: uuid('organization_id').notNull(),
    accountId: uuid('account_id').notNull(),
    ...metricColumns(),
  },
  (table) => [
    primaryKey({ columns: [table.contentItemId, table.day] }),
    index('content_daily_metrics_account_day_idx').on(table.accountId, table.day),
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
    contentItemId: uuid('content_item_id')
      .notNull()
      .references(() => contentItems.id, { onDelete: 'cascade' }),
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
    index('content_monthly_metrics_account_month_idx').on(table.accountId, table.month),
  ],
);

export const accountDailyMetrics = pgTable(
  'account_daily_metrics',
  {
    accountId: uuid('account_id')
      .notNull()
      .references(() => analyticsAccounts.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    organizationId: uuid('organization_id').notNull(),
    ...metricColumns(),
    followersTotal: bigint('followers_total', { mode: 'number' }),
    accountsEngaged: integer('accounts_engaged'),
    profileLinksTaps: integer('profile_links_taps'),
  },
  (table) => [
    primaryKey({ columns: [table.accountId, table.day] }),
    index('account_daily_metrics_organization_day_idx').on(table.organizationId, table.day),
  ],
);

/** Who watches: one row per value of a dimension over a stated period (a snapshot). */
export const audienceBreakdowns = pgTable(
  'audience_breakdowns',
  {
    accountId: uuid('account_id')
      .notNull()
      .references(() => analyticsAccounts.id, { onDelete: 'cascade' }),
    organizationId: uuid('organization_id').notNull(),
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
      columns: [table.accountId, table.dimension, table.periodLabel, table.value],
    }),
  ],
);

/**
 * Daily views per YouTube traffic source (`insightTrafficSourceType`): the evidence of which
 * sources carried a spike. Only sources with views that day have a row.
 */
export const dailyTrafficSources = pgTable(
  'daily_traffic_sources',
  {
    accountId: uuid('account_id')
      .notNull()
      .references(() => analyticsAccounts.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    organizationId: uuid('organization_id').notNull(),
    source: text('source').notNull(),
    views: bigint('views', { mode: 'number' }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.accountId, table.day, table.source] }),
    index('daily_traffic_sources_organization_day_idx').on(table.organizationId, table.day),
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
    accountId: uuid('account_id')
      .notNull()
      .references(() => analyticsAccounts.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    organizationId: uuid('organization_id').notNull(),
    takenAt: timestamp('taken_at', { withTimezone: true }).notNull(),
    followersTotal: bigint('followers_total', { mode: 'number' }),
    likesTotal: bigint('likes_total', { mode: 'number' }),
    contentCount: integer('content_count'),
  },
  (table) => [primaryKey({ columns: [table.accountId, table.day] })],
);

/** One content item's lifetime counts on a day (see `accountSnapshots`). */
export const contentSnapshots = pgTable(
  'content_snapshots',
  {
    contentItemId: uuid('content_item_id')
      .notNull()
      .references(() => contentItems.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    organizationId: uuid('organization_id').notNull(),
    accountId: uuid('account_id').notNull(),
    views: bigint('views', { mode: 'number' }),
    likes: integer('likes'),
    comments: integer('comments'),
    shares: integer('shares'),
  },
  (table) => [
    primaryKey({ columns: [table.contentItemId, table.day] }),
    index('content_snapshots_account_day_idx').on(table.accountId, table.day),
  ],
);
