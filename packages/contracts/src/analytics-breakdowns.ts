import { z } from 'zod';
import {
  analyticsPlatformSchema,
  contentKinds,
  contentPageShape,
  dashboardAudienceDimensionSchema,
  platformRangesSchema,
  platformScopeSchema,
  rangeQueryShape,
  resolvedRangeSchema,
  withOneRangeForm,
} from './analytics';

// Audience and content: the dashboard's breakdowns (the shared vocabulary is in ./analytics).
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
  /** Each platform's own window: its breakdowns are read for it (see `platformRanges`). */
  platformRanges: platformRangesSchema,
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
  'lifetimeViews',
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
  /** The item's length where the platform gives it (videos, shorts); absent or null otherwise. */
  durationSeconds: z.number().nullable().optional(),
  views: z.number().nullable(),
  watchMinutes: z.number().nullable(),
  likes: z.number().nullable(),
  comments: z.number().nullable(),
  shares: z.number().nullable(),
  saves: z.number().nullable(),
  engagementRate: z.number().nullable(),
  followersGained: z.number().nullable(),
  /**
   * `range`: the figures above are activity inside the range (platforms that report per-day
   * figures: YouTube, TikTok). `lifetime`: the platform reports only lifetime counters (Instagram,
   * Facebook): the figures above are null and `lifetime` holds them, never sorted with range ones.
   */
  figures: z.enum(['range', 'lifetime']),
  /** The catalogue song the artist linked this item to (its page is /dashboard/songs/:isrc). */
  song: z.object({ isrc: z.string(), title: z.string() }).nullable(),
  /** The item's counters over its whole life, for platforms that give nothing per day; else null. */
  lifetime: z
    .object({
      views: z.number().nullable(),
      likes: z.number().nullable(),
      comments: z.number().nullable(),
      shares: z.number().nullable(),
      saves: z.number().nullable(),
    })
    .nullable(),
});
export type ContentRow = z.infer<typeof contentRowSchema>;

export type ContentQuery = z.output<typeof contentQuerySchema>;

export const contentResponseSchema = z.object({
  /**
   * The days every item's figures cover. Across platforms, one window lets items be sorted
   * together: the days every platform in scope has published, which can end before a platform's
   * own "last N days" (`platformRanges`); the page says so.
   */
  range: resolvedRangeSchema,
  platformRanges: platformRangesSchema,
  items: z.array(contentRowSchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** Items listed: every item published up to the range's end (any can have activity in it). */
  total: z.number().int(),
  /** Of those, the items published inside the range. */
  publishedInRange: z.number().int(),
});
export type ContentResponse = z.infer<typeof contentResponseSchema>;
