import { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { enqueueJob, type Job } from '../../jobs/queue';
import type { JobHandler } from '../../jobs/worker';
import {
  clearImportWrites,
  loadWriteContext,
  markImportProcessing,
  readImportChunk,
  readImportForJob,
  recordImportProgress,
  writeStatementBatch,
  type WriteContext,
} from './import-writes.repository';
import { failImport, finishImport, type ImportOutcome } from './import-outcome.repository';
import {
  writeAudienceDays,
  writePlaylists,
  writeSongDays,
  writeSongStats,
} from './spotify-writes.repository';
import { openImport } from './parsers';
import type { ImportReader } from './parsers/types';
import { prepareInWorker, prepareRows, type PreparedFile } from './prepare-in-worker';
import { noFigures, type PreparedBatch } from './prepared-batches';

export const importQueue = 'imports.process';

export type ImportJobPayload = { importId: string; organizationId: string };

/** Queues the reading of an uploaded file; one job per import. */
export function enqueueImportJob(db: Database, payload: ImportJobPayload) {
  return enqueueJob(db, {
    queue: importQueue,
    payload,
    singletonKey: `import:${payload.importId}`,
    maxAttempts: 3,
  });
}

export type ImportJobOptions = {
  /** Lines written per transaction. */
  batchSize?: number;
  /**
   * Parse the next batch while the last one is written. Worth it on PostgreSQL, whose server
   * writes on another core; PGlite writes on this thread, so parsing ahead there gains no time
   * and holds a second batch (and its garbage) in memory. Off unless the caller says so.
   */
  isParsedAhead?: boolean;
  /** Called after each batch is committed (tests stop a job there to simulate a crash). */
  onBatchWritten?: (batchNumber: number) => void | Promise<void>;
  /**
   * Parse the file on a worker thread (decision 0038), one batch ahead of the writes: the server
   * does on PostgreSQL. Off unless the caller says so, and ignored when `open` is given.
   */
  isParsedInWorker?: boolean;
  /** Opens the file (the parsers'; tests may substitute one). */
  open?: (input: Readable, options: { fileName: string }) => Promise<ImportReader>;
  /** Told once an import is done or failed (alerts); its failure never fails the import. */
  onFinished?: (event: ImportFinishedEvent) => Promise<void>;
};

export type ImportFinishedEvent = {
  organizationId: string;
  importId: string;
  fileName: string;
  source: string;
  status: 'done' | 'failed';
  error: string | null;
  /** Last day of the period a done import covers (a statement's last month). */
  periodTo: string | null;
};

async function reportFinished(options: ImportJobOptions, event: ImportFinishedEvent) {
  try {
    await options.onFinished?.(event);
  } catch (error) {
    console.warn(
      'an import finished but could not be reported',
      error instanceof Error ? error.message : error,
    );
  }
}

const defaultBatchSize = 2000;

/** What the writes decide: lines new to the organisation, and lines it had already. */
type WriteTally = { rowsImported: number; rowsDuplicate: number };

/** The durable queue's handlers for imports, registered with the worker beside the syncs'. */
export function createImportHandlers(
  db: Database,
  options: ImportJobOptions = {},
): Record<string, JobHandler> {
  return {
    [importQueue]: (job, signal) => runImportJob(db, job, signal, options),
  };
}

function readPayload(job: Job): ImportJobPayload {
  const payload = job.payload as Partial<ImportJobPayload>;
  if (typeof payload.importId !== 'string' || typeof payload.organizationId !== 'string') {
    throw new Error('the import job has no import id');
  }
  return { importId: payload.importId, organizationId: payload.organizationId };
}

async function runImportJob(
  db: Database,
  job: Job,
  signal: AbortSignal,
  options: ImportJobOptions,
): Promise<void> {
  const payload = readPayload(job);
  try {
    await processImport(db, payload, signal, options);
  } catch (error) {
    // The queue retries a failure it may outgrow (the database away for a moment); after the
    // last attempt the import says it failed instead of staying "processing" for ever.
    if (!signal.aborted && job.attempts >= job.maxAttempts) {
      await failImport(db, payload.organizationId, payload.importId, {
        rowsTotal: 0,
        rowsRejected: 0,
        rejections: [],
        error:
          'The import could not be finished. Nothing from this file was kept; upload it again.',
      });
    }
    throw error;
  }
}

/** Wraps an error of the writing side, so it is not taken for a problem of the file. */
class WriteFailure extends Error {
  constructor(override readonly cause: unknown) {
    super('writing the import failed');
  }
}

/**
 * The uploaded file as a stream, one stored chunk at a time (constant memory for any size).
 * `readError` keeps a database error met while reading, which is no problem of the file however
 * the parser reports it.
 */
function streamImportFile(db: Database, payload: ImportJobPayload) {
  const source: { stream: Readable; readError: unknown } = {
    stream: Readable.from([]),
    readError: null,
  };
  async function* chunks() {
    for (let sequence = 0; ; sequence += 1) {
      let chunk: Buffer | null;
      try {
        chunk = await readImportChunk(db, payload.organizationId, payload.importId, sequence);
      } catch (error) {
        source.readError = error;
        throw error;
      }
      if (!chunk) return;
      yield chunk;
    }
  }
  source.stream = Readable.from(chunks(), { objectMode: false });
  return source;
}

function describeParseFailure(error: unknown, lineNumber: number): string {
  const reason = error instanceof Error && error.message ? error.message : 'it could not be read';
  const where = lineNumber > 0 ? ` after line ${lineNumber}` : '';
  return `The file could not be read${where}: ${reason.replace(/\.$/, '')}. Nothing from it was imported.`;
}

/** One transaction per batch; false when the import was deleted meanwhile. */
async function writeBatch(
  db: Database,
  context: WriteContext,
  tally: WriteTally,
  batch: PreparedBatch,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    // A crash losing the last commits costs nothing (a restarted job redoes the whole file),
    // so no batch waits for its WAL to reach the disk.
    await tx.execute(sql`set local synchronous_commit = off`);
    if (!(await recordImportProgress(tx, context, batch.rowsTotal))) return false;
    if (batch.statements) {
      const { inserted } = await writeStatementBatch(tx, context, batch.statements);
      tally.rowsImported += inserted;
      tally.rowsDuplicate += batch.statements.count - inserted;
    }
    await writeAudienceDays(tx, context, batch.audienceDays);
    await writeSongDays(tx, context, batch.songDays);
    await writeSongStats(tx, context, batch.songStats);
    await writePlaylists(tx, context, batch.playlists);
    tally.rowsImported +=
      batch.audienceDays.length +
      batch.songDays.length +
      batch.songStats.length +
      batch.playlists.length;
    return true;
  });
}

/**
 * Reads an uploaded file into the catalogue, the statement lines and the Spotify tables. Safe to
 * run again at any point: it first removes whatever an earlier, interrupted run wrote.
 */
export async function processImport(
  db: Database,
  payload: ImportJobPayload,
  signal: AbortSignal,
  options: ImportJobOptions = {},
): Promise<void> {
  const { organizationId, importId } = payload;
  const row = await readImportForJob(db, organizationId, importId);
  // Deleted, finished, or still uploading (no job is queued before the upload ends).
  if (!row || (row.status !== 'queued' && row.status !== 'processing')) return;
  await db.transaction(async (tx) => {
    await clearImportWrites(tx, organizationId, importId);
    await markImportProcessing(tx, organizationId, importId);
  });
  const context = await loadWriteContext(db, {
    organizationId,
    importId,
    source: row.source,
    asOf: row.createdAt.toISOString().slice(0, 10),
  });
  const finished = { organizationId, importId, fileName: row.fileName, source: row.source };
  const batchSize = options.batchSize ?? defaultBatchSize;
  const open = options.open ?? openImport;
  const tally: WriteTally = { rowsImported: 0, rowsDuplicate: 0 };
  let prepared: PreparedFile | null = null;
  let batchNumber = 0;
  // With `isParsedAhead`, one batch is written while the next is parsed (on PostgreSQL the two
  // run on two cores); otherwise each batch is written before another line is read.
  let inFlight: Promise<boolean> = Promise.resolve(true);

  // A failure while writing is the database's, not the file's: the queue retries the job.
  const flush = async (batch: PreparedBatch): Promise<boolean> => {
    if (!(await inFlight)) return false;
    signal.throwIfAborted();
    inFlight = writeBatch(db, context, tally, batch)
      .then(async (isWritten) => {
        if (!isWritten) return false;
        batchNumber += 1;
        await options.onBatchWritten?.(batchNumber);
        return true;
      })
      .catch((error: unknown) => {
        throw new WriteFailure(error);
      });
    // Awaited by the next flush; marked handled so a failure waits for it without a warning.
    inFlight.catch(() => {});
    return options.isParsedAhead ? true : inFlight;
  };

  const file = streamImportFile(db, payload);
  try {
    prepared =
      options.isParsedInWorker && !options.open
        ? prepareInWorker(file.stream, { fileName: row.fileName, batchSize })
        : prepareRows((await open(file.stream, { fileName: row.fileName })).rows, batchSize);
    for await (const batch of prepared.batches) {
      if (!(await flush(batch))) return;
    }
    if (!(await inFlight)) return;
  } catch (error) {
    // Nothing may still be writing when the import's rows are removed.
    await inFlight.catch(() => {});
    if (error instanceof WriteFailure) throw error.cause;
    if (file.readError) throw file.readError;
    if (signal.aborted) throw error;
    const figures = prepared?.figures() ?? noFigures();
    const reason = describeParseFailure(error, figures.lastLine);
    await failImport(db, organizationId, importId, {
      rowsTotal: figures.rowsTotal,
      rowsRejected: figures.rowsRejected,
      rejections: figures.rejections,
      error: reason,
    });
    await reportFinished(options, { ...finished, status: 'failed', error: reason, periodTo: null });
    return;
  }

  const { lastLine: _lastLine, ...figures } = prepared.figures();
  const outcome: ImportOutcome = { ...figures, ...tally };
  if (outcome.rowsTotal - outcome.rowsRejected === 0) {
    const [first] = outcome.rejections;
    const reason = first
      ? `None of the ${outcome.rowsRejected} lines could be read, so nothing was imported. The first problem is on line ${first.line}: ${first.reason}`
      : 'The file has a header but no lines to import.';
    await failImport(db, organizationId, importId, { ...outcome, error: reason });
    await reportFinished(options, { ...finished, status: 'failed', error: reason, periodTo: null });
    return;
  }
  if (await finishImport(db, context, outcome)) {
    await reportFinished(options, {
      ...finished,
      status: 'done',
      error: null,
      periodTo: outcome.period?.to ?? null,
    });
  }
}
