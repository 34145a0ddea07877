import { unsupportedImportMessage, type Import } from '@crescendo/contracts';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importFileChunks, imports, statementLineImports, statementLines } from '../../db/schema';
import { bearer, buildTestApp, createUser, type TestApp } from '../../testing/build-test-app';
import {
  distroKidFile,
  drainImportJobs,
  generateDistroKidLines,
  importFile,
  uploadImport,
} from '../../testing/imports';
import { databaseTargets } from '../../testing/test-database';
import { processImport, type ImportJobOptions } from './import-job';
import { importChunkBytes } from './imports.service';
import { openImport } from './parsers';

/**
 * Crash safety: a job stopped part-way (its process killed, its signal aborted) leaves the import
 * "processing" with some batches written; the next run removes them and redoes the file, ending
 * with exactly the rows of an import that was never interrupted.
 */
describe.each(databaseTargets)('import job restarts (%s)', (target) => {
  let testApp: TestApp;
  const file = distroKidFile(generateDistroKidLines(23, { seed: 3 }));

  beforeAll(async () => {
    testApp = await buildTestApp(target);
  });
  afterAll(async () => {
    await testApp?.close();
  });

  /** The organisation's lines and links, without ids (which differ between organisations). */
  async function snapshotLines(organizationId: string, importId: string) {
    const db = testApp.database.db;
    const lines = await db
      .select({
        fingerprint: statementLines.fingerprint,
        occurrence: statementLines.occurrence,
        saleMonth: statementLines.saleMonth,
        store: statementLines.store,
        country: statementLines.country,
        quantity: statementLines.quantity,
        earnings: statementLines.earnings,
        currency: statementLines.currency,
        title: statementLines.title,
      })
      .from(statementLines)
      .where(eq(statementLines.organizationId, organizationId))
      .orderBy(asc(statementLines.fingerprint), asc(statementLines.occurrence));
    // The lines the import holds, and those it shares with an import that holds them.
    const held = await db
      .select({ id: statementLines.id })
      .from(statementLines)
      .where(eq(statementLines.importId, importId));
    const links = await db
      .select({ lineId: statementLineImports.lineId })
      .from(statementLineImports)
      .where(eq(statementLineImports.importId, importId));
    return { lines, linkCount: held.length + links.length };
  }

  async function readImport(token: string, id: string): Promise<Import> {
    const response = await testApp.app.inject({
      method: 'GET',
      url: `/api/v1/imports/${id}`,
      headers: bearer(token),
    });
    return response.json<{ import: Import }>().import;
  }

  function comparable(entry: Import) {
    const { id, createdAt, finishedAt, uploadedBy, ...figures } = entry;
    void id;
    void createdAt;
    void finishedAt;
    void uploadedBy;
    return figures;
  }

  let reference: { entry: Import; rows: Awaited<ReturnType<typeof snapshotLines>> };

  beforeAll(async () => {
    const artist = await createUser(testApp);
    const entry = await importFile(testApp, artist.token, 'statement.tsv', file);
    expect(entry.status).toBe('done');
    reference = { entry, rows: await snapshotLines(artist.me.organization.id, entry.id) };
    expect(reference.rows.lines).toHaveLength(23);
  });

  it('stores a file of several chunks and reads lines that straddle them', async () => {
    const artist = await createUser(testApp);
    // Long titles: ~1.3 MB in 2,600 lines, so chunk boundaries fall inside lines.
    const lines = generateDistroKidLines(2600, { seed: 5 }).map((line, index) => ({
      ...line,
      title: `${line.title} ${'(live) '.repeat(60)}${index % 3}`,
    }));
    const large = distroKidFile(lines);
    const chunkCount = Math.ceil(Buffer.byteLength(large) / importChunkBytes);
    expect(chunkCount).toBeGreaterThan(2);
    const upload = await uploadImport(testApp, artist.token, 'large.tsv', large);
    const { id } = upload.json<{ import: Import }>().import;
    const chunks = await testApp.database.db
      .select({ sequence: importFileChunks.sequence })
      .from(importFileChunks)
      .where(eq(importFileChunks.importId, id));
    expect(chunks.map((chunk) => chunk.sequence).sort((a, b) => a - b)).toEqual(
      Array.from({ length: chunkCount }, (_, index) => index),
    );
    await drainImportJobs(testApp);
    const entry = await readImport(artist.token, id);
    expect(entry).toMatchObject({
      status: 'done',
      rowsTotal: 2600,
      rowsImported: 2600,
      rowsRejected: 0,
    });
  });

  it('redoes an import whose worker died after two batches, ending with the same rows', async () => {
    const artist = await createUser(testApp);
    const upload = await uploadImport(testApp, artist.token, 'statement.tsv', file);
    const { id } = upload.json<{ import: Import }>().import;
    let isCrashed = false;
    let observed: Import | null = null;
    await drainImportJobs(testApp, {
      batchSize: 5,
      retryDelayMs: 0,
      onBatchWritten: async (batch) => {
        if (batch === 2 && !isCrashed) {
          isCrashed = true;
          observed = await readImport(artist.token, id);
          // What a killed process leaves: committed batches, no final flip.
          throw new Error('simulated crash');
        }
      },
    });
    expect(isCrashed).toBe(true);
    // While it ran, its progress showed.
    expect(observed).toMatchObject({ status: 'processing', rowsTotal: 10 });
    const entry = await readImport(artist.token, id);
    expect(comparable(entry)).toEqual(comparable(reference.entry));
    expect(await snapshotLines(artist.me.organization.id, id)).toEqual(reference.rows);
  });

  it('redoes an import whose job was aborted mid-way (a shutdown), ending with the same rows', async () => {
    const artist = await createUser(testApp);
    const upload = await uploadImport(testApp, artist.token, 'statement.tsv', file);
    const { id } = upload.json<{ import: Import }>().import;
    const payload = { importId: id, organizationId: artist.me.organization.id };
    const controller = new AbortController();
    await expect(
      processImport(testApp.database.db, payload, controller.signal, {
        batchSize: 4,
        onBatchWritten: (batch) => {
          if (batch === 3) controller.abort(new Error('the worker is stopping'));
        },
      }),
    ).rejects.toThrow('the worker is stopping');
    const [stopped] = await testApp.database.db
      .select({ status: imports.status })
      .from(imports)
      .where(eq(imports.id, id));
    expect(stopped!.status).toBe('processing');
    expect((await snapshotLines(artist.me.organization.id, id)).lines).toHaveLength(12);

    await processImport(testApp.database.db, payload, new AbortController().signal, {
      batchSize: 4,
    });
    const entry = await readImport(artist.token, id);
    expect(comparable(entry)).toEqual(comparable(reference.entry));
    expect(await snapshotLines(artist.me.organization.id, id)).toEqual(reference.rows);
  });

  it('parses on a worker thread as the server does: stopped mid-way and redone, the same rows', async () => {
    const artist = await createUser(testApp);
    const upload = await uploadImport(testApp, artist.token, 'statement.tsv', file);
    const { id } = upload.json<{ import: Import }>().import;
    const payload = { importId: id, organizationId: artist.me.organization.id };
    const controller = new AbortController();
    const options: ImportJobOptions = {
      batchSize: 4,
      isParsedInWorker: true,
      isParsedAhead: target === 'postgres',
    };
    await expect(
      processImport(testApp.database.db, payload, controller.signal, {
        ...options,
        onBatchWritten: (batch) => {
          if (batch === 3) controller.abort(new Error('the worker is stopping'));
        },
      }),
    ).rejects.toThrow('the worker is stopping');
    expect((await snapshotLines(artist.me.organization.id, id)).lines).toHaveLength(12);

    await processImport(testApp.database.db, payload, new AbortController().signal, options);
    const entry = await readImport(artist.token, id);
    expect(comparable(entry)).toEqual(comparable(reference.entry));
    expect(await snapshotLines(artist.me.organization.id, id)).toEqual(reference.rows);
  });

  it('fails an unknown file read on a worker thread with the message the parsers give', async () => {
    const artist = await createUser(testApp);
    const upload = await uploadImport(testApp, artist.token, 'statement.tsv', file);
    const { id } = upload.json<{ import: Import }>().import;
    // The upload checked the head; what is stored after it is no statement.
    await testApp.database.db
      .update(importFileChunks)
      .set({ bytes: Buffer.from('name,colour\nplum,purple\n') })
      .where(eq(importFileChunks.importId, id));
    await processImport(
      testApp.database.db,
      { importId: id, organizationId: artist.me.organization.id },
      new AbortController().signal,
      { isParsedInWorker: true },
    );
    const entry = await readImport(artist.token, id);
    expect(entry.status).toBe('failed');
    expect(entry.error).toBe(
      `The file could not be read: ${unsupportedImportMessage.replace(/\.$/, '')}. Nothing from it was imported.`,
    );
    expect(await snapshotLines(artist.me.organization.id, id)).toEqual({ lines: [], linkCount: 0 });
  });

  it('removes a half-written duplicate without touching the lines of the import it repeats', async () => {
    const artist = await createUser(testApp);
    const first = await importFile(testApp, artist.token, 'statement.tsv', file);
    const upload = await uploadImport(testApp, artist.token, 'again.tsv', file);
    const { id } = upload.json<{ import: Import }>().import;
    let isCrashed = false;
    await drainImportJobs(testApp, {
      batchSize: 6,
      retryDelayMs: 0,
      onBatchWritten: (batch) => {
        if (batch === 1 && !isCrashed) {
          isCrashed = true;
          throw new Error('simulated crash');
        }
      },
    });
    const again = await readImport(artist.token, id);
    expect(again).toMatchObject({ status: 'done', duplicateOf: first.id, rowsDuplicate: 23 });
    expect((await snapshotLines(artist.me.organization.id, first.id)).lines).toEqual(
      reference.rows.lines,
    );
    expect((await snapshotLines(artist.me.organization.id, first.id)).linkCount).toBe(23);
    expect((await snapshotLines(artist.me.organization.id, id)).linkCount).toBe(23);
  });

  it('reads no line past a batch until that batch is written, unless told to parse ahead', async () => {
    const artist = await createUser(testApp);
    const payload = { organizationId: artist.me.organization.id, importId: '' };
    /** Lines the job had pulled from the file when each batch was committed. */
    async function readAtEachBatch(options: ImportJobOptions) {
      const upload = await uploadImport(testApp, artist.token, 'statement.tsv', file);
      payload.importId = upload.json<{ import: Import }>().import.id;
      let read = 0;
      const readAt: number[] = [];
      await processImport(testApp.database.db, payload, new AbortController().signal, {
        ...options,
        batchSize: 5,
        open: async (input, openOptions) => {
          const reader = await openImport(input, openOptions);
          async function* counted() {
            for await (const row of reader.rows) {
              read += 1;
              yield row;
            }
          }
          return { ...reader, rows: counted() };
        },
        onBatchWritten: () => {
          readAt.push(read);
        },
      });
      expect(await readImport(artist.token, payload.importId)).toMatchObject({
        status: 'done',
        rowsTotal: 23,
      });
      return readAt;
    }
    // PGlite's setting (the server's): one batch held at a time, 23 lines in five batches.
    expect(await readAtEachBatch({})).toEqual([5, 10, 15, 20, 23]);
    // PostgreSQL's: the next batch is read while one is written, never more than one ahead.
    const ahead = await readAtEachBatch({ isParsedAhead: true });
    expect(ahead).toHaveLength(5);
    ahead.forEach((read, index) => expect(read).toBeLessThanOrEqual(Math.min(23, 10 + index * 5)));
  });
});
