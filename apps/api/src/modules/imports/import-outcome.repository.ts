import { and, eq, notExists, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { importFileChunks, imports } from '../../db/schema';
import { clearImportWrites, type WriteContext } from './import-writes.repository';
import { matchSpotifyRowsToSongs } from './spotify-writes.repository';

// How an import's job ends: done (figures, file deleted unless kept) or failed (its rows removed).

export type ImportOutcome = {
  rowsTotal: number;
  rowsImported: number;
  rowsRejected: number;
  rowsDuplicate: number;
  rejections: { line: number; reason: string }[];
  period: { from: string; to: string; granularity: 'day' | 'month' } | null;
  totals: { quantity: number; earnings: { currency: string; amount: number }[] };
};

/**
 * The import is done: its figures, and its file deleted (unless the artist asked to keep it), in
 * one transaction (a crash before it leaves the import processing, to be redone; after it,
 * nothing is left to redo).
 */
export async function finishImport(
  db: Database,
  context: WriteContext,
  outcome: ImportOutcome,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select({ contentSha256: imports.contentSha256 })
      .from(imports)
      .where(
        and(eq(imports.organizationId, context.organizationId), eq(imports.id, context.importId)),
      )
      .for('update');
    if (!current) return false;
    const [earlier] = await tx
      .select({ id: imports.id })
      .from(imports)
      .where(
        and(
          eq(imports.organizationId, context.organizationId),
          eq(imports.contentSha256, current.contentSha256),
          eq(imports.status, 'done'),
          sql`${imports.id} <> ${context.importId}`,
        ),
      )
      .orderBy(imports.createdAt)
      .limit(1);
    await tx
      .update(imports)
      .set({
        status: 'done',
        rowsTotal: outcome.rowsTotal,
        rowsImported: outcome.rowsImported,
        rowsRejected: outcome.rowsRejected,
        rowsDuplicate: outcome.rowsDuplicate,
        rejections: outcome.rejections,
        periodFrom: outcome.period?.from ?? null,
        periodTo: outcome.period?.to ?? null,
        granularity: outcome.period?.granularity ?? null,
        totals: outcome.totals,
        duplicateOf: earlier?.id ?? null,
        error: null,
        finishedAt: new Date(),
      })
      .where(
        and(eq(imports.organizationId, context.organizationId), eq(imports.id, context.importId)),
      );
    await deleteUnkeptImportFile(tx, context.organizationId, context.importId);
    await matchSpotifyRowsToSongs(tx, context.organizationId);
    return true;
  });
}

/**
 * The import failed: whatever it wrote is removed with its file (a file the artist asked to keep
 * stays, to be downloaded or deleted with the import), and the reason recorded.
 */
export async function failImport(
  db: Database,
  organizationId: string,
  importId: string,
  values: Pick<ImportOutcome, 'rowsTotal' | 'rowsRejected' | 'rejections'> & { error: string },
): Promise<void> {
  await db.transaction(async (tx) => {
    await clearImportWrites(tx, organizationId, importId);
    await tx
      .update(imports)
      .set({
        status: 'failed',
        rowsTotal: values.rowsTotal,
        rowsImported: 0,
        rowsDuplicate: 0,
        rowsRejected: values.rowsRejected,
        rejections: values.rejections,
        error: values.error,
        finishedAt: new Date(),
      })
      .where(and(eq(imports.organizationId, organizationId), eq(imports.id, importId)));
    await deleteUnkeptImportFile(tx, organizationId, importId);
  });
}

/** The file's chunks go once it is read, unless the artist asked to keep it. */
async function deleteUnkeptImportFile(db: Database, organizationId: string, importId: string) {
  await db.delete(importFileChunks).where(
    and(
      eq(importFileChunks.organizationId, organizationId),
      eq(importFileChunks.importId, importId),
      notExists(
        db
          .select({ id: imports.id })
          .from(imports)
          .where(
            and(
              eq(imports.organizationId, organizationId),
              eq(imports.id, importId),
              eq(imports.keepFile, true),
            ),
          ),
      ),
    ),
  );
}
