import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { readBackupArchive, type BackupManifest } from './backup-archive';

function isNonEmptyDirectory(directory: string): boolean {
  return fs.existsSync(directory) && fs.readdirSync(directory).length > 0;
}

/**
 * Restores a backup into `dataDir` (`pglite/` and `secrets/`), with no server running on it (the
 * caller holds the data dir's lock). What was there is moved aside, never deleted:
 * `pglite.before-restore-<time>` and `secrets.before-restore-<time>`.
 */
export async function restoreBackup(
  archive: Buffer,
  dataDir: string,
  now: Date = new Date(),
): Promise<{ manifest: BackupManifest; movedAside: string[] }> {
  const { manifest, databaseDump, secrets } = readBackupArchive(archive);
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const stamp = now.toISOString().replace(/[:.]/g, '-');
  const movedAside: string[] = [];
  for (const name of ['pglite', 'secrets']) {
    const current = path.join(dataDir, name);
    if (!isNonEmptyDirectory(current)) {
      fs.rmSync(current, { recursive: true, force: true });
      continue;
    }
    const aside = path.join(dataDir, `${name}.before-restore-${stamp}`);
    fs.renameSync(current, aside);
    movedAside.push(aside);
  }
  const client = await PGlite.create(path.join(dataDir, 'pglite'), {
    loadDataDir: new Blob([new Uint8Array(databaseDump)]),
  });
  await client.close();
  const secretsDirectory = path.join(dataDir, 'secrets');
  fs.mkdirSync(secretsDirectory, { recursive: true, mode: 0o700 });
  for (const secret of secrets)
    fs.writeFileSync(path.join(secretsDirectory, secret.name), secret.data, { mode: 0o600 });
  return { manifest, movedAside };
}
