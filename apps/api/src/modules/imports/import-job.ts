import { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { enqueueJob, type Job } from '../../jobs/queue';
import type { JobHandler } from '../../jobs/worker';
import { CurrencyTotals } from './decimal-sum';
import {
  clearImportWrites,
  loadWriteContext,
  markImportProcessing,
  readImportChunk,
  readImportForJob,
  recordImportProgress,
  writeStatementBatch,
  type StatementEntry,
  type WriteContext,
} from './import-writes.repository';
import { failImport, finishImport, type ImportOutcome } from './import-outcome.repository';
import {
  writeAudienceDays,
  writePlaylists,
  writeSongDays,
  writeSongStats,
} from './spotify-writes.repository';
import { openImport, parseInWorker } from './parsers';
import type {
  ImportReader,
  ImportRecord,
  ParsedRow,
  SpotifyAudienceDayRecord,
  SpotifyPlaylistRecord,
  SpotifySongDayRecord,
  SpotifySongRecord,
} from './parsers/types';

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
const maxRejectionsKept = 100;

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

/** Month bounds: `2024-03` → 2024-03-01 and 2024-03-31. */
function monthBounds(first: string, last: string) {
  const [year, month] = last.split('-').map(Number) as [number, number];
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return { from: `${first}-01`, to: `${last}-${String(lastDay).padStart(2, '0')}` };
}

/** Running figures of one pass over the file. */
class ImportTally {
  rowsTotal = 0;
  rowsImported = 0;
  rowsRejected = 0;
  rowsDuplicate = 0;
  quantity = 0;
  readonly earnings = new CurrencyTotals();
  readonly rejections: { line: number; reason: string }[] = [];
  lastLine = 0;
  private first: string | null = null;
  private last: string | null = null;
  private granularity: 'day' | 'month' | null = null;

  reject(row: Extract<ParsedRow, { ok: false }>): void {
    this.rowsRejected += 1;
    if (this.rejections.length < maxRejectionsKept) {
      this.rejections.push({ line: row.lineNumber, reason: row.reason });
    }
  }

  count(record: ImportRecord): void {
    let mark: string | null = null;
    switch (record.kind) {
      case 'statement':
        this.quantity += record.quantity;
        this.earnings.add(record.currency, record.earnings);
        mark = record.saleMonth;
        this.granularity = 'month';
        break;
      case 'spotify_audience_day':
        this.quantity += record.streams ?? 0;
        mark = record.day;
        this.granularity = 'day';
        break;
      case 'spotify_song_day':
        this.quantity += record.streams;
        mark = record.day;
        this.granularity = 'day';
        break;
      case 'spotify_song':
      case 'spotify_playlist':
        this.quantity += record.streams ?? 0;
        break;
    }
    if (mark) {
      if (!this.first || mark < this.first) this.first = mark;
      if (!this.last || mark > this.last) this.last = mark;
    }
  }

  toOutcome(): ImportOutcome {
    let period: ImportOutcome['period'] = null;
    if (this.first && this.last && this.granularity === 'month') {
      period = { ...monthBounds(this.first, this.last), granularity: 'month' };
    } else if (this.first && this.last && this.granularity === 'day') {
      period = { from: this.first, to: this.last, granularity: 'day' };
    }
    return {
      rowsTotal: this.rowsTotal,
      rowsImported: this.rowsImported,
      rowsRejected: this.rowsRejected,
      rowsDuplicate: this.rowsDuplicate,
      rejections: this.rejections,
      period,
      // Units are whole or quarter numbers in files; four decimals is the column's scale.
      totals: {
        quantity: Math.round(this.quantity * 10_000) / 10_000,
        earnings: this.earnings.toList(),
      },
    };
  }
}

/**
 * The key under which a file's identical lines are counted: the first 128 bits of the line's
 * SHA-256 fingerprint as a 16-character string. The map holds one key per distinct line of the
 * file (200,000 for the largest statements), and a 64-character hex key costs twice the memory;
 * 128 bits keep two different lines apart as surely as the full hash does in practice.
 */
function occurrenceKey(fingerprint: string): string {
  return Buffer.from(fingerprint.slice(0, 32), 'hex').toString('latin1');
}

/** A batch as written: its records sorted by table, statement lines with their occurrence. */
type PreparedBatch = {
  /** Data lines read when the batch was handed over (the progress shown). */
  rowsTotal: number;
  statements: StatementEntry[];
  audienceDays: SpotifyAudienceDayRecord[];
  songDays: SpotifySongDayRecord[];
  songStats: SpotifySongRecord[];
  playlists: SpotifyPlaylistRecord[];
};

function prepareBatch(
  records: { record: ImportRecord; fingerprint: string }[],
  occurrences: Map<string, number>,
  rowsTotal: number,
): PreparedBatch {
  const batch: PreparedBatch = {
    rowsTotal,
    statements: [],
    audienceDays: [],
    songDays: [],
    songStats: [],
    playlists: [],
  };
  for (const { record, fingerprint } of records) {
    if (record.kind === 'statement') {
      // The n-th identical line of a file is a line of its own (two identical sales in a month).
      const key = occurrenceKey(fingerprint);
      const occurrence = (occurrences.get(key) ?? 0) + 1;
      occurrences.set(key, occurrence);
      batch.statements.push({ record, fingerprint, occurrence });
    } else if (record.kind === 'spotify_audience_day') batch.audienceDays.push(record);
    else if (record.kind === 'spotify_song_day') batch.songDays.push(record);
    else if (record.kind === 'spotify_song') batch.songStats.push(record);
    else batch.playlists.push(record);
  }
  return batch;
}

/** One transaction per batch; false when the import was deleted meanwhile. */
async function writeBatch(
  db: Database,
  context: WriteContext,
  tally: ImportTally,
  batch: PreparedBatch,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    // A crash losing the last commits costs nothing (a restarted job redoes the whole file),
    // so no batch waits for its WAL to reach the disk.
    await tx.execute(sql`set local synchronous_commit = off`);
    if (!(await recordImportProgress(tx, context, batch.rowsTotal))) return false;
    if (batch.statements.length > 0) {
      const { inserted } = await writeStatementBatch(tx, context, batch.statements);
      tally.rowsImported += inserted;
      tally.rowsDuplicate += batch.statements.length - inserted;
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
  const tally = new ImportTally();
  const occurrences = new Map<string, number>();
  let pending: { record: ImportRecord; fingerprint: string }[] = [];
  let batchNumber = 0;
  // With `isParsedAhead`, one batch is written while the next is parsed (on PostgreSQL the two
  // run on two cores); otherwise each batch is written before another line is read.
  let inFlight: Promise<boolean> = Promise.resolve(true);

  // A failure while writing is the database's, not the file's: the queue retries the job.
  const flush = async (): Promise<boolean> => {
    if (!(await inFlight)) return false;
    signal.throwIfAborted();
    const batch = prepareBatch(pending, occurrences, tally.rowsTotal);
    pending = [];
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
    const rows =
      options.isParsedInWorker && !options.open
        ? parseInWorker(file.stream, { fileName: row.fileName, batchSize })
        : (await open(file.stream, { fileName: row.fileName })).rows;
    for await (const parsed of rows) {
      tally.rowsTotal += 1;
      tally.lastLine = parsed.lineNumber;
      if (!parsed.ok) {
        tally.reject(parsed);
        continue;
      }
      tally.count(parsed.record);
      pending.push({ record: parsed.record, fingerprint: parsed.fingerprint });
      if (pending.length >= batchSize && !(await flush())) return;
    }
    if (pending.length > 0 && !(await flush())) return;
    if (!(await inFlight)) return;
  } catch (error) {
    // Nothing may still be writing when the import's rows are removed.
    await inFlight.catch(() => {});
    if (error instanceof WriteFailure) throw error.cause;
    if (file.readError) throw file.readError;
    if (signal.aborted) throw error;
    const reason = describeParseFailure(error, tally.lastLine);
    await failImport(db, organizationId, importId, {
      rowsTotal: tally.rowsTotal,
      rowsRejected: tally.rowsRejected,
      rejections: tally.rejections,
      error: reason,
    });
    await reportFinished(options, { ...finished, status: 'failed', error: reason, periodTo: null });
    return;
  }

  const outcome = tally.toOutcome();
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
