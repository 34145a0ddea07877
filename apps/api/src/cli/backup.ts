// `npm run backup -- <file>`: a consistent copy of the embedded database and the data dir's
// secrets. With the server running it asks the server (PGlite's data dir cannot be opened by a
// second process); with none running it opens the data dir itself, holding its lock.
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { ConfigError, loadConfig, type Config } from '../config/env';
import { acquireDataDirLock, readDataDirHolder } from '../db/data-dir-lock';
import { createBackupArchive, readDataDirSecrets } from '../modules/backups';

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

function loopbackBaseUrl(config: Config): string {
  const host =
    config.host === '0.0.0.0' ? '127.0.0.1' : config.host === '::' ? '[::1]' : config.host;
  return `http://${host.includes(':') && !host.startsWith('[') ? `[${host}]` : host}:${config.port}`;
}

async function askRunningServer(config: Config, holder: number): Promise<Buffer> {
  const tokenFile = path.join(config.dataDir, 'secrets', 'backup-token');
  if (!fs.existsSync(tokenFile))
    fail(`Cannot back up: the server (process ${holder}) predates backups; restart it once.`);
  const url = `${loopbackBaseUrl(config)}/api/admin/backup`;
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { authorization: `Bearer ${fs.readFileSync(tokenFile, 'utf8').trim()}` },
    });
  } catch (error) {
    fail(
      `Cannot back up: the server (process ${holder}) holds ${config.dataDir} but does not answer at ${url} (${error instanceof Error ? error.message : String(error)}); run this with the server's PORT and HOST`,
    );
  }
  if (!response.ok)
    fail(`Cannot back up: ${url} answered ${response.status} ${await response.text()}`);
  return Buffer.from(await response.arrayBuffer());
}

async function copyStoppedDataDir(config: Config): Promise<Buffer> {
  const pgliteDir = path.join(config.dataDir, 'pglite');
  if (!fs.existsSync(path.join(pgliteDir, 'PG_VERSION')))
    fail(`Cannot back up: there is no embedded database in ${config.dataDir}`);
  // No server may start on the data dir while it is copied.
  acquireDataDirLock(config.dataDir);
  const client = await PGlite.create(pgliteDir);
  try {
    await client.query('checkpoint');
    const dump = Buffer.from(await (await client.dumpDataDir('none')).arrayBuffer());
    const { rows } = await client.query<{ applied: number }>(
      'select count(*)::int as applied from drizzle.__drizzle_migrations',
    );
    return createBackupArchive({
      databaseDump: dump,
      secrets: readDataDirSecrets(config.dataDir),
      migrationsApplied: rows[0]?.applied ?? 0,
    });
  } finally {
    await client.close();
  }
}

async function main(): Promise<void> {
  const target = process.argv[2];
  if (!target) fail('Usage: npm run backup -- <file.tar.gz>');
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }
  if (config.databaseUrl) {
    fail(
      'DATABASE_URL is set: back PostgreSQL up with pg_dump (pg_dump --format=custom --file=crescendo.dump "$DATABASE_URL"), and keep AUTH_SECRET and TOKEN_ENCRYPTION_KEYS with it (docs/operations.md).',
    );
  }
  const holder = readDataDirHolder(config.dataDir);
  const archive =
    holder !== null ? await askRunningServer(config, holder) : await copyStoppedDataDir(config);
  const file = path.resolve(target);
  fs.writeFileSync(file, archive, { mode: 0o600 });
  fs.chmodSync(file, 0o600);
  const secrets = readDataDirSecrets(config.dataDir).map((secret) => secret.name);
  process.stdout.write(
    `Backup written to ${file} (${(archive.length / 1024 / 1024).toFixed(1)} MB, ${holder !== null ? `taken by the running server, process ${holder}` : 'server stopped'}).\nIt holds the embedded database and the data dir's secrets (SECRETS-keep-private/: ${secrets.join(', ')}): keep it as private as the data dir.\n`,
  );
}

await main();
