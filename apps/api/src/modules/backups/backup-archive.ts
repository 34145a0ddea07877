import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { readTar, writeTar } from './tar';

export const manifestName = 'crescendo-backup.json';
export const databaseEntryName = 'database/pglite-data-dir.tar';
/** Entries under this folder are secrets: whoever holds them can read every stored token. */
export const secretsFolder = 'SECRETS-keep-private/';

export type BackupManifest = {
  format: 'crescendo-backup';
  version: 1;
  createdAt: string;
  database: 'pglite';
  /** Migrations the database had applied when it was copied. */
  migrationsApplied: number;
  /** Entry names under `SECRETS-keep-private/`, restored to the data dir's `secrets/`. */
  secrets: string[];
  note: string;
};

export class BackupArchiveError extends Error {
  override name = 'BackupArchiveError';
}

/** The generated secrets of a data dir (auth secret, token key, payments sandbox keys…). */
export function readDataDirSecrets(dataDir: string): { name: string; data: Buffer }[] {
  const directory = path.join(dataDir, 'secrets');
  if (!fs.existsSync(directory)) return [];
  return fs
    .readdirSync(directory, { withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => ({ name: entry.name, data: fs.readFileSync(path.join(directory, entry.name)) }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

/**
 * One gzipped tar: a manifest, PGlite's own dump of its data dir, and the data dir's generated
 * secrets in a folder whose name says what they are. Without `auth-secret` and `token-key-v1`
 * a restored database's sign-in keys and OAuth tokens cannot be read.
 */
export function createBackupArchive(input: {
  databaseDump: Buffer;
  secrets: { name: string; data: Buffer }[];
  migrationsApplied: number;
  now?: Date;
}): Buffer {
  const now = input.now ?? new Date();
  const manifest: BackupManifest = {
    format: 'crescendo-backup',
    version: 1,
    createdAt: now.toISOString(),
    database: 'pglite',
    migrationsApplied: input.migrationsApplied,
    secrets: input.secrets.map((secret) => secret.name),
    note: `${secretsFolder} holds the data dir's generated secrets (the embedded sign-in secret, the OAuth token key, the payments sandbox keys): without them the restored tokens cannot be read, and with them anyone can. Keep this file as private as the data dir.`,
  };
  return zlib.gzipSync(
    writeTar([
      {
        name: manifestName,
        data: Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`),
        mtime: now,
      },
      { name: databaseEntryName, data: input.databaseDump, mode: 0o600, mtime: now },
      ...input.secrets.map((secret) => ({
        name: `${secretsFolder}${secret.name}`,
        data: secret.data,
        mode: 0o600,
        mtime: now,
      })),
    ]),
  );
}

export function readBackupArchive(archive: Buffer): {
  manifest: BackupManifest;
  databaseDump: Buffer;
  secrets: { name: string; data: Buffer }[];
} {
  let entries;
  try {
    entries = readTar(zlib.gunzipSync(archive));
  } catch (error) {
    throw new BackupArchiveError(
      `not a Crescendo backup (${error instanceof Error ? error.message : String(error)})`,
    );
  }
  const manifestEntry = entries.find((entry) => entry.name === manifestName);
  const databaseEntry = entries.find((entry) => entry.name === databaseEntryName);
  if (!manifestEntry || !databaseEntry)
    throw new BackupArchiveError(`not a Crescendo backup (no ${manifestName} or database dump)`);
  const manifest = JSON.parse(manifestEntry.data.toString('utf8')) as BackupManifest;
  if (manifest.format !== 'crescendo-backup' || manifest.version !== 1)
    throw new BackupArchiveError(
      `unsupported backup format ${manifest.format} ${manifest.version}`,
    );
  const secrets = entries
    .filter((entry) => entry.name.startsWith(secretsFolder))
    .map((entry) => ({ name: entry.name.slice(secretsFolder.length), data: entry.data }));
  for (const secret of secrets)
    if (!/^[\w.-]+$/.test(secret.name))
      throw new BackupArchiveError(`bad secret name ${secret.name}`);
  return { manifest, databaseDump: databaseEntry.data, secrets };
}
