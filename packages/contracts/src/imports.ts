import { z } from 'zod';
import { isoDaySchema, rangeQueryShape, withOneRangeForm } from './analytics';

// ── Imports: the artist's own files (Spotify for Artists exports, distributor statements) ──

/** Every format recognised from a file's header row (never from its name). */
export const importFormatSchema = z.enum([
  'spotify_audience_timeline',
  'spotify_songs',
  'spotify_song_timeline',
  'spotify_playlists',
  'distrokid',
  'tunecore',
  'cdbaby',
  'awal',
  'bandcamp',
]);
export type ImportFormat = z.infer<typeof importFormatSchema>;
export const importFormats = importFormatSchema.options;

/** Where an import's lines come from: Spotify for Artists or a distributor / store. */
export const importSourceSchema = z.enum([
  'spotify',
  'distrokid',
  'tunecore',
  'cdbaby',
  'awal',
  'bandcamp',
]);
export type ImportSource = z.infer<typeof importSourceSchema>;
export const importSources = importSourceSchema.options;

// Their words live in a module without zod, so a screen naming a source (the overview's
// imported sources) does not load every schema.
import { importFormatLabels } from './import-labels';

export { importFormatLabels, importSourceLabels, maxImportFileBytes } from './import-labels';

/** The one rule for unreadable lines (said on the imports page): valid lines are kept. */
export const importRejectionRule =
  'Lines that cannot be read are skipped and listed with their line number; every other line is imported.';

/** The message for a file that is no known format (415 `UNSUPPORTED_MEDIA_TYPE`; nothing is stored). */
export const unsupportedImportMessage = `This file is not a format Crescendo can read. Supported: ${importFormats
  .map((format) => importFormatLabels[format])
  .join(', ')}.`;

export const importStatusSchema = z.enum(['queued', 'processing', 'done', 'failed']);
export type ImportStatus = z.infer<typeof importStatusSchema>;

/** An amount of money in one currency (decimal number, rounded to the cent for totals). */
export const moneyAmountSchema = z.object({ currency: z.string(), amount: z.number() });
export type MoneyAmount = z.infer<typeof moneyAmountSchema>;

/** A line the parser could not read: where and why. */
export const importRejectionSchema = z.object({ line: z.number().int(), reason: z.string() });
export type ImportRejection = z.infer<typeof importRejectionSchema>;

export const importSchema = z.object({
  id: z.uuid(),
  status: importStatusSchema,
  format: importFormatSchema,
  source: importSourceSchema,
  fileName: z.string(),
  fileBytes: z.number().int(),
  /**
   * The artist asked to keep the original file (`keepFile=true` on upload): it can be downloaded
   * from `GET /api/v1/imports/{id}/file` until the import is deleted. Otherwise only its lines are
   * kept once it is read.
   */
  isFileKept: z.boolean(),
  /** First and last day (daily exports) or month (statements, as its first and last day). */
  period: z
    .object({ from: isoDaySchema, to: isoDaySchema, granularity: z.enum(['day', 'month']) })
    .nullable(),
  rowsTotal: z.number().int(),
  rowsImported: z.number().int(),
  rowsRejected: z.number().int(),
  /** Lines already counted by an earlier import (same file, or an overlapping statement). */
  rowsDuplicate: z.number().int(),
  /** The earlier import of the very same content, when this file was imported before. */
  duplicateOf: z.uuid().nullable(),
  /** A sentence for a person when the import failed. */
  error: z.string().nullable(),
  /** The first rejected lines (at most 100), with their line number and reason. */
  rejections: z.array(importRejectionSchema),
  totals: z.object({
    /** Units in the file: streams, downloads, sales. */
    quantity: z.number(),
    /** Earnings per currency; empty for Spotify exports. */
    earnings: z.array(moneyAmountSchema),
  }),
  uploadedBy: z.object({ id: z.uuid(), name: z.string(), email: z.string() }).nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type Import = z.infer<typeof importSchema>;

export const importResponseSchema = z.object({ import: importSchema });
export type ImportResponse = z.infer<typeof importResponseSchema>;
export const importListResponseSchema = z.object({ imports: z.array(importSchema) });
export type ImportListResponse = z.infer<typeof importListResponseSchema>;
export const importIdParamsSchema = z.object({ id: z.uuid({ error: 'Must be an import id' }) });

/**
 * The upload's optional text field beside `file`: `keepFile=true` keeps the original file (off by
 * default: only the lines are kept). Anything but `true` or `false` is refused.
 */
export const importKeepFileFieldSchema = z.enum(['true', 'false'], {
  error: 'Must be true or false',
});

/** Sample files for trying imports without one's own (sandbox mode only). */
export const importSampleSchema = z.object({
  fileName: z.string(),
  format: importFormatSchema,
  source: importSourceSchema,
  url: z.string(),
});
export const importSamplesResponseSchema = z.object({ samples: z.array(importSampleSchema) });
export type ImportSamplesResponse = z.infer<typeof importSamplesResponseSchema>;

// ── One catalogue: releases (UPC) and songs (ISRC) ──

/** ISRC as stored: dashes and spaces stripped, upper case (`USS1Z2400001`). */
export const isrcSchema = z
  .string()
  .transform((value) => value.replace(/[\s-]/g, '').toUpperCase())
  .pipe(z.string().regex(/^[A-Z]{2}[A-Z0-9]{3}\d{7}$/, { error: 'Must be an ISRC' }));

export const linkedItemSchema = z.object({
  contentId: z.uuid(),
  platform: z.string(),
  title: z.string(),
  url: z.string().nullable(),
  thumbnailUrl: z.string().nullable(),
  /** Views in the item's lifetime as last synced. */
  lifetimeViews: z.number().nullable(),
});
export type LinkedItem = z.infer<typeof linkedItemSchema>;

export const songSummarySchema = z.object({
  isrc: z.string(),
  title: z.string(),
  artist: z.string().nullable(),
  release: z.object({ upc: z.string().nullable(), title: z.string() }).nullable(),
  releaseDate: isoDaySchema.nullable(),
  /** Spotify for Artists figures from the latest songs-table export (null: never exported). */
  spotify: z
    .object({
      streams: z.number(),
      listeners: z.number().nullable(),
      saves: z.number().nullable(),
      asOf: isoDaySchema,
    })
    .nullable(),
  /** Statement earnings in the organisation's currency, all time. */
  earnings: z.number(),
  /**
   * Earnings in lines of other currencies (statements with no exchange rate), all time, one
   * entry per currency: shown beside `earnings`, never converted or added to it.
   */
  otherCurrencies: z.array(z.object({ currency: z.string(), amount: z.number() })),
  /** Units in statements (streams, downloads, sales), all time. */
  quantity: z.number(),
  linkedItems: z.array(linkedItemSchema),
});
export type SongSummary = z.infer<typeof songSummarySchema>;

export const songListResponseSchema = z.object({
  currency: z.string(),
  songs: z.array(songSummarySchema),
});
export type SongListResponse = z.infer<typeof songListResponseSchema>;

export const songLinkSuggestionSchema = z.object({
  contentId: z.uuid(),
  platform: z.string(),
  title: z.string(),
  /** 0–1: how closely the item's title matches the song's. */
  confidence: z.number(),
});
export type SongLinkSuggestion = z.infer<typeof songLinkSuggestionSchema>;

export const earningsRowSchema = z.object({
  key: z.string(),
  label: z.string(),
  earnings: z.number(),
  quantity: z.number(),
  /** Earnings per unit (per stream for streaming stores); null when no units. */
  perUnit: z.number().nullable(),
  /**
   * Set when the row's lines are in another currency than the answer's (a statement with no
   * exchange rate): its earnings and pay per unit are in this currency, never converted.
   */
  currency: z.string().optional(),
});
export type EarningsRow = z.infer<typeof earningsRowSchema>;

/** How far each source has reported: months after it are "not reported yet", never $0. */
export const reportedThroughSchema = z.object({
  source: importSourceSchema,
  /** Last day with data (daily exports) or last day of the last month (statements). */
  through: isoDaySchema.nullable(),
  importedAt: z.string().nullable(),
});
export type ReportedThrough = z.infer<typeof reportedThroughSchema>;

export const songDetailResponseSchema = z.object({
  currency: z.string(),
  song: songSummarySchema,
  earningsByStore: z.array(earningsRowSchema),
  earningsByCountry: z.array(earningsRowSchema),
  /** One point per month (statements) with Spotify streams where a timeline was exported. */
  timeline: z.array(
    z.object({
      month: z.string(),
      earnings: z.number(),
      quantity: z.number(),
      spotifyStreams: z.number().nullable(),
    }),
  ),
  sources: z.array(reportedThroughSchema),
  suggestions: z.array(songLinkSuggestionSchema),
});
export type SongDetailResponse = z.infer<typeof songDetailResponseSchema>;
export const songParamsSchema = z.object({ isrc: isrcSchema });
export const songLinkInputSchema = z.object({ contentId: z.uuid() });
export const songLinkParamsSchema = z.object({ isrc: isrcSchema, contentId: z.uuid() });

// ── Money ──

export const revenueGroupBySchema = z.enum(
  ['store', 'country', 'song', 'release', 'month', 'source'],
  {
    error: 'Must be one of store, country, song, release, month, source',
  },
);
export type RevenueGroupBy = z.infer<typeof revenueGroupBySchema>;
export const revenueGroupings = revenueGroupBySchema.options;

/**
 * The revenue read. A period covers a statement month when the month's first day is inside it
 * (statements report whole months by sale month). Optional filters narrow the lines read.
 */
export const revenueQuerySchema = withOneRangeForm(
  z.object({
    ...rangeQueryShape,
    groupBy: revenueGroupBySchema.default('month'),
    /** One store key (`spotify`, `apple_music`, …). */
    store: z
      .string()
      .trim()
      .toLowerCase()
      .regex(/^[a-z0-9_]{1,40}$/, { error: 'Must be a store key such as spotify' })
      .optional(),
    /** ISO 3166-1 alpha-2 country code. */
    country: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{2}$/, { error: 'Must be a 2-letter country code such as DE' })
      .optional(),
    source: importSourceSchema.optional(),
    /** One song's lines. */
    isrc: isrcSchema.optional(),
    format: z.enum(['json', 'csv'], { error: 'Must be json or csv' }).default('json'),
  }),
);
export type RevenueQuery = z.input<typeof revenueQuerySchema>;

export const revenueResponseSchema = z.object({
  /** The organisation's currency; every total is in it. */
  currency: z.string(),
  range: z.object({ from: isoDaySchema, to: isoDaySchema }),
  /** Sum of the imported statement lines in the range, to the cent. */
  total: z.number(),
  quantity: z.number(),
  rows: z.array(earningsRowSchema),
  reportedThrough: z.array(reportedThroughSchema),
  /** Lines in another currency with no rate in their file: shown apart, never converted. */
  excluded: z.array(moneyAmountSchema.extend({ lines: z.number().int() })),
  /** YouTube's own estimate of ad revenue: a separate, labelled source, never added to `total`. */
  youtubeEstimated: z.number().nullable(),
});
export type RevenueResponse = z.infer<typeof revenueResponseSchema>;
