import type { ImportSource } from '@crescendo/contracts';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  imports,
  releases,
  songs,
  spotifyAudienceDays,
  spotifyAudienceImportDays,
  spotifySongImportDays,
  spotifyPlaylists,
  spotifySongDays,
  spotifySongStats,
} from '../../db/schema';
import { deleteLinesOfImport } from './imports.repository';
import type { ReleaseName, SongName, StatementBatch } from './prepared-batches';
import { restoreSpotifyDaysFromOtherImports } from './spotify-writes.repository';
import { rowsOf } from './sql-rows';
import { normalizeTitle } from './title-match';

// What an import's job writes, batch by batch, and how a restarted or failed job removes it.

/** The job's view of its import and the catalogue it links lines to (ids cached across batches). */
export type WriteContext = {
  organizationId: string;
  importId: string;
  source: ImportSource;
  /** The export's date (the upload's day): how fresh Spotify's figures are. */
  asOf: string;
  songsByIsrc: Map<string, { id: string; hasRelease: boolean }>;
  releasesByUpc: Map<string, string>;
  /** Catalogue songs by normalised title, for Spotify rows (which carry no ISRC). */
  songsByTitle: Map<string, string>;
};

export async function readImportForJob(db: Database, organizationId: string, id: string) {
  const [row] = await db
    .select()
    .from(imports)
    .where(and(eq(imports.organizationId, organizationId), eq(imports.id, id)));
  return row ?? null;
}

/** One chunk of the uploaded file, or null past the last. */
export async function readImportChunk(
  db: Database,
  organizationId: string,
  importId: string,
  sequence: number,
): Promise<Buffer | null> {
  // As base64 text: PGlite hands bytea over byte by byte, ~100 times slower (as on the way in).
  const [row] = rowsOf<{ content: string }>(
    await db.execute(sql`
      select encode(bytes, 'base64') as content from import_file_chunks
      where organization_id = ${organizationId} and import_id = ${importId}
        and sequence = ${sequence}`),
  );
  return row ? Buffer.from(row.content, 'base64') : null;
}

/**
 * Everything the import wrote: its line links and the lines only it held, its Spotify rows. A
 * restarted job calls this first, so a crash never leaves half an import behind.
 */
export async function clearImportWrites(
  db: Database,
  organizationId: string,
  importId: string,
): Promise<void> {
  await deleteLinesOfImport(db, organizationId, importId);
  await restoreSpotifyDaysFromOtherImports(db, organizationId, importId);
  for (const table of [
    spotifyAudienceDays,
    spotifyAudienceImportDays,
    spotifySongStats,
    spotifySongDays,
    spotifySongImportDays,
    spotifyPlaylists,
  ]) {
    await db
      .delete(table)
      .where(and(eq(table.organizationId, organizationId), eq(table.importId, importId)));
  }
}

/** Starts (or restarts) the job: nothing written yet, every count back to zero. */
export async function markImportProcessing(
  db: Database,
  organizationId: string,
  importId: string,
): Promise<void> {
  await db
    .update(imports)
    .set({
      status: 'processing',
      rowsTotal: 0,
      rowsImported: 0,
      rowsRejected: 0,
      rowsDuplicate: 0,
      error: null,
    })
    .where(and(eq(imports.organizationId, organizationId), eq(imports.id, importId)));
}

/** Progress after a batch; false when the import was deleted meanwhile (the job stops). */
export async function recordImportProgress(
  db: Database,
  context: WriteContext,
  rowsTotal: number,
): Promise<boolean> {
  const rows = await db
    .update(imports)
    .set({ rowsTotal })
    .where(
      and(
        eq(imports.organizationId, context.organizationId),
        eq(imports.id, context.importId),
        eq(imports.status, 'processing'),
      ),
    )
    .returning({ id: imports.id });
  return rows.length === 1;
}

export async function loadWriteContext(
  db: Database,
  values: { organizationId: string; importId: string; source: ImportSource; asOf: string },
): Promise<WriteContext> {
  const rows = await db
    .select({ id: songs.id, title: songs.title })
    .from(songs)
    .where(eq(songs.organizationId, values.organizationId));
  return {
    ...values,
    songsByIsrc: new Map(),
    releasesByUpc: new Map(),
    songsByTitle: new Map(rows.map((row) => [normalizeTitle(row.title), row.id])),
  };
}

async function ensureReleases(db: Database, context: WriteContext, named: ReleaseName[]) {
  const missing = named.filter(({ upc }) => !context.releasesByUpc.has(upc));
  if (missing.length === 0) return;
  await db
    .insert(releases)
    .values(
      missing.map(({ upc, title }) => ({ organizationId: context.organizationId, upc, title })),
    )
    .onConflictDoNothing();
  const found = await db
    .select({ id: releases.id, upc: releases.upc })
    .from(releases)
    .where(
      and(
        eq(releases.organizationId, context.organizationId),
        inArray(
          releases.upc,
          missing.map(({ upc }) => upc),
        ),
      ),
    );
  for (const row of found) context.releasesByUpc.set(row.upc!, row.id);
}

async function ensureSongs(db: Database, context: WriteContext, named: SongName[]) {
  const missing = named.filter(({ isrc }) => !context.songsByIsrc.has(isrc));
  const releaseOf = (song: SongName) =>
    song.upc ? (context.releasesByUpc.get(song.upc) ?? null) : null;
  if (missing.length > 0) {
    await db
      .insert(songs)
      .values(
        missing.map((song) => ({
          organizationId: context.organizationId,
          isrc: song.isrc,
          title: song.title,
          artist: song.artist,
          releaseId: releaseOf(song),
        })),
      )
      .onConflictDoNothing();
    const found = await db
      .select({ id: songs.id, isrc: songs.isrc, title: songs.title, releaseId: songs.releaseId })
      .from(songs)
      .where(
        and(
          eq(songs.organizationId, context.organizationId),
          inArray(
            songs.isrc,
            missing.map(({ isrc }) => isrc),
          ),
        ),
      );
    for (const row of found) {
      context.songsByIsrc.set(row.isrc, { id: row.id, hasRelease: row.releaseId !== null });
      const title = normalizeTitle(row.title);
      if (!context.songsByTitle.has(title)) context.songsByTitle.set(title, row.id);
    }
  }
  // A song first seen on a line without a UPC joins its release when a later line names it.
  for (const name of named) {
    const releaseId = releaseOf(name);
    const song = context.songsByIsrc.get(name.isrc);
    if (!releaseId || !song || song.hasRelease) continue;
    await db
      .update(songs)
      .set({ releaseId })
      .where(
        and(
          eq(songs.organizationId, context.organizationId),
          eq(songs.id, song.id),
          isNull(songs.releaseId),
        ),
      );
    song.hasRelease = true;
  }
}

/**
 * A batch's rows as one parameter: JSON text in UTF-8 bytes, turned back into JSON by the
 * database. Bytes go over as they are on both drivers (PGlite binds them in binary, see
 * `openDatabase`; node-postgres as hex), where a JS string is measured and encoded again by
 * PGlite's protocol writer, character by character (~1 s of a 200,000-line import, decision 0039).
 */
function jsonRows(bytes: Uint8Array) {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return sql`convert_from(${buffer}::bytea, 'UTF8')::json`;
}

/**
 * Writes a batch of statement lines (made by `BatchPreparer`): each line once per organisation
 * and source (identical lines already counted are not inserted again), linked to the songs and
 * releases its ISRC and UPC name. The batch carries fingerprints as hex (JSON has no bytes); the
 * table keeps their 32 bytes. A new line is held by this import; a line another import holds
 * already is linked to this one too. Returns how many lines were new.
 */
export async function writeStatementBatch(
  db: Database,
  context: WriteContext,
  batch: StatementBatch,
): Promise<{ inserted: number }> {
  await ensureReleases(db, context, batch.releases);
  await ensureSongs(db, context, batch.songs);
  const lines = jsonRows(batch.lines);
  const [result] = rowsOf<{ inserted: number }>(
    await db.execute(sql`
      with inserted as (
        insert into statement_lines (
          organization_id, import_id, source, fingerprint, occurrence, sale_month, reported_month,
          store, store_name, country, song_id, release_id, title, item_type, quantity, earnings,
          currency, is_account_currency)
        select ${context.organizationId}, ${context.importId}, ${context.source},
          decode(line.fingerprint, 'hex'),
          line.occurrence, line.sale_month, line.reported_month, line.store, line.store_name,
          line.country, song.id, release.id, line.title, line.item_type, line.quantity,
          line.earnings, line.currency, line.is_account_currency
        from json_to_recordset(${lines}) as line(
          fingerprint text, occurrence integer, sale_month date, reported_month date, store text,
          store_name text, country text, isrc text, upc text, title text, item_type text,
          quantity numeric, earnings numeric, currency text, is_account_currency boolean)
        left join songs song
          on song.organization_id = ${context.organizationId} and song.isrc = line.isrc
        left join releases release
          on release.organization_id = ${context.organizationId} and release.upc = line.upc
        on conflict (organization_id, source, fingerprint, occurrence) do nothing
        returning 1
      )
      select count(*)::int as inserted from inserted`),
  );
  const inserted = result!.inserted;
  if (inserted < batch.count) {
    // Lines already counted (an earlier or a concurrent import brought them) are linked to this
    // import; a statement of its own sees the lines a concurrent import committed meanwhile.
    await db.execute(sql`
      insert into statement_line_imports (organization_id, import_id, line_id)
      select ${context.organizationId}, ${context.importId}, line.id
      from json_to_recordset(${lines}) as batch(fingerprint text, occurrence integer)
      join statement_lines line
        on line.organization_id = ${context.organizationId}
        and line.source = ${context.source}
        and line.fingerprint = decode(batch.fingerprint, 'hex')
        and line.occurrence = batch.occurrence
      where line.import_id <> ${context.importId}
      on conflict do nothing`);
  }
  return { inserted };
}
