import crypto from 'node:crypto';
import type { ImportFormat, ImportSource } from '@crescendo/contracts';
import { eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import {
  accountDailyMetrics,
  analyticsAccounts,
  imports,
  organizations,
  platformConnections,
  releases,
  songs,
  spotifyAudienceDays,
  spotifySongDays,
  statementLines,
} from '../db/schema';

// Statements, songs and Spotify exports written straight into the tables the imports module
// fills, so the reads (revenue, overview, ROI, assistant) can be tested and measured on their own.

export type TestLine = {
  source?: ImportSource;
  /** `YYYY-MM`. */
  saleMonth: string;
  store: string;
  storeName?: string;
  country?: string | null;
  /** The song's ISRC (it must have been inserted with `insertSong`), or null for a release line. */
  isrc?: string | null;
  upc?: string | null;
  title?: string | null;
  quantity: number;
  /** Exact decimal, as a statement writes it. */
  earnings: string;
  currency?: string;
  isAccountCurrency?: boolean;
};

export type TestCatalogue = {
  songIds: Map<string, string>;
  releaseIds: Map<string, string>;
};

export function createCatalogue(): TestCatalogue {
  return { songIds: new Map(), releaseIds: new Map() };
}

export async function insertRelease(
  db: Database,
  organizationId: string,
  catalogue: TestCatalogue,
  release: { upc: string; title: string; releaseDate?: string },
): Promise<string> {
  const [row] = await db
    .insert(releases)
    .values({
      organizationId,
      upc: release.upc,
      title: release.title,
      releaseDate: release.releaseDate ?? null,
    })
    .returning({ id: releases.id });
  catalogue.releaseIds.set(release.upc, row!.id);
  return row!.id;
}

export async function insertSong(
  db: Database,
  organizationId: string,
  catalogue: TestCatalogue,
  song: { isrc: string; title: string; artist?: string; releaseUpc?: string; releaseDate?: string },
): Promise<string> {
  const [row] = await db
    .insert(songs)
    .values({
      organizationId,
      isrc: song.isrc,
      title: song.title,
      artist: song.artist ?? 'Test Artist',
      releaseId: song.releaseUpc ? (catalogue.releaseIds.get(song.releaseUpc) ?? null) : null,
      releaseDate: song.releaseDate ?? null,
    })
    .returning({ id: songs.id });
  catalogue.songIds.set(song.isrc, row!.id);
  return row!.id;
}

/** A finished import of `source`, as the imports module leaves one. */
export async function insertImport(
  db: Database,
  organizationId: string,
  options: { source: ImportSource; format?: ImportFormat; finishedAt?: Date } = {
    source: 'distrokid',
  },
): Promise<string> {
  const format: ImportFormat =
    options.format ?? (options.source === 'spotify' ? 'spotify_audience_timeline' : options.source);
  const [row] = await db
    .insert(imports)
    .values({
      organizationId,
      format,
      source: options.source,
      fileName: `${format}.csv`,
      fileBytes: 1,
      contentSha256: crypto.randomBytes(32).toString('hex'),
      status: 'done',
      finishedAt: options.finishedAt ?? new Date(),
    })
    .returning({ id: imports.id });
  return row!.id;
}

function fingerprintOf(line: TestLine): Buffer {
  return crypto
    .createHash('sha256')
    .update(
      JSON.stringify([
        line.saleMonth,
        line.store,
        line.country ?? null,
        line.isrc ?? null,
        line.upc ?? null,
        line.quantity,
        line.earnings,
        line.currency ?? 'USD',
      ]),
    )
    .digest();
}

/**
 * Inserts statement lines as one import of their source would: each identified by its
 * fingerprint and its occurrence among identical lines, held by `importId` when given, else by a
 * finished import of its source made for them (every line is held by an import).
 */
export async function insertStatementLines(
  db: Database,
  organizationId: string,
  catalogue: TestCatalogue,
  lines: TestLine[],
  options: { importId?: string; chunkSize?: number } = {},
): Promise<void> {
  const seen = new Map<string, number>();
  const importIds = new Map<ImportSource, string>();
  for (const source of new Set(lines.map((line) => line.source ?? 'distrokid'))) {
    importIds.set(source, options.importId ?? (await insertImport(db, organizationId, { source })));
  }
  const values = lines.map((line) => {
    const source = line.source ?? 'distrokid';
    const fingerprint = fingerprintOf(line);
    const key = `${source}|${fingerprint.toString('hex')}`;
    const occurrence = (seen.get(key) ?? 0) + 1;
    seen.set(key, occurrence);
    const songId = line.isrc ? catalogue.songIds.get(line.isrc) : undefined;
    if (line.isrc && !songId) throw new Error(`insertSong first: ${line.isrc}`);
    return {
      organizationId,
      importId: importIds.get(source)!,
      source,
      fingerprint,
      occurrence,
      saleMonth: `${line.saleMonth}-01`,
      reportedMonth: null,
      store: line.store,
      storeName: line.storeName ?? line.store,
      country: line.country ?? null,
      songId: songId ?? null,
      releaseId: line.upc ? (catalogue.releaseIds.get(line.upc) ?? null) : null,
      title: line.title ?? null,
      itemType: line.isrc ? ('track' as const) : ('release' as const),
      quantity: String(line.quantity),
      earnings: line.earnings,
      currency: line.currency ?? 'USD',
      isAccountCurrency: line.isAccountCurrency ?? (line.currency ?? 'USD') === 'USD',
    };
  });
  const chunkSize = options.chunkSize ?? 2000;
  for (let start = 0; start < values.length; start += chunkSize) {
    await db.insert(statementLines).values(values.slice(start, start + chunkSize));
  }
}

export async function setOrganizationCurrency(
  db: Database,
  organizationId: string,
  currency: string,
): Promise<void> {
  await db.update(organizations).set({ currency }).where(eq(organizations.id, organizationId));
}

/** Days of a Spotify for Artists audience timeline, as one imported export. */
export async function insertSpotifyAudienceDays(
  db: Database,
  organizationId: string,
  days: {
    day: string;
    streams: number | null;
    listeners: number | null;
    followers: number | null;
  }[],
): Promise<void> {
  const importId = await insertImport(db, organizationId, { source: 'spotify' });
  for (let start = 0; start < days.length; start += 2000) {
    await db
      .insert(spotifyAudienceDays)
      .values(days.slice(start, start + 2000).map((day) => ({ organizationId, importId, ...day })));
  }
}

/** Days of one song's Spotify timeline, as one imported export. */
export async function insertSpotifySongDays(
  db: Database,
  organizationId: string,
  catalogue: TestCatalogue,
  song: { isrc: string; title: string },
  days: { day: string; streams: number }[],
): Promise<void> {
  const importId = await insertImport(db, organizationId, {
    source: 'spotify',
    format: 'spotify_song_timeline',
  });
  await db.insert(spotifySongDays).values(
    days.map((day) => ({
      organizationId,
      importId,
      songTitle: song.title,
      songId: catalogue.songIds.get(song.isrc) ?? null,
      ...day,
    })),
  );
}

/** `YYYY-MM` of the month `offset` months after `month` (negative: before). */
export function shiftMonth(month: string, offset: number): string {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  const index = year * 12 + (monthNumber - 1) + offset;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

const scale = 10;

/** Exact sum of decimal strings with up to 10 decimals, in units of 10⁻¹⁰. */
function exactSum(values: string[]): bigint {
  let total = 0n;
  for (const value of values) {
    const negative = value.startsWith('-');
    const [whole, fraction = ''] = value.replace('-', '').split('.');
    const units = BigInt(whole! + fraction.padEnd(scale, '0').slice(0, scale));
    total += negative ? -units : units;
  }
  return total;
}

/** `numerator ÷ denominator` rounded half away from zero (as PostgreSQL's `round` does). */
function roundedQuotient(numerator: bigint, denominator: bigint): bigint {
  const negative = numerator < 0n !== denominator < 0n;
  const top = numerator < 0n ? -numerator : numerator;
  const bottom = denominator < 0n ? -denominator : denominator;
  const rounded = (top * 2n + bottom) / (bottom * 2n);
  return negative ? -rounded : rounded;
}

/** Exact decimal sum of `values`, rounded half away from zero to `digits` (as `numeric` does). */
export function sumDecimals(values: string[], digits = 2): number {
  const units = roundedQuotient(exactSum(values), 10n ** BigInt(scale - digits));
  return Number(units) / 10 ** digits;
}

/** The exact sum of `values` divided by `divisor`, rounded to `digits` decimals. */
export function divideDecimals(values: string[], divisor: number, digits: number): number {
  const units = roundedQuotient(exactSum(values), BigInt(divisor) * 10n ** BigInt(scale - digits));
  return Number(units) / 10 ** digits;
}

/** A YouTube channel with YouTube's estimated revenue on some days (as a sync writes it). */
export async function insertYoutubeRevenueDays(
  db: Database,
  organizationId: string,
  days: { day: string; estimatedRevenue: number }[],
): Promise<void> {
  const [connection] = await db
    .insert(platformConnections)
    .values({
      organizationId,
      provider: 'youtube',
      externalAccountId: `channel-${crypto.randomUUID()}`,
      accountName: 'Test channel',
      tokenKeyVersion: 1,
      scopes: [],
    })
    .returning({ id: platformConnections.id });
  const [account] = await db
    .insert(analyticsAccounts)
    .values({
      organizationId,
      connectionId: connection!.id,
      platform: 'youtube',
      externalId: `UC${crypto.randomUUID()}`,
      name: 'Test channel',
    })
    .returning({ id: analyticsAccounts.id });
  await db.insert(accountDailyMetrics).values(
    days.map((day) => ({
      organizationId,
      accountId: account!.id,
      day: day.day,
      estimatedRevenue: day.estimatedRevenue,
    })),
  );
}
