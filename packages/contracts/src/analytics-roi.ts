import { z } from 'zod';
import {
  analyticsPlatformSchema,
  isoDaySchema as isoDay,
  platformScopeSchema,
  platformRangesSchema,
  rangeQueryShape,
  withOneRangeForm,
} from './analytics';
import { isrcSchema } from './imports';
import type { AnalyticsPlatform } from './platforms';

// Campaigns and their ROI (the shared vocabulary is in ./analytics).
// ── ROI ─────────────────────────────────────────────────────────────────────

export const campaignChannels = [
  'youtube_ads',
  'meta_ads',
  'tiktok_ads',
  'playlist_pitching',
  'pr',
  'influencer',
  'radio',
  'other',
] as const;

export type CampaignChannel = (typeof campaignChannels)[number];

/**
 * The platforms a channel's campaign shows up on: ads bought on one platform are measured on
 * that platform's figures (Meta's ads run on Instagram and Facebook). Null: the channel has no
 * platform of its own (PR, radio…), so it is measured on every platform.
 */
export const campaignChannelPlatforms: Record<
  CampaignChannel,
  readonly AnalyticsPlatform[] | null
> = {
  youtube_ads: ['youtube'],
  meta_ads: ['instagram', 'facebook'],
  tiktok_ads: ['tiktok'],
  playlist_pitching: null,
  pr: null,
  influencer: null,
  radio: null,
  other: null,
};

/** `channel`: the platforms of the campaign's channel; `all`: every platform. */
export const campaignMeasureOptions = ['channel', 'all'] as const;
export type CampaignMeasureOn = (typeof campaignMeasureOptions)[number];

/** What a campaign is measured on when the artist does not say: its channel's platforms, if any. */
export function defaultMeasureOn(channel: CampaignChannel): CampaignMeasureOn {
  return campaignChannelPlatforms[channel] ? 'channel' : 'all';
}

/** The platforms a campaign's figures come from, before the page's platform filter. */
export function measuredPlatformsOf(
  channel: CampaignChannel,
  measureOn: CampaignMeasureOn,
): readonly AnalyticsPlatform[] {
  const own = campaignChannelPlatforms[channel];
  return measureOn === 'channel' && own ? own : analyticsPlatformSchema.options;
}

/** A release's UPC/EAN as stored: digits only (12 to 14). */
export const upcSchema = z
  .string()
  .transform((value) => value.replace(/[\s-]/g, ''))
  .pipe(z.string().regex(/^\d{12,14}$/, { error: 'Must be a UPC or EAN (12 to 14 digits)' }));

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
    /** Absent: `defaultMeasureOn(channel)`. */
    measureOn: z.enum(campaignMeasureOptions, { error: 'Must be channel or all' }).optional(),
    notes: z.string().trim().max(2000).nullable().optional(),
    /** The song the campaign promotes: its return counts that song's statement earnings. */
    songIsrc: isrcSchema.nullable().optional(),
    /** The release the campaign promotes (when no song is named). */
    releaseUpc: upcSchema.nullable().optional(),
  })
  .strict()
  .refine((campaign) => !(campaign.songIsrc && campaign.releaseUpc), {
    error: 'Name a song or a release, not both',
    path: ['releaseUpc'],
  })
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
  measureOn: z.enum(campaignMeasureOptions),
  notes: z.string().nullable(),
  songIsrc: z.string().nullable().optional(),
  releaseUpc: z.string().nullable().optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Campaign = z.infer<typeof campaignSchema>;

/** The days before a campaign whose average day is its baseline (the pre-campaign run-rate). */
export const roiBaselineDays = 28;
/** How far back a baseline looks for days without a campaign. */
export const roiBaselineLookbackDays = 91;

/**
 * The baseline (decision 0023) in one sentence, for every place that explains it: the ledger,
 * the Add-campaign dialog, the method card and the assistant.
 */
export const roiBaselineSentence = `A campaign’s baseline is your usual pace: the daily average of the ${roiBaselineDays} most recent days before it on which no campaign ran (looking back at most ${roiBaselineLookbackDays} days).`;

/** The ROI read: the period picks the campaigns shown (those running in it), nothing else. */
export const roiQuerySchema = withOneRangeForm(
  z.object({ ...rangeQueryShape, platform: platformScopeSchema.default('all') }),
);
export type RoiQuery = z.infer<typeof roiQuerySchema>;

/**
 * A campaign's return in real money: the lift of its song's (or release's, or the artist's)
 * statement earnings and Spotify streams over the same baseline as the platform figures.
 * Statements arrive months late: until every source has reported every month the campaign and its
 * baseline cover, the status is `waiting` and no money figure is given.
 */
export const campaignMoneyReturnSchema = z.object({
  subject: z.object({
    kind: z.enum(['song', 'release', 'artist']),
    /** ISRC or UPC; null for the artist. */
    key: z.string().nullable(),
    label: z.string(),
  }),
  /**
   * `measured`: every source reported through `neededThrough`. `waiting`: some has not ("waiting
   * for statements through <neededThrough>"). `no_statements`: no statement line for the subject.
   */
  status: z.enum(['measured', 'waiting', 'no_statements']),
  /** The last month (YYYY-MM) the campaign covers: statements must reach it. */
  neededThrough: z.string(),
  /** The month (YYYY-MM) every waited-on source has reported through; null without statements. */
  reportedThrough: z.string().nullable(),
  /** The organisation's currency (statement earnings are in it). */
  currency: z.string(),
  earningsDuring: z.number().nullable(),
  earningsBaseline: z.number().nullable(),
  earningsLift: z.number().nullable(),
  /** Spotify streams (exports): on the campaign's days, the baseline's pace for them, the lift. */
  spotifyStreams: z
    .object({
      during: z.number().nullable(),
      baseline: z.number().nullable(),
      lift: z.number().nullable(),
      /** The last day the Spotify exports hold. */
      asOf: z.string(),
    })
    .nullable(),
  /** (earnings lift + entered revenue − spend) ÷ spend; null while waiting or in another currency. */
  roi: z.number().nullable(),
});
export type CampaignMoneyReturn = z.infer<typeof campaignMoneyReturnSchema>;

export const campaignResultSchema = z.object({
  campaign: campaignSchema,
  days: z.number().int(),
  /**
   * The platforms its followers, views and revenue are read from: those of its channel (or all
   * when `measureOn` is `all`) within the page's platform filter. Empty: none in the filter.
   */
  platforms: z.array(analyticsPlatformSchema),
  /** The campaign's days the platforms have published (fewer while it runs or is pending). */
  measuredDays: z.number().int(),
  /**
   * The run-rate the campaign is measured against: the average day of the `roiBaselineDays`
   * most recent days before the first day of its overlap group on which no campaign ran (looking
   * back at most `roiBaselineLookbackDays`), clipped to the history stored. `partial` when fewer
   * days have data, `missing` when none (then no lift is worked out).
   */
  baseline: z.object({
    from: z.string(),
    to: z.string(),
    knownDays: z.number().int(),
    /** Days between `from` and `to` left out because a campaign ran on them. */
    campaignDaysSkipped: z.number().int(),
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
  /** The return in statement money and Spotify streams (see `campaignMoneyReturnSchema`). */
  moneyReturn: campaignMoneyReturnSchema.optional(),
});
export type CampaignResult = z.infer<typeof campaignResultSchema>;

export const roiResponseSchema = z.object({
  platform: platformScopeSchema,
  currency: z.string(),
  /** The period asked for, clipped as every analytics range is. */
  range: z.object({ from: z.string(), to: z.string(), days: z.number().int() }),
  /**
   * Each platform's own window. Campaigns are measured on days every platform they are measured
   * on has published; where those end before a platform's own days, the page says so.
   */
  platformRanges: platformRangesSchema,
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
