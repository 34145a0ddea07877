import { z } from 'zod';

// ── The shared vocabulary: one platform enum, one range query, one audience dimension enum ──

/** The platforms analytics are read from (a YouTube channel, an Instagram account, a page). */
export const analyticsPlatformSchema = z.enum(['youtube', 'instagram', 'facebook'], {
  error: 'Must be one of youtube, instagram, facebook',
});
export type AnalyticsPlatform = z.infer<typeof analyticsPlatformSchema>;
export const analyticsPlatforms = analyticsPlatformSchema.options;

/** The platforms a dashboard request covers: one of them, or all at once. */
export const platformScopeSchema = z.enum(['all', ...analyticsPlatforms], {
  error: 'Must be one of all, youtube, instagram, facebook',
});
export type PlatformScope = z.infer<typeof platformScopeSchema>;

export const isoDaySchema = z.iso.date({ error: 'Must be a date as YYYY-MM-DD' });
const isoDay = isoDaySchema;

/** The period presets every analytics page offers. */
export const rangePresetSchema = z.enum(['7d', '28d', '90d', '365d', 'all'], {
  error: 'Must be one of 7d, 28d, 90d, 365d, all',
});
export type RangePreset = z.infer<typeof rangePresetSchema>;
export const rangePresets = rangePresetSchema.options;

/** A period: a preset, or explicit dates (either may be left to its default), never both. */
export const rangeQueryShape = {
  range: rangePresetSchema.optional(),
  from: isoDay.optional(),
  to: isoDay.optional(),
};

/** Adds the one rule of `rangeQueryShape` to an object schema that holds it. */
function withOneRangeForm<T extends z.ZodType<{ range?: unknown; from?: unknown; to?: unknown }>>(
  schema: T,
) {
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

export const resolvedRangeSchema = z.object({
  from: z.string(),
  to: z.string(),
  days: z.number().int(),
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

export const dashboardAnalyticsResponseSchema = z.object({
  range: resolvedRangeSchema,
  platform: platformScopeSchema,
  hasConnections: z.boolean(),
  freshness: z.array(freshnessSchema),
  combined: kpiSetSchema,
  byPlatform: z.partialRecord(analyticsPlatformSchema, kpiSetSchema),
  series: z.array(seriesPointSchema),
  milestones: z.array(milestoneSchema),
  forecast: forecastSchema.nullable(),
  insights: z.array(insightSchema),
});
export type DashboardAnalyticsResponse = z.infer<typeof dashboardAnalyticsResponseSchema>;

/** `POST /api/dashboard/insights/{id}/seen`: the toast for it has been shown. */
export const insightParamsSchema = z.object({ id: z.uuid({ error: 'Invalid insight id' }) });

// ── Audience ────────────────────────────────────────────────────────────────

export const audienceBreakdownSchema = z.object({
  platform: analyticsPlatformSchema,
  dimension: dashboardAudienceDimensionSchema,
  /** Whether the platform gave this breakdown; withheld ones are never reported as zero. */
  isAvailable: z.boolean(),
  /** Why it is not available (privacy threshold, not reported by the platform, not synced yet). */
  unavailableReason: z.string().nullable(),
  /** The period the platform's breakdown covers; it may differ from the requested range. */
  period: z.object({ label: z.string(), start: z.string().nullable(), end: z.string() }).nullable(),
  /**
   * Whether `period` is the requested range. Platforms report breakdowns for fixed periods only
   * (YouTube the last 28 days, Instagram its followers now), so a page labels what it shows.
   */
  isRequestedRange: z.boolean(),
  /** What `value` counts: views (YouTube), followers (Instagram), or a percentage share. */
  basis: z.enum(['views', 'followers', 'percentage']).nullable(),
  items: z.array(z.object({ key: z.string(), value: z.number(), share: z.number() })),
});

export const audienceResponseSchema = z.object({
  platform: platformScopeSchema,
  /** The range the request asked for; each breakdown says the period it actually covers. */
  range: z.object({ from: z.string(), to: z.string() }),
  hasConnections: z.boolean(),
  breakdowns: z.array(audienceBreakdownSchema),
  fastestGrowingCountries: z.array(
    z.object({
      platform: analyticsPlatformSchema,
      country: z.string(),
      views: z.number(),
      previousViews: z.number(),
      growth: z.number().nullable(),
    }),
  ),
});
export type AudienceResponse = z.infer<typeof audienceResponseSchema>;

// ── Content ─────────────────────────────────────────────────────────────────

export const dashboardContentSortKeys = [
  'publishedAt',
  'title',
  'views',
  'watchMinutes',
  'likes',
  'comments',
  'shares',
  'saves',
  'engagementRate',
  'followersGained',
] as const;

export const contentQuerySchema = withOneRangeForm(
  z.object({
    ...rangeQueryShape,
    platform: platformScopeSchema.default('all'),
    type: z.enum(['all', ...contentKinds]).default('all'),
    sort: z
      .enum(dashboardContentSortKeys, {
        error: `Must be one of ${dashboardContentSortKeys.join(', ')}`,
      })
      .default('views'),
    ...contentPageShape,
    format: z.enum(['json', 'csv']).default('json'),
  }),
);

export const contentRowSchema = z.object({
  id: z.string(),
  title: z.string(),
  platform: analyticsPlatformSchema,
  type: z.string(),
  publishedAt: z.string(),
  permalink: z.string().nullable(),
  /** The platform's thumbnail; null where it gives none (absent, never a placeholder URL). */
  thumbnailUrl: z.string().nullable(),
  views: z.number().nullable(),
  watchMinutes: z.number().nullable(),
  likes: z.number().nullable(),
  comments: z.number().nullable(),
  shares: z.number().nullable(),
  saves: z.number().nullable(),
  engagementRate: z.number().nullable(),
  followersGained: z.number().nullable(),
  /**
   * `range`: activity inside the range (platforms that report per-day figures); `lifetime`: the
   * item's lifetime counters, where the platform reports only those.
   */
  figures: z.enum(['range', 'lifetime']),
});
export type ContentRow = z.infer<typeof contentRowSchema>;

export type ContentQuery = z.output<typeof contentQuerySchema>;

export const contentResponseSchema = z.object({
  range: resolvedRangeSchema,
  items: z.array(contentRowSchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
});
export type ContentResponse = z.infer<typeof contentResponseSchema>;

// ── ROI ─────────────────────────────────────────────────────────────────────

export const campaignChannels = [
  'youtube_ads',
  'meta_ads',
  'playlist_pitching',
  'pr',
  'influencer',
  'radio',
  'other',
] as const;

const money = z
  .number({ error: 'Must be a number' })
  .min(0, { error: 'Must not be negative' })
  .max(10_000_000, { error: 'Must be at most 10,000,000' })
  .refine(
    (value) =>
      Number.isInteger(Math.round(value * 100)) &&
      Math.abs(value * 100 - Math.round(value * 100)) < 1e-6,
    {
      error: 'Use at most 2 decimal places',
    },
  );

/** ROI walks every campaign day twice (the campaign and the window before it) on each read. */
export const maxCampaignDays = 366;
/** Campaigns one organisation may keep, so its ROI reads stay bounded. */
export const maxCampaignsPerOrganization = 200;

function isWithinCampaignSpan(startDate: string, endDate: string): boolean {
  return (Date.parse(endDate) - Date.parse(startDate)) / 86_400_000 + 1 <= maxCampaignDays;
}

export const campaignInputSchema = z
  .object({
    name: z
      .string({ error: 'Name is required' })
      .trim()
      .min(1, { error: 'Name is required' })
      .max(120),
    channel: z.enum(campaignChannels, { error: `Must be one of ${campaignChannels.join(', ')}` }),
    amount: money,
    currency: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{3}$/, { error: 'Must be a 3-letter currency code such as USD' })
      .default('USD'),
    startDate: isoDay,
    endDate: isoDay,
    linkedContentId: z.uuid({ error: 'Must be a content id' }).nullable().optional(),
    linkedRelease: z.string().trim().max(200).nullable().optional(),
    extraRevenue: money.default(0),
    notes: z.string().trim().max(2000).nullable().optional(),
  })
  .strict()
  .refine((campaign) => campaign.endDate >= campaign.startDate, {
    error: 'End date must be on or after the start date',
    path: ['endDate'],
  })
  .refine((campaign) => isWithinCampaignSpan(campaign.startDate, campaign.endDate), {
    error: `A campaign lasts at most ${maxCampaignDays} days`,
    path: ['endDate'],
  });
export type CampaignInput = z.input<typeof campaignInputSchema>;

export const campaignParamsSchema = z.object({ id: z.uuid({ error: 'Invalid campaign id' }) });

export const campaignSchema = z.object({
  id: z.string(),
  name: z.string(),
  channel: z.enum(campaignChannels),
  amount: z.number(),
  currency: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  linkedContentId: z.string().nullable(),
  linkedRelease: z.string().nullable(),
  extraRevenue: z.number(),
  notes: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Campaign = z.infer<typeof campaignSchema>;

/** The days before a campaign whose average day is its baseline (the pre-campaign run-rate). */
export const roiBaselineDays = 28;

/** The ROI read: the period picks the campaigns shown (those running in it), nothing else. */
export const roiQuerySchema = withOneRangeForm(
  z.object({ ...rangeQueryShape, platform: platformScopeSchema.default('all') }),
);
export type RoiQuery = z.infer<typeof roiQuerySchema>;

export const campaignResultSchema = z.object({
  campaign: campaignSchema,
  days: z.number().int(),
  /** The campaign's days the platforms have published (fewer while it runs or is pending). */
  measuredDays: z.number().int(),
  /**
   * The run-rate the campaign is measured against: the average day of the `roiBaselineDays`
   * days before the first day of its overlap group, clipped to the history stored. `partial`
   * when fewer days have data, `missing` when none (then no lift is worked out).
   */
  baseline: z.object({
    from: z.string(),
    to: z.string(),
    knownDays: z.number().int(),
    status: z.enum(['full', 'partial', 'missing']),
  }),
  /** Campaigns sharing at least one day with this one: those days' lift is split by daily spend. */
  overlapsWith: z.array(z.string()),
  /** Net new followers on the measured days (all of them, shared or not). */
  followersDuring: z.number().nullable(),
  /** What the baseline's run-rate gives for the same days. */
  followersBaseline: z.number().nullable(),
  /** This campaign's share of the growth above the run-rate; negative when below it. */
  followerLift: z.number().nullable(),
  viewsDuring: z.number().nullable(),
  viewsBaseline: z.number().nullable(),
  viewLift: z.number().nullable(),
  costPerNetNewFollower: z.number().nullable(),
  costPerThousandViews: z.number().nullable(),
  /** The platforms' revenue on the measured days. */
  platformRevenue: z.number().nullable(),
  revenueBaseline: z.number().nullable(),
  /** This campaign's share of platform revenue above the run-rate; negative when below it. */
  revenueLift: z.number().nullable(),
  /** Revenue the artist entered for the campaign (sales the platforms do not see). */
  enteredRevenue: z.number(),
  /** Revenue lift plus entered revenue; null while the lift cannot be measured. */
  revenue: z.number().nullable(),
  /** (revenue − spend) ÷ spend; null without spend or without a measurable revenue lift. */
  roi: z.number().nullable(),
});
export type CampaignResult = z.infer<typeof campaignResultSchema>;

export const roiResponseSchema = z.object({
  platform: platformScopeSchema,
  currency: z.string(),
  /** The period asked for, clipped as every analytics range is. */
  range: z.object({ from: z.string(), to: z.string(), days: z.number().int() }),
  baselineDays: z.number().int(),
  campaigns: z.array(campaignResultSchema),
  totals: z.object({
    spend: z.number(),
    /** The platforms' revenue on the days any counted campaign ran, each day once. */
    platformRevenue: z.number(),
    /** The campaigns' revenue lift: never more than `platformRevenue`. */
    revenueLift: z.number().nullable(),
    enteredRevenue: z.number(),
    revenue: z.number().nullable(),
    followerLift: z.number().nullable(),
    viewLift: z.number().nullable(),
    /** Null when any counted campaign's revenue lift cannot be measured. */
    roi: z.number().nullable(),
  }),
  /** Campaigns in other currencies than the first are listed but left out of totals. */
  excludedFromTotals: z.array(z.string()),
});
export type RoiResponse = z.infer<typeof roiResponseSchema>;

export const campaignResponseSchema = z.object({ campaign: campaignSchema });
