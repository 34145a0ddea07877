import fs from 'node:fs';
import path from 'node:path';

export const lockFileName = 'crescendo.pid';

/** The process holding the data dir, or null when none does (no lock file, or a dead pid). */
export function readDataDirHolder(dataDir: string): number | null {
  let pid: number;
  try {
    pid = Number(fs.readFileSync(path.join(dataDir, lockFileName), 'utf8').trim());
  } catch {
    return null;
  }
  if (!Number.isInteger(pid) || pid <= 0) return null;
  try {
    process.kill(pid, 0);
    return pid;
  } catch (error) {
    // EPERM: alive but another user's.
    return (error as NodeJS.ErrnoException).code === 'EPERM' ? pid : null;
  }
}

/**
 * Claims the embedded database's directory for this process: PGlite has no lock of its own, and
 * two processes (two servers, or a restore under a running server) would corrupt it. A lock left
 * by a dead process is taken over. Released when the process exits.
 */
export function acquireDataDirLock(dataDir: string): void {
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const file = path.join(dataDir, lockFileName);
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      fs.writeFileSync(file, String(process.pid), { flag: 'wx', mode: 0o600 });
      process.once('exit', () => {
        if (readDataDirHolder(dataDir) === process.pid) fs.rmSync(file, { force: true });
      });
      return;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = readDataDirHolder(dataDir);
      if (holder !== null && holder !== process.pid) {
        throw new Error(`${dataDir} is in use by process ${holder} (another Crescendo server?)`);
      }
      fs.rmSync(file, { force: true });
    }
  }
  throw new Error(`${dataDir}: could not take the lock file ${lockFileName}`);
}
