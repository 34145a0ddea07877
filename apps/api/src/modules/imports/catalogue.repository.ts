import type { ImportSource } from '@crescendo/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { organizations, songContentLinks, songLinkDismissals, songs } from '../../db/schema';
import { rowsOf } from './sql-rows';

// The catalogue's reads: songs with their release, statement earnings and Spotify figures.

export type SongRow = {
  id: string;
  isrc: string;
  title: string;
  artist: string | null;
  releaseDate: string | null;
  releaseUpc: string | null;
  releaseTitle: string | null;
  /** Earnings in the organisation's currency (numeric text), all time. */
  earnings: string;
  /** Earnings of lines in other currencies, per currency (numeric text), all time. */
  otherCurrencies: { currency: string; amount: string }[] | null;
  quantity: string;
  spotifyStreams: number | null;
  spotifyListeners: number | null;
  spotifySaves: number | null;
  spotifyAsOf: string | null;
};

export async function readOrganizationCurrency(
  db: Database,
  organizationId: string,
): Promise<string> {
  const [row] = await db
    .select({ currency: organizations.currency })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  return row?.currency ?? 'USD';
}

/** Every song (or the one with this ISRC) with its figures. */
export async function listSongRows(
  db: Database,
  organizationId: string,
  currency: string,
  isrc?: string,
): Promise<SongRow[]> {
  return rowsOf<SongRow>(
    await db.execute(sql`
      with by_currency as (
        select song_id, currency, sum(earnings) as earnings, sum(quantity) as quantity
        from statement_lines
        where organization_id = ${organizationId} and song_id is not null
        group by song_id, currency
      ),
      money as (
        select song_id,
          coalesce(sum(earnings) filter (where currency = ${currency}), 0) as earnings,
          sum(quantity) as quantity,
          json_agg(json_build_object('currency', currency, 'amount', earnings::text)
            order by currency) filter (where currency <> ${currency}) as other_currencies
        from by_currency
        group by song_id
      ),
      spotify as (
        -- The latest songs-table export that names the song.
        select distinct on (stats.song_id) stats.song_id, stats.streams, stats.listeners,
          stats.saves, stats.as_of
        from spotify_song_stats stats
        join imports
          on imports.organization_id = stats.organization_id and imports.id = stats.import_id
        where stats.organization_id = ${organizationId} and stats.song_id is not null
        order by stats.song_id, imports.created_at desc
      )
      select song.id, song.isrc, song.title, song.artist,
        song.release_date::text as "releaseDate",
        release.upc as "releaseUpc", release.title as "releaseTitle",
        coalesce(money.earnings, 0)::text as earnings,
        money.other_currencies as "otherCurrencies",
        coalesce(money.quantity, 0)::text as quantity,
        spotify.streams::float8 as "spotifyStreams",
        spotify.listeners::float8 as "spotifyListeners",
        spotify.saves::float8 as "spotifySaves",
        spotify.as_of::text as "spotifyAsOf"
      from songs song
      left join releases release
        on release.organization_id = song.organization_id and release.id = song.release_id
      left join money on money.song_id = song.id
      left join spotify on spotify.song_id = song.id
      where song.organization_id = ${organizationId}
        ${isrc ? sql`and song.isrc = ${isrc}` : sql``}
      order by coalesce(money.earnings, 0) desc, song.title, song.isrc`),
  );
}

export async function listSongLinks(
  db: Database,
  organizationId: string,
  songId?: string,
): Promise<{ songId: string; contentItemId: string }[]> {
  return db
    .select({ songId: songContentLinks.songId, contentItemId: songContentLinks.contentItemId })
    .from(songContentLinks)
    .where(
      and(
        eq(songContentLinks.organizationId, organizationId),
        ...(songId ? [eq(songContentLinks.songId, songId)] : []),
      ),
    )
    .orderBy(songContentLinks.createdAt);
}

export async function findSongId(
  db: Database,
  organizationId: string,
  isrc: string,
): Promise<{ id: string; title: string; artist: string | null } | null> {
  const [row] = await db
    .select({ id: songs.id, title: songs.title, artist: songs.artist })
    .from(songs)
    .where(and(eq(songs.organizationId, organizationId), eq(songs.isrc, isrc)));
  return row ?? null;
}

export async function insertSongLink(
  db: Database,
  values: {
    organizationId: string;
    songId: string;
    contentItemId: string;
    confidence: number | null;
    linkedBy: string;
  },
): Promise<void> {
  await db.insert(songContentLinks).values(values).onConflictDoNothing();
}

export async function deleteSongLink(
  db: Database,
  organizationId: string,
  songId: string,
  contentItemId: string,
): Promise<boolean> {
  const rows = await db
    .delete(songContentLinks)
    .where(
      and(
        eq(songContentLinks.organizationId, organizationId),
        eq(songContentLinks.songId, songId),
        eq(songContentLinks.contentItemId, contentItemId),
      ),
    )
    .returning({ songId: songContentLinks.songId });
  return rows.length > 0;
}

export type EarningsGroupRow = {
  key: string | null;
  currency: string;
  earnings: string;
  quantity: string;
};

/**
 * A song's statement earnings and units grouped by store or country and currency: the
 * organisation's currency first, then each other currency's rows (never converted), biggest
 * earner first within each.
 */
export async function groupSongEarnings(
  db: Database,
  organizationId: string,
  songId: string,
  currency: string,
  by: 'store' | 'country',
): Promise<EarningsGroupRow[]> {
  const column = by === 'store' ? sql.raw('store') : sql.raw('country');
  return rowsOf<EarningsGroupRow>(
    await db.execute(sql`
      select ${column} as key, currency, sum(earnings)::text as earnings,
        sum(quantity)::text as quantity
      from statement_lines
      where organization_id = ${organizationId} and song_id = ${songId}
      group by ${column}, currency
      order by currency <> ${currency}, currency, sum(earnings) desc, 1`),
  );
}

export type SongMonthRow = {
  month: string;
  earnings: string | null;
  quantity: string | null;
  spotifyStreams: number | null;
};

/** Month by month: statement earnings and units, and Spotify streams where a timeline exists. */
export async function listSongMonths(
  db: Database,
  organizationId: string,
  songId: string,
  currency: string,
): Promise<SongMonthRow[]> {
  return rowsOf<SongMonthRow>(
    await db.execute(sql`
      with money as (
        select to_char(sale_month, 'YYYY-MM') as month,
          coalesce(sum(earnings) filter (where currency = ${currency}), 0) as earnings,
          sum(quantity) as quantity
        from statement_lines
        where organization_id = ${organizationId} and song_id = ${songId}
        group by 1
      ),
      streams as (
        select to_char(day, 'YYYY-MM') as month, sum(streams) as streams
        from spotify_song_days
        where organization_id = ${organizationId} and song_id = ${songId}
        group by 1
      )
      select coalesce(money.month, streams.month) as month,
        money.earnings::text as earnings, money.quantity::text as quantity,
        streams.streams::float8 as "spotifyStreams"
      from money full join streams on streams.month = money.month
      order by 1`),
  );
}

export type SongSourceRow = {
  source: ImportSource;
  through: string | null;
  importedAt: string | null;
};

/** How far each source reports this song: statements to the end of their last month, Spotify to its last day. */
export async function listSongSources(
  db: Database,
  organizationId: string,
  songId: string,
): Promise<SongSourceRow[]> {
  return rowsOf<SongSourceRow>(
    await db.execute(sql`
      select source,
        (date_trunc('month', max(sale_month)) + interval '1 month - 1 day')::date::text as through,
        (select max(finished_at) from imports
          where organization_id = ${organizationId} and imports.source = line.source
            and status = 'done') as "importedAt"
      from statement_lines line
      where organization_id = ${organizationId} and song_id = ${songId}
      group by source
      union all
      select 'spotify', greatest(
          (select max(day) from spotify_song_days
            where organization_id = ${organizationId} and song_id = ${songId}),
          (select max(as_of) from spotify_song_stats
            where organization_id = ${organizationId} and song_id = ${songId}))::text,
        (select max(finished_at) from imports
          where organization_id = ${organizationId} and source = 'spotify' and status = 'done')
      where exists (select 1 from spotify_song_days
          where organization_id = ${organizationId} and song_id = ${songId})
        or exists (select 1 from spotify_song_stats
          where organization_id = ${organizationId} and song_id = ${songId})
      order by 1`),
  );
}

/** Remembers that the artist said this item is not the song (for the whole organisation). */
export async function insertSongLinkDismissal(
  db: Database,
  values: { organizationId: string; songId: string; contentItemId: string; dismissedBy: string },
): Promise<void> {
  await db.insert(songLinkDismissals).values(values).onConflictDoNothing();
}

/** The items whose suggestion for this song was dismissed. */
export async function listDismissedContentIds(
  db: Database,
  organizationId: string,
  songId: string,
): Promise<Set<string>> {
  const rows = await db
    .select({ contentItemId: songLinkDismissals.contentItemId })
    .from(songLinkDismissals)
    .where(
      and(
        eq(songLinkDismissals.organizationId, organizationId),
        eq(songLinkDismissals.songId, songId),
      ),
    );
  return new Set(rows.map((row) => row.contentItemId));
}
