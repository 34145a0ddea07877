import {
  analyticsPlatformNames,
  dashboardContentSortKeys,
  importSourceSchema,
  isrcSchema,
  revenueGroupBySchema,
  dashboardQuerySchema,
  platformScopeSchema,
  rangePresetSchema,
  type DashboardAnalyticsResponse,
} from '@crescendo/contracts';
import { z } from 'zod';

const isoDay = z.iso.date({ error: 'Must be a date as YYYY-MM-DD' });

/**
 * The window every tool takes: a preset or explicit days. The organisation and user are never an
 * input: each tool is bound to its caller when it is created.
 */
export const windowInputShape = {
  range: rangePresetSchema
    .optional()
    .describe('A preset window ending at the last complete day; ignored when from/to are given'),
  from: isoDay.optional().describe('First day of the window (YYYY-MM-DD)'),
  to: isoDay.optional().describe('Last day of the window (YYYY-MM-DD)'),
  platform: platformScopeSchema.default('all').describe('One platform or all of them combined'),
};

export const metricsInputSchema = z.object(windowInputShape);

export const topContentInputSchema = z.object({
  ...windowInputShape,
  metric: z
    .enum(dashboardContentSortKeys)
    .default('views')
    .describe('What to rank by (views, watchMinutes, likes, comments, shares, saves, …)'),
  order: z.enum(['desc', 'asc']).default('desc').describe('desc for the best, asc for the weakest'),
  limit: z.number().int().min(1).max(100).default(5),
  search: z.string().trim().max(200).optional().describe('Part of a title to look for'),
});

export const audienceInputSchema = z.object({
  platform: windowInputShape.platform,
  dimension: z
    .enum(['country', 'city', 'age', 'gender', 'device', 'traffic_source'])
    .optional()
    .describe('One breakdown, or every breakdown when left out'),
});

export const spikesInputSchema = z.object(windowInputShape);

export const forecastInputSchema = z.object({
  platform: windowInputShape.platform,
  target: z
    .number()
    .int()
    .min(1)
    .max(1_000_000_000)
    .optional()
    .describe('A follower count to forecast; the next milestone when left out'),
});

export const campaignRoiInputSchema = z.object({
  platform: windowInputShape.platform,
  name: z.string().trim().max(200).optional().describe('Part of a campaign name'),
});

export const freshnessInputSchema = z.object({});

/** A statement window: a preset ending yesterday, or days (a month counts when its 1st is in). */
const revenueWindowShape = {
  range: windowInputShape.range.describe(
    'A preset window ending yesterday; "all" for all the history the plan allows. Ignored when from/to are given',
  ),
  from: windowInputShape.from,
  to: windowInputShape.to,
};

export const revenueInputSchema = z.object({
  ...revenueWindowShape,
  groupBy: revenueGroupBySchema
    .default('month')
    .describe('How to split the earnings: store, country, song, release, month or source'),
  store: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^[a-z0-9_]{1,40}$/)
    .optional()
    .describe('One store key as get_revenue with groupBy=store lists them (e.g. spotify)'),
  country: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/)
    .optional()
    .describe('ISO 3166-1 alpha-2 country code (e.g. DE)'),
  source: importSourceSchema.optional().describe('One distributor or store statement source'),
  isrc: isrcSchema.optional().describe("One song's ISRC"),
});

export const songsInputSchema = z.object({
  ...revenueWindowShape,
  limit: z.number().int().min(1).max(100).default(20),
});

export const songInputSchema = z.object({
  ...revenueWindowShape,
  isrc: isrcSchema.optional().describe("The song's ISRC"),
  title: z.string().trim().min(1).max(200).optional().describe('Part of the song title'),
});

export type MetricsInput = z.output<typeof metricsInputSchema>;
export type WindowInput = Pick<MetricsInput, 'range' | 'from' | 'to' | 'platform'>;
export type TopContentInput = z.output<typeof topContentInputSchema>;
export type AudienceInput = z.output<typeof audienceInputSchema>;
export type ForecastInput = z.output<typeof forecastInputSchema>;
export type CampaignRoiInput = z.output<typeof campaignRoiInputSchema>;
export type RevenueInput = z.output<typeof revenueInputSchema>;

export const platformLabels = { all: 'All platforms', ...analyticsPlatformNames };

export const metricWords: Record<string, string> = {
  publishedAt: 'release date',
  title: 'title',
  views: 'views',
  watchMinutes: 'watch time',
  likes: 'likes',
  comments: 'comments',
  shares: 'shares',
  saves: 'saves',
  engagementRate: 'engagement rate',
  followersGained: 'followers gained',
};

export function dashboardQueryOf(input: WindowInput, compare: 'previous' | 'none' = 'previous') {
  return dashboardQuerySchema.parse({
    ...(input.from || input.to ? { from: input.from, to: input.to } : { range: input.range }),
    platform: input.platform,
    compare,
  });
}

export function windowOf(range: DashboardAnalyticsResponse['range']) {
  return { from: range.from, to: range.to, days: range.days };
}
