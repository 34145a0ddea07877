import { z } from 'zod';
import {
  analyticsPlatformSchema,
  forecastSchema,
  isoDaySchema,
  kpiSetSchema,
  milestoneSchema,
  platformRangesSchema,
  rangePresetSchema,
  resolvedRangeSchema,
  seriesPointSchema,
} from './analytics';
import { analyticsPlatforms } from './platforms';
import { audienceResponseSchema, contentRowSchema } from './analytics-breakdowns';

// ── Verified share links: a read-only window on one dashboard view, for people without an account ──

export const shareViewSchema = z.enum(['overview', 'audience', 'content'], {
  error: 'Must be one of overview, audience, content',
});
export type ShareView = z.infer<typeof shareViewSchema>;
export const shareViews = shareViewSchema.options;

export const shareMinPasswordLength = 8;
export const shareMaxLabelLength = 120;
export const shareNoPlatformMessage = 'Tick at least one platform';

/** The platforms a link shows: any non-empty set of the organisation's connected ones. */
export const sharePlatformsSchema = z
  .array(analyticsPlatformSchema)
  .min(1, { error: shareNoPlatformMessage })
  .max(analyticsPlatforms.length);

/** `POST /api/shares`: the view, its window (a preset, or fixed dates) and who may open it. */
export const shareLinkInputSchema = z
  .object({
    view: shareViewSchema,
    platforms: sharePlatformsSchema,
    range: rangePresetSchema.optional(),
    from: isoDaySchema.optional(),
    to: isoDaySchema.optional(),
    label: z.string().trim().max(shareMaxLabelLength).optional(),
    password: z
      .string()
      .min(shareMinPasswordLength, {
        error: `Use at least ${shareMinPasswordLength} characters`,
      })
      .max(200)
      .optional(),
    expiresAt: z.iso.datetime({ offset: true, error: 'Must be a date and time' }).optional(),
    includeRevenue: z.boolean().default(false),
  })
  .refine((input) => !(input.range && (input.from || input.to)), {
    error: 'Use either range or from/to, not both',
    path: ['range'],
  })
  .refine((input) => !(input.from && input.to && input.from > input.to), {
    error: 'The start must be on or before the end',
    path: ['from'],
  });
export type ShareLinkInput = z.input<typeof shareLinkInputSchema>;

/** A link as its owner sees it; the token itself is shown once, on creation. */
export const shareLinkSchema = z.object({
  id: z.uuid(),
  view: shareViewSchema,
  platforms: z.array(analyticsPlatformSchema),
  range: rangePresetSchema.nullable(),
  from: z.string().nullable(),
  to: z.string().nullable(),
  label: z.string().nullable(),
  hasPassword: z.boolean(),
  includeRevenue: z.boolean(),
  expiresAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
  createdAt: z.string(),
  /** `active`, or why the link no longer opens. */
  status: z.enum(['active', 'revoked', 'expired']),
});
export type ShareLink = z.infer<typeof shareLinkSchema>;

export const shareLinkCreatedSchema = z.object({
  link: shareLinkSchema,
  /** The path of the shared page (`/s/<token>`): only now, never again (only its hash is kept). */
  path: z.string(),
});
export type ShareLinkCreated = z.infer<typeof shareLinkCreatedSchema>;

export const shareLinkListSchema = z.object({
  links: z.array(shareLinkSchema),
  /** The platforms a new link can show: those with a connected, synced account. */
  connectedPlatforms: z.array(analyticsPlatformSchema),
});
export type ShareLinkList = z.infer<typeof shareLinkListSchema>;

export const shareLinkParamsSchema = z.object({ id: z.uuid({ error: 'Invalid link id' }) });

// ── The public side ──

export const shareTokenParamsSchema = z.object({
  token: z.string().regex(/^[A-Za-z0-9_-]{22,64}$/, { error: 'Invalid link' }),
});

export const shareUnlockInputSchema = z.object({ password: z.string().min(1).max(200) });
export const shareGrantSchema = z.object({ grant: z.string(), expiresAt: z.string() });
export type ShareGrant = z.infer<typeof shareGrantSchema>;

/** The header carrying an unlocked link's grant. */
export const shareGrantHeader = 'x-share-grant';

export const sharedPageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(1000).default(1),
});

/** Revenue leaves the server only when the owner ticked "include revenue". */
const sharedKpiSetSchema = kpiSetSchema.extend({
  estimatedRevenue: kpiSetSchema.shape.estimatedRevenue.optional(),
});
const sharedSeriesPointSchema = seriesPointSchema.extend({
  estimatedRevenue: z.number().nullable().optional(),
});

export const sharedOverviewSchema = z.object({
  range: resolvedRangeSchema,
  combined: sharedKpiSetSchema,
  byPlatform: z.partialRecord(analyticsPlatformSchema, sharedKpiSetSchema),
  platformRanges: platformRangesSchema,
  series: z.array(sharedSeriesPointSchema),
  milestones: z.array(milestoneSchema),
  forecast: forecastSchema.nullable(),
});
export type SharedOverview = z.infer<typeof sharedOverviewSchema>;

export const sharedAudienceSchema = audienceResponseSchema.omit({ platform: true });
export type SharedAudience = z.infer<typeof sharedAudienceSchema>;

export const sharedContentSchema = z.object({
  range: resolvedRangeSchema,
  /** Content rows without their internal ids. */
  items: z.array(contentRowSchema.omit({ id: true })),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
});
export type SharedContent = z.infer<typeof sharedContentSchema>;

/**
 * How fresh each account's figures are. Whether an account is a test (sandbox) connection is the
 * owner's business, not the reader's: it is not sent.
 */
export const sharedFreshnessSchema = z.object({
  platform: analyticsPlatformSchema,
  accountName: z.string(),
  lastSyncedAt: z.string().nullable(),
  dataCompleteThrough: z.string().nullable(),
});

/** `GET /api/public/shares/{token}`: what the link shows; figures only once unlocked. */
export const sharedViewResponseSchema = z.object({
  artistName: z.string(),
  view: shareViewSchema,
  /** The platforms the owner chose; figures of any other never leave the server. */
  platforms: z.array(analyticsPlatformSchema),
  /** The window as the owner chose it (a preset, or fixed dates). */
  window: z.object({
    range: rangePresetSchema.nullable(),
    from: z.string().nullable(),
    to: z.string().nullable(),
  }),
  includesRevenue: z.boolean(),
  isLocked: z.boolean(),
  /** The chosen platforms whose connected accounts the figures come from. */
  verifiedPlatforms: z.array(analyticsPlatformSchema),
  freshness: z.array(sharedFreshnessSchema),
  overview: sharedOverviewSchema.nullable(),
  audience: sharedAudienceSchema.nullable(),
  content: sharedContentSchema.nullable(),
});
export type SharedViewResponse = z.infer<typeof sharedViewResponseSchema>;

export const shareGoneMessage = 'This link has been revoked or has expired.';
export const shareWrongPasswordMessage = 'That password is not right.';
