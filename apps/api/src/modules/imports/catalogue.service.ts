import type {
  EarningsRow,
  LinkedItem,
  SongDetailResponse,
  SongLinkSuggestion,
  SongListResponse,
  SongSummary,
} from '@crescendo/contracts';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { canManageImports } from '../../lib/permissions';
import { listContentItemsForLinking, type LinkableContentItem } from '../analytics';
import type { CurrentUser } from '../users';
import {
  deleteSongLink,
  findSongId,
  groupSongEarnings,
  insertSongLink,
  insertSongLinkDismissal,
  listDismissedContentIds,
  listSongLinks,
  listSongMonths,
  listSongRows,
  listSongSources,
  readOrganizationCurrency,
  type EarningsGroupRow,
  type SongRow,
} from './catalogue.repository';
import { storeLabels } from './parsers';
import { scoreTitleMatch } from './title-match';

/** Suggestions below this confidence are noise (a shared "love" or "night"). */
const minimumSuggestionConfidence = 0.5;
const maximumSuggestions = 5;

function toMoney(value: string | null): number {
  return value === null ? 0 : Math.round(Number(value) * 100) / 100;
}

function toLinkedItem(item: LinkableContentItem): LinkedItem {
  return {
    contentId: item.id,
    platform: item.platform,
    title: item.title,
    url: item.url,
    thumbnailUrl: item.thumbnailUrl,
    lifetimeViews: item.lifetimeViews,
  };
}

function toSongSummary(row: SongRow, linkedItems: LinkedItem[]): SongSummary {
  return {
    isrc: row.isrc,
    title: row.title,
    artist: row.artist,
    release: row.releaseTitle !== null ? { upc: row.releaseUpc, title: row.releaseTitle } : null,
    releaseDate: row.releaseDate,
    spotify:
      row.spotifyAsOf !== null
        ? {
            streams: row.spotifyStreams ?? 0,
            listeners: row.spotifyListeners,
            saves: row.spotifySaves,
            asOf: row.spotifyAsOf,
          }
        : null,
    earnings: toMoney(row.earnings),
    otherCurrencies: (row.otherCurrencies ?? []).map((other) => ({
      currency: other.currency,
      amount: toMoney(other.amount),
    })),
    quantity: Number(row.quantity),
    linkedItems,
  };
}

/** Linked items of each song, in the order they were linked. */
async function readLinkedItems(
  db: Database,
  organizationId: string,
  songId?: string,
): Promise<Map<string, LinkedItem[]>> {
  const links = await listSongLinks(db, organizationId, songId);
  const items = new Map(
    (
      await listContentItemsForLinking(
        db,
        organizationId,
        links.map((link) => link.contentItemId),
      )
    ).map((item) => [item.id, toLinkedItem(item)]),
  );
  const bySong = new Map<string, LinkedItem[]>();
  for (const link of links) {
    const item = items.get(link.contentItemId);
    if (!item) continue;
    bySong.set(link.songId, [...(bySong.get(link.songId) ?? []), item]);
  }
  return bySong;
}

export async function listSongs(db: Database, user: CurrentUser): Promise<SongListResponse> {
  const organizationId = user.organization.id;
  const currency = await readOrganizationCurrency(db, organizationId);
  const [rows, linked] = await Promise.all([
    listSongRows(db, organizationId, currency),
    readLinkedItems(db, organizationId),
  ]);
  return {
    currency,
    songs: rows.map((row) => toSongSummary(row, linked.get(row.id) ?? [])),
  };
}

const regionNames = new Intl.DisplayNames(['en'], { type: 'region' });

function describeCountry(code: string | null): string {
  if (!code) return 'Unknown';
  try {
    return regionNames.of(code) ?? code;
  } catch {
    return code;
  }
}

/**
 * Rows in the organisation's currency as they are; rows of lines in another currency carry it
 * (their earnings and pay per unit in that currency, never converted), keyed apart.
 */
function toEarningsRows(
  rows: EarningsGroupRow[],
  currency: string,
  labelOf: (key: string | null) => string,
): EarningsRow[] {
  return rows.map((row) => {
    const earnings = toMoney(row.earnings);
    const quantity = Number(row.quantity);
    const key = row.key ?? 'unknown';
    return {
      key: row.currency === currency ? key : `${key}|${row.currency}`,
      label: labelOf(row.key),
      earnings,
      quantity,
      perUnit: quantity > 0 ? Number(row.earnings) / quantity : null,
      ...(row.currency === currency ? {} : { currency: row.currency }),
    };
  });
}

/**
 * Items whose title names the song, with how sure the match is: offered for the artist to
 * confirm, never linked on their own.
 */
function suggestLinks(
  song: { title: string; artist: string | null },
  items: LinkableContentItem[],
  hiddenIds: Set<string>,
): SongLinkSuggestion[] {
  return items
    .filter((item) => !hiddenIds.has(item.id))
    .map((item) => ({
      contentId: item.id,
      platform: item.platform,
      title: item.title,
      confidence: scoreTitleMatch(song.title, item.title, song.artist),
    }))
    .filter((suggestion) => suggestion.confidence >= minimumSuggestionConfidence)
    .sort((left, right) => right.confidence - left.confidence)
    .slice(0, maximumSuggestions);
}

async function requireSong(db: Database, organizationId: string, isrc: string) {
  const song = await findSongId(db, organizationId, isrc);
  if (!song) throw AppError.notFound('No song with this ISRC in your catalogue.');
  return song;
}

export async function getSong(
  db: Database,
  user: CurrentUser,
  isrc: string,
): Promise<SongDetailResponse> {
  const organizationId = user.organization.id;
  const song = await requireSong(db, organizationId, isrc);
  const currency = await readOrganizationCurrency(db, organizationId);
  const [[row], linked, byStore, byCountry, months, sources, items, dismissed] = await Promise.all([
    listSongRows(db, organizationId, currency, isrc),
    readLinkedItems(db, organizationId, song.id),
    groupSongEarnings(db, organizationId, song.id, currency, 'store'),
    groupSongEarnings(db, organizationId, song.id, currency, 'country'),
    listSongMonths(db, organizationId, song.id, currency),
    listSongSources(db, organizationId, song.id),
    listContentItemsForLinking(db, organizationId),
    listDismissedContentIds(db, organizationId, song.id),
  ]);
  const linkedItems = linked.get(song.id) ?? [];
  const hiddenIds = new Set([...dismissed, ...linkedItems.map((item) => item.contentId)]);
  return {
    currency,
    song: toSongSummary(row!, linkedItems),
    earningsByStore: toEarningsRows(
      byStore,
      currency,
      (key) => (key && (storeLabels as Record<string, string>)[key]) || key || 'Unknown',
    ),
    earningsByCountry: toEarningsRows(byCountry, currency, describeCountry),
    timeline: months.map((month) => ({
      month: month.month,
      earnings: toMoney(month.earnings),
      quantity: Number(month.quantity ?? 0),
      spotifyStreams: month.spotifyStreams,
    })),
    sources: sources.map((source) => ({
      source: source.source,
      through: source.through,
      importedAt: source.importedAt ? new Date(source.importedAt).toISOString() : null,
    })),
    suggestions: suggestLinks(song, items, hiddenIds),
  };
}

function assertCanLink(user: CurrentUser): void {
  if (!canManageImports(user.organization)) {
    throw AppError.forbidden('Only the owner or a manager can link songs to videos and reels.');
  }
}

/** The song and one of the organisation's items, for a person allowed to link them. */
async function requireSongAndItem(
  db: Database,
  user: CurrentUser,
  isrc: string,
  contentId: string,
) {
  assertCanLink(user);
  const organizationId = user.organization.id;
  const song = await requireSong(db, organizationId, isrc);
  const [item] = await listContentItemsForLinking(db, organizationId, [contentId]);
  if (!item) throw AppError.notFound('No video, Short or reel with this id in your accounts.');
  return { organizationId, song, item };
}

/** Links a video, Short or reel of the organisation to the song (the artist's confirmation). */
export async function linkSongToContent(
  db: Database,
  user: CurrentUser,
  isrc: string,
  contentId: string,
): Promise<SongDetailResponse> {
  const { organizationId, song, item } = await requireSongAndItem(db, user, isrc, contentId);
  await insertSongLink(db, {
    organizationId,
    songId: song.id,
    contentItemId: item.id,
    confidence: scoreTitleMatch(song.title, item.title, song.artist),
    linkedBy: user.id,
  });
  return getSong(db, user, isrc);
}

export async function unlinkSongFromContent(
  db: Database,
  user: CurrentUser,
  isrc: string,
  contentId: string,
): Promise<void> {
  assertCanLink(user);
  const organizationId = user.organization.id;
  const song = await requireSong(db, organizationId, isrc);
  if (!(await deleteSongLink(db, organizationId, song.id, contentId))) {
    throw AppError.notFound('This song is not linked to that item.');
  }
}

/**
 * The artist says a suggested item is not this song: it is no longer suggested, for anyone in
 * the organisation (it can still be linked by hand).
 */
export async function dismissSongSuggestion(
  db: Database,
  user: CurrentUser,
  isrc: string,
  contentId: string,
): Promise<SongDetailResponse> {
  const { organizationId, song, item } = await requireSongAndItem(db, user, isrc, contentId);
  await insertSongLinkDismissal(db, {
    organizationId,
    songId: song.id,
    contentItemId: item.id,
    dismissedBy: user.id,
  });
  return getSong(db, user, isrc);
}
