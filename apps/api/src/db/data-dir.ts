import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** Why the embedded database's directory cannot be used, in words an operator can act on. */
export class DataDirError extends Error {
  override name = 'DataDirError';
}

/** A new data dir needs its first WAL segment (16 MB) and catalogue; less than this cannot start. */
export const minimumFreeBytes = 64 * 1024 * 1024;

function describe(error: unknown): string {
  const code = (error as NodeJS.ErrnoException).code;
  const reasons: Record<string, string> = {
    EROFS: 'the file system is read-only',
    EACCES: 'permission denied',
    EPERM: 'operation not permitted',
    ENOSPC: 'no space left on the device',
    ENOTDIR: 'a part of the path is a file, not a directory',
    EDQUOT: 'the disk quota is exhausted',
  };
  return (code && reasons[code]) ?? (error instanceof Error ? error.message : String(error));
}

/**
 * Checks, before PGlite opens it, that the directory can be created, read and written and that
 * its disk has room: PGlite itself reports these only as "PGlite failed to initialize properly"
 * or, on a full disk, by hanging. Root passes permission bits, so writing is tried for real.
 */
export function assertDataDirUsable(dataDir: string, freeBytesNeeded = minimumFreeBytes): void {
  try {
    fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  } catch (error) {
    throw new DataDirError(`${dataDir} cannot be created: ${describe(error)}`);
  }
  try {
    if (!fs.statSync(dataDir).isDirectory())
      throw new DataDirError(`${dataDir} is not a directory`);
    fs.readdirSync(dataDir);
  } catch (error) {
    if (error instanceof DataDirError) throw error;
    throw new DataDirError(`${dataDir} cannot be read: ${describe(error)}`);
  }
  const probe = path.join(
    dataDir,
    `.write-probe-${process.pid}-${crypto.randomBytes(4).toString('hex')}`,
  );
  try {
    const handle = fs.openSync(probe, 'wx', 0o600);
    try {
      fs.writeSync(handle, Buffer.alloc(4096));
      fs.fsyncSync(handle);
    } finally {
      fs.closeSync(handle);
    }
  } catch (error) {
    throw new DataDirError(`${dataDir} is not writable: ${describe(error)}`);
  } finally {
    fs.rmSync(probe, { force: true });
  }
  for (const entry of fs.readdirSync(dataDir, { withFileTypes: true })) {
    if (!entry.isFile()) continue;
    try {
      fs.accessSync(path.join(dataDir, entry.name), fs.constants.R_OK | fs.constants.W_OK);
    } catch (error) {
      throw new DataDirError(
        `${path.join(dataDir, entry.name)} cannot be opened: ${describe(error)}`,
      );
    }
  }
  const stats = fs.statfsSync(dataDir);
  const freeBytes = stats.bavail * stats.bsize;
  if (freeBytes < freeBytesNeeded) {
    throw new DataDirError(
      `the disk holding ${dataDir} has ${Math.floor(freeBytes / 1024 / 1024)} MB free; the embedded database needs at least ${freeBytesNeeded / 1024 / 1024} MB`,
    );
  }
}
