import { z } from 'zod';
import { rangePresets } from './range-presets';
import { analyticsPlatforms } from './platforms';

// ── The shared vocabulary: one platform enum, one range query, one audience dimension enum ──

export const analyticsPlatformSchema = z.enum(analyticsPlatforms, {
  error: 'Must be one of youtube, instagram, facebook, tiktok',
});

/** The platforms a dashboard request covers: one of them, or all at once. */
export const platformScopeSchema = z.enum(['all', ...analyticsPlatforms], {
  error: 'Must be one of all, youtube, instagram, facebook, tiktok',
});
export type PlatformScope = z.infer<typeof platformScopeSchema>;

export const isoDaySchema = z.iso.date({ error: 'Must be a date as YYYY-MM-DD' });
const isoDay = isoDaySchema;

/** The period presets every analytics page offers (their days and labels: range-presets.ts). */
export const rangePresetSchema = z.enum(rangePresets, {
  error: `Must be one of ${rangePresets.join(', ')}`,
});

/** A period: a preset, or explicit dates (either may be left to its default), never both. */
export const rangeQueryShape = {
  range: rangePresetSchema.optional(),
  from: isoDay.optional(),
  to: isoDay.optional(),
};

/** Adds the one rule of `rangeQueryShape` to an object schema that holds it. */
export function withOneRangeForm<
  T extends z.ZodType<{ range?: unknown; from?: unknown; to?: unknown }>,
>(schema: T) {
  return schema.refine((query) => !(query.range && (query.from || query.to)), {
    error: 'Use either range or from/to, not both',
    path: ['range'],
  });
}

export const rangeQuerySchema = withOneRangeForm(z.object(rangeQueryShape));
export type RangeQuery = z.infer<typeof rangeQuerySchema>;

/** Every breakdown a platform reports; the dashboard lists all but the age × gender cells. */
export const audienceDimensionSchema = z.enum([
  'country',
  'city',
  'age',
  'gender',
  'age_gender',
  'device',
  'traffic_source',
]);
export type AudienceDimension = z.infer<typeof audienceDimensionSchema>;
export const audienceDimensions = audienceDimensionSchema.options;
export const dashboardAudienceDimensionSchema = audienceDimensionSchema.exclude(['age_gender']);

export const contentKindSchema = z.enum(['video', 'short', 'live', 'reel', 'post', 'story']);
export const contentKinds = contentKindSchema.options;

/** Search, order and paging, as every content list takes them. */
export const contentPageShape = {
  search: z.string().trim().max(200).optional(),
  order: z.enum(['asc', 'desc']).default('desc'),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
};

// ── Dashboard ───────────────────────────────────────────────────────────────

/** Query common to every dashboard endpoint. Explicit dates win over the preset. */
export const dashboardQuerySchema = withOneRangeForm(
  z.object({
    ...rangeQueryShape,
    platform: platformScopeSchema.default('all'),
    compare: z
      .enum(['previous', 'none'], { error: 'Must be previous or none' })
      .default('previous'),
  }),
);
export type DashboardQuery = z.infer<typeof dashboardQuerySchema>;

/** The overview's query: the dashboard's, and `format=csv` for its daily series as a spreadsheet. */
export const overviewQuerySchema = withOneRangeForm(
  z.object({
    ...rangeQueryShape,
    platform: platformScopeSchema.default('all'),
    compare: z
      .enum(['previous', 'none'], { error: 'Must be previous or none' })
      .default('previous'),
    format: z.enum(['json', 'csv'], { error: 'Must be json or csv' }).default('json'),
  }),
);

/**
 * Set when the plan's history window moved the start of a period (e.g. "All time" on Free): the
 * period is then labelled "since <since> (your plan keeps <days> days)" (`describeHistoryLimit`).
 */
export const historyLimitSchema = z.object({ since: isoDay, days: z.number().int() });
export type HistoryLimit = z.infer<typeof historyLimitSchema>;

export const resolvedRangeSchema = z.object({
  from: z.string(),
  to: z.string(),
  days: z.number().int(),
  historyLimit: historyLimitSchema.nullable().optional(),
  granularity: z.enum(['day', 'week']),
  previous: z
    .object({
      from: z.string(),
      to: z.string(),
      /**
       * True when the previous period starts before the history available for a platform in
       * scope: its figures would cover fewer days, so they are not compared (previous and change
       * are null wherever it is partial).
       */
      isPartial: z.boolean().default(false),
      /** The first day with data for every platform in scope (null before the first sync). */
      availableFrom: z.string().nullable().default(null),
    })
    .nullable(),
});

/** A figure with its value in the previous equal period; `change` is relative (0.25 = +25 %). */
export const comparedValueSchema = z.object({
  value: z.number().nullable(),
  previous: z.number().nullable(),
  change: z.number().nullable(),
});
export type ComparedValue = z.infer<typeof comparedValueSchema>;

export const kpiSetSchema = z.object({
  followers: z.object({
    total: z.number().nullable(),
    gained: comparedValueSchema,
    lost: comparedValueSchema,
    net: comparedValueSchema,
  }),
  views: comparedValueSchema,
  watchMinutes: comparedValueSchema,
  engagements: comparedValueSchema,
  /** Engagements (likes + comments + shares + saves) per view. */
  engagementRate: comparedValueSchema,
  estimatedRevenue: comparedValueSchema,
});
export type KpiSet = z.infer<typeof kpiSetSchema>;

export const seriesPointSchema = z.object({
  date: z.string(),
  views: z.number().nullable(),
  watchMinutes: z.number().nullable(),
  followersNet: z.number().nullable(),
  engagements: z.number().nullable(),
  estimatedRevenue: z.number().nullable(),
  byPlatform: z.partialRecord(
    analyticsPlatformSchema,
    z.object({ views: z.number().nullable(), followersNet: z.number().nullable() }),
  ),
});

export const freshnessSchema = z.object({
  platform: analyticsPlatformSchema,
  connectionId: z.string(),
  accountName: z.string(),
  sandbox: z.boolean(),
  lastSyncedAt: z.string().nullable(),
  dataCompleteThrough: z.string().nullable(),
  /**
   * A platform with lifetime counts only (TikTok): the first day of the product's own daily
   * snapshots, so its daily figures are labelled "tracked since" that day.
   */
  trackedSince: z.string().nullable().optional(),
  /** Days inside the range the platform has not published yet: shown as pending, never zero. */
  pendingDays: z.array(z.string()),
});

export const milestoneSchema = z.object({
  platform: analyticsPlatformSchema.nullable(),
  metric: z.enum(['followers', 'views']),
  value: z.number(),
  reachedOn: z.string(),
});

export const forecastSchema = z.object({
  metric: z.literal('followers'),
  current: z.number(),
  next: z.number(),
  dailyPace: z.number(),
  daysToNext: z.number().int().nullable(),
  expectedDate: z.string().nullable(),
});

export const insightSchema = z.object({
  id: z.string(),
  kind: z.enum(['spike', 'milestone']),
  /** `up` for a spike or a milestone, `down` for a notable drop (shown as a warning). */
  direction: z.enum(['up', 'down']),
  platform: analyticsPlatformSchema.nullable(),
  day: z.string(),
  title: z.string(),
  description: z.string(),
  evidence: z.object({
    value: z.number().nullable(),
    baseline: z.number().nullable(),
    topContent: z.array(
      z.object({
        id: z.string(),
        title: z.string(),
        platform: analyticsPlatformSchema,
        views: z.number(),
      }),
    ),
    trafficSources: z.array(z.object({ source: z.string(), views: z.number() })),
  }),
  createdAt: z.string(),
  isNew: z.boolean(),
});
export type Insight = z.infer<typeof insightSchema>;

/**
 * Spotify for Artists, from the artist's audience-timeline export (Spotify gives no API for it):
 * a source beside the connected platforms, labelled with the export's last day.
 */
export const spotifyOverviewSchema = z.object({
  /** The last day the imported exports hold: how fresh these figures are. */
  asOf: isoDay,
  /** The days of the period the exports hold (null when none of the period is imported). */
  window: z.object({ from: isoDay, to: isoDay }).nullable(),
  /** Streams over `window`. */
  streams: z.number().nullable(),
  /** Listeners on the last day of `window` (Spotify counts them per day). */
  listeners: z.number().nullable(),
  /** Followers on the last day of `window`, and the net change over it. */
  followers: z.number().nullable(),
  followersNet: z.number().nullable(),
});
export type SpotifyOverview = z.infer<typeof spotifyOverviewSchema>;

/** Statement revenue for the period (imported distributor statements; see the revenue read). */
export const statementRevenueOverviewSchema = z.object({
  currency: z.string(),
  /** The statement months the period covers (a month counts when its first day is in it). */
  months: z.object({ from: z.string(), to: z.string() }).nullable(),
  total: z.number(),
  quantity: z.number(),
  /** Per statement source, the last day of the last month it has reported. */
  reportedThrough: z.array(z.object({ source: z.string(), through: isoDay.nullable() })),
  /** True when some month of the period is after a source's last reported month. */
  isPartial: z.boolean(),
  /**
   * The latest month every statement source has reported, with its total: given when the
   * period itself is not (wholly) reported, so the card still shows the last complete figure.
   */
  latestCompleteMonth: z
    .object({ month: z.string(), total: z.number(), quantity: z.number() })
    .nullable()
    .optional(),
});
export type StatementRevenueOverview = z.infer<typeof statementRevenueOverviewSchema>;

/** The days each platform's own figures cover (see `platformRanges` below). */
export const platformRangesSchema = z
  .partialRecord(
    analyticsPlatformSchema,
    z.object({ from: z.string(), to: z.string(), days: z.number().int() }),
  )
  .optional();

export const dashboardAnalyticsResponseSchema = z.object({
  range: resolvedRangeSchema,
  platform: platformScopeSchema,
  hasConnections: z.boolean(),
  freshness: z.array(freshnessSchema),
  combined: kpiSetSchema,
  byPlatform: z.partialRecord(analyticsPlatformSchema, kpiSetSchema),
  /**
   * The days each platform's figures in `byPlatform` cover: a preset is each platform's own last
   * N days, ending on its own last complete day, as on its own page and in every reader. `range`
   * (the combined figures and the chart) is the window every platform in scope has published.
   */
  platformRanges: platformRangesSchema,
  series: z.array(seriesPointSchema),
  /**
   * The previous period's series, for the chart's comparison line: the series an explicit
   * `from`/`to` request for `range.previous` answers (its points matched to `series` by
   * position). Null when not comparing, or when the previous period reaches before the plan's
   * history window.
   */
  previousSeries: z.array(seriesPointSchema).nullable().optional(),
  milestones: z.array(milestoneSchema),
  forecast: forecastSchema.nullable(),
  insights: z.array(insightSchema),
  /** Spotify for Artists exports (all-platform view only); null when none is imported. */
  spotify: spotifyOverviewSchema.nullable().optional(),
  /** Statement revenue for the period (all-platform view only); null without statements. */
  statementRevenue: statementRevenueOverviewSchema.nullable().optional(),
});
export type DashboardAnalyticsResponse = z.infer<typeof dashboardAnalyticsResponseSchema>;

/** `POST /api/dashboard/insights/{id}/seen`: the toast for it has been shown. */
export const insightParamsSchema = z.object({ id: z.uuid({ error: 'Invalid insight id' }) });
