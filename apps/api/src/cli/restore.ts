// `npm run restore -- <file>`: puts a backup back into CRESCENDO_DATA_DIR, with the server
// stopped. What the data dir held is moved aside, never deleted.
import fs from 'node:fs';
import { ConfigError, loadConfig, type Config } from '../config/env';
import { acquireDataDirLock, readDataDirHolder } from '../db/data-dir-lock';
import { BackupArchiveError, restoreBackup } from '../modules/backups';

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

async function main(): Promise<void> {
  const source = process.argv[2];
  if (!source) fail('Usage: npm run restore -- <file.tar.gz>');
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }
  if (config.databaseUrl) {
    fail(
      'DATABASE_URL is set: restore PostgreSQL with pg_restore (pg_restore --clean --if-exists --dbname="$DATABASE_URL" crescendo.dump), with the AUTH_SECRET and TOKEN_ENCRYPTION_KEYS of the backup (docs/operations.md).',
    );
  }
  if (!fs.existsSync(source)) fail(`Cannot restore: ${source} does not exist`);
  const holder = readDataDirHolder(config.dataDir);
  if (holder !== null)
    fail(
      `Cannot restore: a server (process ${holder}) is running on ${config.dataDir}; stop it first.`,
    );
  acquireDataDirLock(config.dataDir);
  try {
    const { manifest, movedAside } = await restoreBackup(fs.readFileSync(source), config.dataDir);
    process.stdout.write(
      [
        `Restored the backup of ${manifest.createdAt} into ${config.dataDir} (${manifest.migrationsApplied} migrations; secrets: ${manifest.secrets.join(', ') || 'none'}).`,
        ...movedAside.map((directory) => `The previous contents are kept in ${directory}.`),
        'Start the server as usual; it applies any newer migrations.',
      ].join('\n') + '\n',
    );
  } catch (error) {
    if (error instanceof BackupArchiveError) fail(`Cannot restore ${source}: ${error.message}`);
    throw error;
  }
}

await main();
