import crypto from 'node:crypto';
import {
  unsupportedImportMessage,
  type Import,
  type ImportListResponse,
  type ImportResponse,
} from '@crescendo/contracts';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { canManageImports } from '../../lib/permissions';
import type { CurrentUser } from '../users';
import { wakeWorkers } from '../../jobs/worker';
import { enqueueImportJob } from './import-job';
import { readImportChunk } from './import-writes.repository';
import {
  deleteAbandonedUploads,
  deleteImportRow,
  deleteImportWithLines,
  findEarlierImportOfContent,
  findImportRow,
  insertImportChunk,
  insertUploadingImport,
  listImportRows,
  markImportQueued,
  toImport,
} from './imports.repository';
import { detectImport } from './parsers';

/**
 * Stored chunks of the upload are at most this large (the job reads one at a time). Each chunk
 * passes through PGlite as one statement of base64 text, and the WebAssembly memory its copies
 * touch stays in the process's RSS: 256 KB chunks held the 200,000-line bench's peak ~20 MB
 * lower than 1 MB chunks (bench/imports.ts, decision 0034).
 */
export const importChunkBytes = 256 * 1024;
/** The first bytes read before the format is decided (the header row is within them). */
const sniffBytes = 64 * 1024;

/** An uploaded file as the route hands it over: its name and its bytes, streamed. */
export type UploadedFile = {
  fileName: string;
  content: AsyncIterable<Buffer>;
  /** True when the stream stopped at the size limit (the rest of the file was not read). */
  isTruncated(): boolean;
  /**
   * Whether the artist asked to keep the original file (off when absent). Asked once the file's
   * bytes are stored, before the import is queued: a form field may follow the file.
   */
  readKeepFile?: () => Promise<boolean>;
};

/** Who is importing: a signed-in member, or the demo seed acting as the demo artist. */
export type Importer = Pick<CurrentUser, 'id' | 'organization'>;

function assertCanManage(user: Importer): void {
  if (!canManageImports(user.organization)) {
    throw AppError.forbidden('Only the owner or a manager can import or delete files.');
  }
}

export function describeTooLarge(maxBytes: number): AppError {
  const mebibyte = 1024 * 1024;
  const limit =
    maxBytes >= mebibyte
      ? `${Math.floor(maxBytes / mebibyte)} MB`
      : `${Math.floor(maxBytes / 1024)} KB`;
  return new AppError(
    'PAYLOAD_TOO_LARGE',
    `The file is larger than ${limit}, the most Crescendo reads.`,
  );
}

/** Collects the first `sniffBytes` of the stream (or all of a smaller file). */
async function readHead(
  iterator: AsyncIterator<Buffer>,
): Promise<{ head: Buffer; isDone: boolean }> {
  const parts: Buffer[] = [];
  let length = 0;
  while (length < sniffBytes) {
    const next = await iterator.next();
    if (next.done) return { head: Buffer.concat(parts), isDone: true };
    parts.push(next.value);
    length += next.value.length;
  }
  return { head: Buffer.concat(parts), isDone: false };
}

/**
 * Stores an uploaded file for its job: refused at once when its first bytes are no known format
 * (nothing stored), streamed into ≤ 256 KB chunks while it is hashed, then queued. A failure
 * part-way (too large, the client gone, a bad field after the file) removes what was stored. The
 * chunks go when the job ends unless the artist asked to keep the file.
 */
export async function receiveImport(
  db: Database,
  user: Importer,
  file: UploadedFile,
  options: { maxBytes: number },
): Promise<ImportResponse> {
  assertCanManage(user);
  const organizationId = user.organization.id;
  const iterator = file.content[Symbol.asyncIterator]();
  const { head, isDone } = await readHead(iterator);
  const detected = head.length > 0 ? detectImport(head) : null;
  if (!detected) throw new AppError('UNSUPPORTED_MEDIA_TYPE', unsupportedImportMessage);

  await deleteAbandonedUploads(db, organizationId);
  const importId = await insertUploadingImport(db, {
    organizationId,
    uploadedBy: user.id,
    format: detected.format,
    source: detected.source,
    fileName: file.fileName,
  });
  try {
    const hash = crypto.createHash('sha256');
    // Incoming pieces are gathered until a whole chunk is there, then copied once.
    let pending: Buffer[] = [];
    let pendingBytes = 0;
    let sequence = 0;
    let size = 0;
    const writeChunk = async (bytes: Buffer) => {
      await insertImportChunk(db, { organizationId, importId, sequence, bytes });
      sequence += 1;
    };
    const take = async (bytes: Buffer) => {
      size += bytes.length;
      if (size > options.maxBytes) throw describeTooLarge(options.maxBytes);
      hash.update(bytes);
      pending.push(bytes);
      pendingBytes += bytes.length;
      if (pendingBytes < importChunkBytes) return;
      let whole = Buffer.concat(pending);
      while (whole.length >= importChunkBytes) {
        await writeChunk(whole.subarray(0, importChunkBytes));
        whole = whole.subarray(importChunkBytes);
      }
      pending = whole.length > 0 ? [whole] : [];
      pendingBytes = whole.length;
    };
    await take(head);
    if (!isDone) {
      for (let next = await iterator.next(); !next.done; next = await iterator.next()) {
        await take(next.value);
      }
    }
    if (file.isTruncated()) throw describeTooLarge(options.maxBytes);
    if (pendingBytes > 0) await writeChunk(Buffer.concat(pending));
    const contentSha256 = hash.digest('hex');
    const keepFile = (await file.readKeepFile?.()) ?? false;
    await db.transaction(async (tx) => {
      await markImportQueued(tx, organizationId, importId, {
        fileBytes: size,
        contentSha256,
        keepFile,
        duplicateOf: await findEarlierImportOfContent(tx, organizationId, contentSha256, importId),
      });
      // Queued with the import in one transaction: a queued import always has its job.
      await enqueueImportJob(tx, { importId, organizationId });
    });
    // The artist is watching its progress: this process's worker starts it now.
    wakeWorkers();
  } catch (error) {
    await deleteImportRow(db, organizationId, importId);
    throw error;
  }
  return { import: await requireImport(db, organizationId, importId) };
}

async function requireImport(db: Database, organizationId: string, id: string): Promise<Import> {
  const row = await findImportRow(db, organizationId, id);
  if (!row) throw AppError.notFound('This import does not exist.');
  return toImport(row);
}

export async function listImports(db: Database, user: CurrentUser): Promise<ImportListResponse> {
  const rows = await listImportRows(db, user.organization.id);
  return { imports: rows.map(toImport) };
}

export async function getImport(
  db: Database,
  user: CurrentUser,
  id: string,
): Promise<ImportResponse> {
  return { import: await requireImport(db, user.organization.id, id) };
}

/** Its lines go (those no other import also brought), and nothing else. */
export async function deleteImport(db: Database, user: CurrentUser, id: string): Promise<void> {
  assertCanManage(user);
  if (!(await deleteImportWithLines(db, user.organization.id, id))) {
    throw AppError.notFound('This import does not exist.');
  }
}

/** The kept original file, streamed back one stored chunk at a time (constant memory). */
export type KeptImportFile = {
  fileName: string;
  fileBytes: number;
  content: AsyncIterable<Buffer>;
};

/**
 * The original file of an import whose artist asked to keep it; 404 for an import without one
 * (not asked, so only its lines were kept). Readable by whoever may see imports.
 */
export async function openKeptImportFile(
  db: Database,
  user: CurrentUser,
  id: string,
): Promise<KeptImportFile> {
  const organizationId = user.organization.id;
  const row = await findImportRow(db, organizationId, id);
  if (!row) throw AppError.notFound('This import does not exist.');
  if (!row.keepFile) {
    throw AppError.notFound(
      'The original file of this import was not kept: only its lines were imported.',
    );
  }
  const fileBytes = row.fileBytes;
  async function* chunks() {
    let sent = 0;
    for (let sequence = 0; ; sequence += 1) {
      const chunk = await readImportChunk(db, organizationId, id, sequence);
      if (!chunk) break;
      sent += chunk.length;
      yield chunk;
    }
    // Deleted while it was being sent: the download breaks off rather than end as if whole.
    if (sent !== fileBytes) throw new Error('the kept import file ended early');
  }
  return { fileName: row.fileName, fileBytes, content: chunks() };
}
