import type { Import, ImportFormat, ImportSource } from '@crescendo/contracts';
import { and, desc, eq, getTableColumns, lt, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { imports, users } from '../../db/schema';
import { restoreSpotifyDaysFromOtherImports } from './spotify-writes.repository';
import { rowsOf } from './sql-rows';

// The imports' own rows: the upload (row and file chunks), the history and its deletion.

/** An import still receiving its file: not listed, no job yet (see `uploadingStatus`). */
export const uploadingStatus = 'uploading';

export type ImportRow = typeof imports.$inferSelect;
type ImportRowWithUploader = ImportRow & {
  uploaderId: string | null;
  uploaderName: string | null;
  uploaderEmail: string | null;
};

export async function insertUploadingImport(
  db: Database,
  values: {
    organizationId: string;
    uploadedBy: string;
    format: ImportFormat;
    source: ImportSource;
    fileName: string;
  },
): Promise<string> {
  const [row] = await db
    .insert(imports)
    .values({
      ...values,
      fileBytes: 0,
      contentSha256: '',
      // Not a contract status: the row exists only so its file chunks can reference it.
      status: uploadingStatus as ImportRow['status'],
    })
    .returning({ id: imports.id });
  return row!.id;
}

/**
 * One chunk of an upload, its bytes bound as they are (binary on PGlite, see `openDatabase`; hex
 * on node-postgres).
 */
export async function insertImportChunk(
  db: Database,
  values: { organizationId: string; importId: string; sequence: number; bytes: Buffer },
): Promise<void> {
  await db.execute(sql`
    insert into import_file_chunks (organization_id, import_id, sequence, bytes)
    values (${values.organizationId}, ${values.importId}, ${values.sequence},
      ${values.bytes}::bytea)`);
}

/** The earliest finished import of the same content in the organisation, other than this one. */
export async function findEarlierImportOfContent(
  db: Database,
  organizationId: string,
  contentSha256: string,
  exceptId: string,
): Promise<string | null> {
  const [row] = await db
    .select({ id: imports.id })
    .from(imports)
    .where(
      and(
        eq(imports.organizationId, organizationId),
        eq(imports.contentSha256, contentSha256),
        eq(imports.status, 'done'),
        ne(imports.id, exceptId),
      ),
    )
    .orderBy(imports.createdAt)
    .limit(1);
  return row?.id ?? null;
}

/** The upload is complete: the import is queued for its job. */
export async function markImportQueued(
  db: Database,
  organizationId: string,
  id: string,
  values: {
    fileBytes: number;
    contentSha256: string;
    duplicateOf: string | null;
    keepFile: boolean;
  },
): Promise<void> {
  await db
    .update(imports)
    .set({ ...values, status: 'queued' })
    .where(and(eq(imports.organizationId, organizationId), eq(imports.id, id)));
}

/** Removes an import and everything that references it (chunks, line links, Spotify rows). */
export async function deleteImportRow(
  db: Database,
  organizationId: string,
  id: string,
): Promise<void> {
  await db
    .delete(imports)
    .where(and(eq(imports.organizationId, organizationId), eq(imports.id, id)));
}

/**
 * Uploads that never finished (the client went away, or the process stopped mid-upload) hold
 * file chunks nobody will read: they are removed once they are an hour old.
 */
export async function deleteAbandonedUploads(db: Database, organizationId: string): Promise<void> {
  await db
    .delete(imports)
    .where(
      and(
        eq(imports.organizationId, organizationId),
        eq(imports.status, uploadingStatus as ImportRow['status']),
        lt(imports.createdAt, sql`now() - interval '1 hour'`),
      ),
    );
}

/** Whether the organisation has imported anything (the demo seed imports once). */
export async function hasAnyImport(db: Database, organizationId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: imports.id })
    .from(imports)
    .where(eq(imports.organizationId, organizationId))
    .limit(1);
  return Boolean(row);
}

const uploaderColumns = {
  uploaderId: users.id,
  uploaderName: users.name,
  uploaderEmail: users.email,
};

export async function listImportRows(
  db: Database,
  organizationId: string,
): Promise<ImportRowWithUploader[]> {
  return db
    .select({ ...importColumns(), ...uploaderColumns })
    .from(imports)
    .leftJoin(users, eq(users.id, imports.uploadedBy))
    .where(
      and(
        eq(imports.organizationId, organizationId),
        ne(imports.status, uploadingStatus as ImportRow['status']),
      ),
    )
    .orderBy(desc(imports.createdAt), desc(imports.id));
}

export async function findImportRow(
  db: Database,
  organizationId: string,
  id: string,
): Promise<ImportRowWithUploader | null> {
  const [row] = await db
    .select({ ...importColumns(), ...uploaderColumns })
    .from(imports)
    .leftJoin(users, eq(users.id, imports.uploadedBy))
    .where(
      and(
        eq(imports.organizationId, organizationId),
        eq(imports.id, id),
        ne(imports.status, uploadingStatus as ImportRow['status']),
      ),
    );
  return row ?? null;
}

function importColumns() {
  return getTableColumns(imports);
}

/**
 * Deletes an import: its links to statement lines, the lines no other import holds, its Spotify
 * rows (by cascade) and the row itself, in one transaction. Lines another import also brought
 * stay, and audience days an older import also covers take that import's values. False when the organisation has no such import.
 */
export async function deleteImportWithLines(
  db: Database,
  organizationId: string,
  id: string,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    // Locks the row: a running job's batch (which updates it) waits, then finds it gone.
    const locked = rowsOf<{ id: string }>(
      await tx.execute(sql`
        select id from imports
        where organization_id = ${organizationId} and id = ${id} and status <> ${uploadingStatus}
        for update`),
    );
    if (locked.length === 0) return false;
    await deleteLinesOfImport(tx, organizationId, id);
    await restoreSpotifyDaysFromOtherImports(tx, organizationId, id);
    await tx
      .delete(imports)
      .where(and(eq(imports.organizationId, organizationId), eq(imports.id, id)));
    return true;
  });
}

/**
 * Removes an import's statement lines: a line another import also brought is handed to the
 * earliest of those (it stays, counted once), the rest go. What a deletion does, and what a
 * restarted job does before it reads the file again.
 */
export async function deleteLinesOfImport(
  db: Database,
  organizationId: string,
  importId: string,
): Promise<void> {
  await db.execute(sql`
    with heirs as (
      select distinct on (link.line_id) link.line_id, link.import_id
      from statement_line_imports link
      join statement_lines line
        on line.organization_id = ${organizationId} and line.id = link.line_id
      join imports heir on heir.organization_id = ${organizationId} and heir.id = link.import_id
      where link.organization_id = ${organizationId}
        and line.import_id = ${importId}
        and link.import_id <> ${importId}
      order by link.line_id, heir.created_at, heir.id
    ),
    handed as (
      update statement_lines line set import_id = heirs.import_id
      from heirs
      where line.organization_id = ${organizationId} and line.id = heirs.line_id
      returning line.id, line.import_id
    )
    delete from statement_line_imports link
    using handed
    where link.organization_id = ${organizationId}
      and link.line_id = handed.id
      and link.import_id = handed.import_id`);
  await db.execute(sql`
    delete from statement_line_imports
    where organization_id = ${organizationId} and import_id = ${importId}`);
  await db.execute(sql`
    delete from statement_lines
    where organization_id = ${organizationId} and import_id = ${importId}`);
}

export function toImport(row: ImportRowWithUploader): Import {
  return {
    id: row.id,
    status: row.status,
    format: row.format,
    source: row.source,
    fileName: row.fileName,
    fileBytes: row.fileBytes,
    isFileKept: row.keepFile,
    period:
      row.periodFrom && row.periodTo && row.granularity
        ? { from: row.periodFrom, to: row.periodTo, granularity: row.granularity }
        : null,
    rowsTotal: row.rowsTotal,
    rowsImported: row.rowsImported,
    rowsRejected: row.rowsRejected,
    rowsDuplicate: row.rowsDuplicate,
    duplicateOf: row.duplicateOf,
    error: row.error,
    rejections: row.rejections,
    totals: row.totals,
    uploadedBy:
      row.uploaderId && row.uploaderName !== null && row.uploaderEmail !== null
        ? { id: row.uploaderId, name: row.uploaderName, email: row.uploaderEmail }
        : null,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}
