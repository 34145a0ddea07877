import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  songs,
  spotifyAudienceDays,
  spotifyAudienceImportDays,
  spotifyPlaylists,
  spotifySongDays,
  spotifySongImportDays,
  spotifySongStats,
} from '../../db/schema';
import type { WriteContext } from './import-writes.repository';
import type {
  SpotifyAudienceDayRecord,
  SpotifyPlaylistRecord,
  SpotifySongDayRecord,
  SpotifySongRecord,
} from './parsers/types';
import { normalizeTitle } from './title-match';

// What a Spotify for Artists export writes: audience and song days (the latest import of a day
// wins), songs-table and playlist rows per import, matched to catalogue songs by title.

/** Keeps the last of several records with the same key (a file that repeats a day or a title). */
function lastByKey<T>(records: T[], keyOf: (record: T) => string): T[] {
  return [...new Map(records.map((record) => [keyOf(record), record])).values()];
}

/**
 * Whether the row's current import is older than this one: the latest import of a day wins,
 * whichever order the jobs ran in.
 */
function isNewerImport(tableName: string) {
  return sql.raw(`(
    select (created_at, id) from imports where id = excluded.import_id
  ) >= (
    select (created_at, id) from imports where id = ${tableName}.import_id
  )`);
}

export async function writeAudienceDays(
  db: Database,
  context: WriteContext,
  records: SpotifyAudienceDayRecord[],
): Promise<void> {
  if (records.length === 0) return;
  const days = lastByKey(records, (record) => record.day).map((record) => ({
    organizationId: context.organizationId,
    importId: context.importId,
    day: record.day,
    listeners: record.listeners,
    streams: record.streams,
    followers: record.followers,
  }));
  // This import's own values, kept for the day its newer rival is deleted.
  await db
    .insert(spotifyAudienceImportDays)
    .values(days)
    .onConflictDoUpdate({
      target: [
        spotifyAudienceImportDays.organizationId,
        spotifyAudienceImportDays.importId,
        spotifyAudienceImportDays.day,
      ],
      set: {
        listeners: sql`excluded.listeners`,
        streams: sql`excluded.streams`,
        followers: sql`excluded.followers`,
      },
    });
  await db
    .insert(spotifyAudienceDays)
    .values(days)
    .onConflictDoUpdate({
      target: [spotifyAudienceDays.organizationId, spotifyAudienceDays.day],
      set: {
        importId: sql`excluded.import_id`,
        listeners: sql`excluded.listeners`,
        streams: sql`excluded.streams`,
        followers: sql`excluded.followers`,
      },
      setWhere: isNewerImport('spotify_audience_days'),
    });
}

/**
 * Before an import's audience and song-timeline rows go (deleted, or cleared for a restarted
 * job): each day it won takes the values of the latest other import that covers it; days no
 * other import covers go with it.
 */
export async function restoreSpotifyDaysFromOtherImports(
  db: Database,
  organizationId: string,
  importId: string,
): Promise<void> {
  await db.execute(sql`
    with fallback as (
      select distinct on (version.day) version.day, version.import_id, version.listeners,
        version.streams, version.followers
      from spotify_audience_import_days version
      join imports other
        on other.organization_id = version.organization_id and other.id = version.import_id
      where version.organization_id = ${organizationId}
        and version.import_id <> ${importId}
        and version.day in (
          select day from spotify_audience_days
          where organization_id = ${organizationId} and import_id = ${importId})
      order by version.day, other.created_at desc, other.id desc
    )
    update spotify_audience_days current
    set import_id = fallback.import_id, listeners = fallback.listeners,
      streams = fallback.streams, followers = fallback.followers
    from fallback
    where current.organization_id = ${organizationId}
      and current.import_id = ${importId}
      and current.day = fallback.day`);
  await db.execute(sql`
    with fallback as (
      select distinct on (version.song_title, version.day) version.song_title, version.day,
        version.import_id, version.streams
      from spotify_song_import_days version
      join imports other
        on other.organization_id = version.organization_id and other.id = version.import_id
      join spotify_song_days won
        on won.organization_id = version.organization_id
        and won.song_title = version.song_title and won.day = version.day
        and won.import_id = ${importId}
      where version.organization_id = ${organizationId}
        and version.import_id <> ${importId}
      order by version.song_title, version.day, other.created_at desc, other.id desc
    )
    update spotify_song_days current
    set import_id = fallback.import_id, streams = fallback.streams
    from fallback
    where current.organization_id = ${organizationId}
      and current.import_id = ${importId}
      and current.song_title = fallback.song_title
      and current.day = fallback.day`);
}

export async function writeSongDays(
  db: Database,
  context: WriteContext,
  records: SpotifySongDayRecord[],
): Promise<void> {
  if (records.length === 0) return;
  const days = lastByKey(records, (record) => `${record.songTitle}\u0000${record.day}`).map(
    (record) => ({
      organizationId: context.organizationId,
      importId: context.importId,
      songTitle: record.songTitle,
      day: record.day,
      streams: record.streams,
    }),
  );
  // This import's own streams, kept for the day its newer rival is deleted.
  await db
    .insert(spotifySongImportDays)
    .values(days)
    .onConflictDoUpdate({
      target: [
        spotifySongImportDays.organizationId,
        spotifySongImportDays.importId,
        spotifySongImportDays.songTitle,
        spotifySongImportDays.day,
      ],
      set: { streams: sql`excluded.streams` },
    });
  await db
    .insert(spotifySongDays)
    .values(
      days.map((day) => ({
        ...day,
        songId: context.songsByTitle.get(normalizeTitle(day.songTitle)) ?? null,
      })),
    )
    .onConflictDoUpdate({
      target: [spotifySongDays.organizationId, spotifySongDays.songTitle, spotifySongDays.day],
      set: {
        importId: sql`excluded.import_id`,
        songId: sql`excluded.song_id`,
        streams: sql`excluded.streams`,
      },
      setWhere: isNewerImport('spotify_song_days'),
    });
}

export async function writeSongStats(
  db: Database,
  context: WriteContext,
  records: SpotifySongRecord[],
): Promise<void> {
  if (records.length === 0) return;
  await db
    .insert(spotifySongStats)
    .values(
      lastByKey(records, (record) => record.title).map((record) => ({
        organizationId: context.organizationId,
        importId: context.importId,
        title: record.title,
        songId: context.songsByTitle.get(normalizeTitle(record.title)) ?? null,
        listeners: record.listeners,
        streams: record.streams,
        saves: record.saves,
        releaseDate: record.releaseDate,
        asOf: context.asOf,
      })),
    )
    .onConflictDoUpdate({
      target: [spotifySongStats.organizationId, spotifySongStats.importId, spotifySongStats.title],
      set: {
        listeners: sql`excluded.listeners`,
        streams: sql`excluded.streams`,
        saves: sql`excluded.saves`,
        releaseDate: sql`excluded.release_date`,
      },
    });
}

export async function writePlaylists(
  db: Database,
  context: WriteContext,
  records: SpotifyPlaylistRecord[],
): Promise<void> {
  if (records.length === 0) return;
  await db
    .insert(spotifyPlaylists)
    .values(
      lastByKey(records, (record) => `${record.name}\u0000${record.madeBy ?? ''}`).map(
        (record) => ({
          organizationId: context.organizationId,
          importId: context.importId,
          name: record.name,
          madeBy: record.madeBy ?? '',
          listeners: record.listeners,
          streams: record.streams,
          dateAdded: record.dateAdded,
        }),
      ),
    )
    .onConflictDoUpdate({
      target: [
        spotifyPlaylists.organizationId,
        spotifyPlaylists.importId,
        spotifyPlaylists.name,
        spotifyPlaylists.madeBy,
      ],
      set: {
        listeners: sql`excluded.listeners`,
        streams: sql`excluded.streams`,
        dateAdded: sql`excluded.date_added`,
      },
    });
}

/**
 * Spotify rows are matched to catalogue songs by title: rows imported before the statement that
 * created their song are matched once it exists.
 */
export async function matchSpotifyRowsToSongs(db: Database, organizationId: string): Promise<void> {
  const catalogue = await db
    .select({ id: songs.id, title: songs.title })
    .from(songs)
    .where(eq(songs.organizationId, organizationId));
  if (catalogue.length === 0) return;
  const byTitle = new Map<string, string>();
  for (const song of catalogue) {
    const title = normalizeTitle(song.title);
    if (!byTitle.has(title)) byTitle.set(title, song.id);
  }
  for (const [table, column] of [
    [spotifySongStats, spotifySongStats.title],
    [spotifySongDays, spotifySongDays.songTitle],
  ] as const) {
    const unmatched = await db
      .selectDistinct({ title: column })
      .from(table)
      .where(and(eq(table.organizationId, organizationId), isNull(table.songId)));
    for (const { title } of unmatched) {
      const songId = byTitle.get(normalizeTitle(title));
      if (!songId) continue;
      await db
        .update(table)
        .set({ songId })
        .where(
          and(eq(table.organizationId, organizationId), eq(column, title), isNull(table.songId)),
        );
    }
  }
}
