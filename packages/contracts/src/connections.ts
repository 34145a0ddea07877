import { z } from 'zod';
import {
  analyticsPlatformSchema,
  audienceDimensionSchema,
  contentKindSchema,
  contentPageShape,
  historyLimitSchema,
  isoDaySchema,
  rangeQueryShape,
  withOneRangeForm,
} from './analytics';
import { connectionProviderCompanies, connectionProviders } from './platforms';

export const connectionProviderSchema = z.enum(connectionProviders);

/** `google` is accepted as another name for `youtube` in the auth-url path. */
export const oauthProviderParamsSchema = z.object({
  provider: z.enum(['youtube', 'google', 'meta', 'tiktok'], {
    error: 'Provider must be youtube, google, meta or tiktok',
  }),
});

/** The screens a connect flow may return to; anything else is refused (no open redirect). */
export const connectionReturnPaths = ['/onboarding/connections', '/settings/connections'] as const;

export const authUrlQuerySchema = z.object({
  returnTo: z
    .enum(connectionReturnPaths, {
      error: 'returnTo must be /onboarding/connections or /settings/connections',
    })
    .default('/settings/connections'),
});

export const authUrlResponseSchema = z.object({ url: z.url() });
export type AuthUrlResponse = z.infer<typeof authUrlResponseSchema>;

/** What the provider sends back to `GET /api/v1/oauth/{provider}/callback`. */
export const oauthCallbackQuerySchema = z.object({
  code: z.string().max(2048).optional(),
  state: z.string().max(512).optional(),
  error: z.string().max(200).optional(),
  error_description: z.string().max(500).optional(),
  error_reason: z.string().max(200).optional(),
  scope: z.string().max(2000).optional(),
});

export const connectionStatuses = ['connected', 'syncing', 'reconnect_needed', 'error'] as const;
export type ConnectionStatus = (typeof connectionStatuses)[number];

const isoDay = isoDaySchema;

export const connectionSchema = z.object({
  id: z.uuid(),
  provider: connectionProviderSchema,
  accountName: z.string(),
  status: z.enum(connectionStatuses),
  /** True when the connection goes to the built-in platform sandbox, not the real provider. */
  sandbox: z.boolean(),
  lastSyncedAt: z.iso.datetime().nullable(),
  sync: z.object({
    step: z.string().nullable(),
    percent: z.number().int().min(0).max(100).nullable(),
    error: z.string().nullable(),
  }),
  /** The last day whose numbers are final (platforms report with a lag of a few days). */
  dataCompleteThrough: isoDay.nullable(),
  /**
   * For a platform that reports only lifetime counts (TikTok): the first day the product took
   * its daily snapshot. Daily figures exist from the day after; nothing before it.
   */
  trackedSince: isoDay.nullable().optional(),
  /** The channel, Instagram account and Facebook page behind the connection. */
  accounts: z.array(
    z.object({
      id: z.uuid(),
      platform: analyticsPlatformSchema,
      name: z.string(),
      handle: z.string().nullable(),
    }),
  ),
});
export type Connection = z.infer<typeof connectionSchema>;

export const connectionsResponseSchema = z.object({ connections: z.array(connectionSchema) });
export type ConnectionsResponse = z.infer<typeof connectionsResponseSchema>;

export const connectionParamsSchema = z.object({
  id: z.uuid({ error: 'Connection id must be a UUID' }),
});

export const connectionRefreshResponseSchema = z.object({
  connection: connectionSchema,
  /** False when a sync was already queued or running: no second one is added. */
  isNewSync: z.boolean(),
});

export const contentSortKeys = [
  'publishedAt',
  'views',
  'likes',
  'comments',
  'watchMinutes',
  'title',
] as const;

/**
 * A connection's content. With a period (`range` or `from`/`to`), items of platforms that report
 * per-day figures per item (YouTube, TikTok) carry that period's figures in `period`, over the
 * platform's own window, and the figure sort keys sort by them; without one, or on a platform
 * that reports lifetime counters only (Instagram, Facebook), they sort by the lifetime `stats`.
 */
export const contentListQuerySchema = withOneRangeForm(
  z.object({
    ...rangeQueryShape,
    ...contentPageShape,
    sort: z.enum(contentSortKeys).default('publishedAt'),
    kind: contentKindSchema.optional(),
    accountId: z.uuid().optional(),
    /** `csv`: every matching item (no paging) as a spreadsheet, formula-neutralised. */
    format: z.enum(['json', 'csv'], { error: 'Must be json or csv' }).default('json'),
  }),
);

/** A metric the platform did not report (or withheld) is null, never 0. */
export const contentStatsSchema = z.object({
  views: z.number().nullable(),
  likes: z.number().nullable(),
  comments: z.number().nullable(),
  shares: z.number().nullable(),
  saves: z.number().nullable(),
  watchMinutes: z.number().nullable(),
  reach: z.number().nullable(),
  estimatedRevenue: z.number().nullable(),
});

/** An item's figures for a period: the sum of its days (null where no day reported it). */
export const contentPeriodStatsSchema = z.object({
  views: z.number().nullable(),
  watchMinutes: z.number().nullable(),
  likes: z.number().nullable(),
  comments: z.number().nullable(),
  shares: z.number().nullable(),
  saves: z.number().nullable(),
});
export type ContentPeriodStats = z.infer<typeof contentPeriodStatsSchema>;

export const contentItemSchema = z.object({
  id: z.uuid(),
  accountId: z.uuid(),
  platform: analyticsPlatformSchema,
  externalId: z.string(),
  kind: contentKindSchema,
  title: z.string(),
  publishedAt: z.iso.datetime(),
  durationSeconds: z.number().int().nullable(),
  permalink: z.string().nullable(),
  thumbnailUrl: z.string().nullable(),
  /** Lifetime counters, as the platform last reported them. */
  stats: contentStatsSchema,
  /**
   * The requested period's figures (the sum of the item's days in `range`); null without a
   * period or where the platform reports lifetime counters only.
   */
  period: contentPeriodStatsSchema.nullable().optional(),
});
export type ContentItem = z.infer<typeof contentItemSchema>;

export const contentListResponseSchema = z.object({
  items: z.array(contentItemSchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
  /**
   * `range`: the figures the list shows and sorts by are the period's (`items[].period`), over
   * `range`; `lifetime`: they are lifetime counters (`items[].stats`). Never both in one list.
   */
  figures: z.enum(['range', 'lifetime']).optional(),
  /** The platform's own window the period figures cover; null for lifetime figures. */
  range: z
    .object({ from: isoDaySchema, to: isoDaySchema, historyLimit: historyLimitSchema.nullable() })
    .nullable()
    .optional(),
});
export type ContentListResponse = z.infer<typeof contentListResponseSchema>;

export const dailyMetricsSchema = z.object({
  day: isoDay,
  views: z.number().nullable(),
  watchMinutes: z.number().nullable(),
  likes: z.number().nullable(),
  comments: z.number().nullable(),
  shares: z.number().nullable(),
  saves: z.number().nullable(),
  followersGained: z.number().nullable(),
  followersLost: z.number().nullable(),
  followersTotal: z.number().nullable(),
  reach: z.number().nullable(),
  totalInteractions: z.number().nullable(),
  estimatedRevenue: z.number().nullable(),
});
export type DailyMetrics = z.infer<typeof dailyMetricsSchema>;

export const audienceEntrySchema = z.object({
  dimension: audienceDimensionSchema,
  value: z.string(),
  periodStart: isoDay.nullable(),
  periodEnd: isoDay,
  percentage: z.number().nullable(),
  views: z.number().nullable(),
  watchMinutes: z.number().nullable(),
  followers: z.number().nullable(),
});

export const accountAnalyticsSchema = z.object({
  id: z.uuid(),
  platform: analyticsPlatformSchema,
  externalId: z.string(),
  name: z.string(),
  handle: z.string().nullable(),
  thumbnailUrl: z.string().nullable(),
  followersTotal: z.number().nullable(),
  viewsTotal: z.number().nullable(),
  contentCount: z.number().nullable(),
  range: z.object({
    from: isoDay,
    to: isoDay,
    historyLimit: historyLimitSchema.nullable().optional(),
  }),
  /** Sums over the range; null when the platform reported nothing for that metric. */
  totals: dailyMetricsSchema.omit({ day: true, followersTotal: true }),
  daily: z.array(dailyMetricsSchema),
  /** Absent dimensions were withheld by the platform (privacy thresholds). */
  audience: z.array(audienceEntrySchema),
});
export type AccountAnalytics = z.infer<typeof accountAnalyticsSchema>;

export const channelDataResponseSchema = z.object({
  connection: connectionSchema,
  channel: accountAnalyticsSchema,
});
export type ChannelDataResponse = z.infer<typeof channelDataResponseSchema>;

export const metaAccountDataResponseSchema = z.object({
  connection: connectionSchema,
  instagram: accountAnalyticsSchema.nullable(),
  facebook: accountAnalyticsSchema.nullable(),
});
export type MetaAccountDataResponse = z.infer<typeof metaAccountDataResponseSchema>;

/**
 * Why connecting a platform failed: the API sends the browser back with `?error=<code>` (and
 * `provider=`), never with free text, and the web shows the fixed sentence for the code. An
 * unknown code (a hand-made link) gets the generic sentence.
 */
export const connectErrorCodes = [
  'missing_state',
  'unknown_state',
  'other_browser',
  'state_used',
  'state_expired',
  'wrong_provider',
  'access_denied',
  'not_granted',
  'no_code',
  'unreachable',
  'redirect_uri_mismatch',
  'pkce_mismatch',
  'code_rejected',
  'no_account',
  'plan_limit',
] as const;
export type ConnectErrorCode = (typeof connectErrorCodes)[number];

export const genericConnectErrorMessage =
  'Connecting did not finish, so nothing was connected. Start connecting again.';

/** The fixed sentence for a connect error code (unknown code or provider: generic wording). */
export function describeConnectError(code: string | null, provider?: string | null): string {
  const isKnown = provider === 'youtube' || provider === 'meta' || provider === 'tiktok';
  const label = isKnown ? connectionProviderCompanies[provider] : 'The platform';
  const messages: Record<ConnectErrorCode, string> = {
    missing_state:
      'The sign-in response had no state, so it cannot be trusted. Start connecting again.',
    unknown_state:
      'This sign-in response was not started from Crescendo (unknown state). Start connecting again.',
    other_browser:
      'This sign-in was started in another browser, so nothing was connected. Start connecting again from this browser.',
    state_used: 'This sign-in link was already used. Start connecting again.',
    state_expired: 'This sign-in link expired (they last 10 minutes). Start connecting again.',
    wrong_provider: 'This sign-in response belongs to another provider. Start connecting again.',
    access_denied: isKnown
      ? `You declined access on ${label}, so nothing was connected.`
      : 'Access was declined, so nothing was connected.',
    not_granted: `${label} did not grant access, so nothing was connected. Start connecting again.`,
    no_code: `${label} sent no authorization code. Start connecting again.`,
    unreachable: `${label} could not be reached to finish connecting. Try again in a moment.`,
    redirect_uri_mismatch: `${label} refused the sign-in: the redirect URI does not match the one the flow started with.`,
    pkce_mismatch: `${label} refused the sign-in: the PKCE code verifier does not match.`,
    code_rejected: `${label} refused the authorization code (expired or already used). Start connecting again.`,
    no_account:
      provider === 'meta'
        ? 'No Facebook Page was shared, so there is nothing to analyse. Start connecting again and choose a Page.'
        : `${label} found no account to analyse, so nothing was connected.`,
    plan_limit:
      'Your plan’s connected-accounts limit is reached, so nothing was connected. Upgrade your plan to connect more.',
  };
  return (connectErrorCodes as readonly string[]).includes(code ?? '')
    ? messages[code as ConnectErrorCode]
    : genericConnectErrorMessage;
}
