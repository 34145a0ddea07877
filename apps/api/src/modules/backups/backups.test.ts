import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../db/client';
import { lockFileName } from '../../db/data-dir-lock';
import { enqueueJob } from '../../jobs/queue';
import { bearer, buildTestApp, createUser, type TestApp } from '../../testing/build-test-app';
import { databaseTargets } from '../../testing/test-database';
import { readBackupArchive } from './backup-archive';
import { restoreBackup } from './restore-backup';

const run = promisify(execFile);
const apiDir = path.resolve(import.meta.dirname, '../../..');

type Query = (text: string) => Promise<Record<string, unknown>[]>;

/** Every base table of the product's and drizzle's schemas, each as its rows sorted. */
async function readEveryTable(query: Query): Promise<Map<string, string[]>> {
  const tables = await query(
    `select table_schema, table_name from information_schema.tables
      where table_schema in ('public', 'drizzle') and table_type = 'BASE TABLE'
      order by 1, 2`,
  );
  const contents = new Map<string, string[]>();
  for (const table of tables) {
    const name = `"${String(table.table_schema)}"."${String(table.table_name)}"`;
    // PostgreSQL renders each row itself, so both sides compare the same text.
    const rows = await query(`select row_to_json(t)::text as row from ${name} t`);
    contents.set(name, rows.map((row) => String(row.row)).sort());
  }
  return contents;
}

function queryOfDrizzle(db: Database): Query {
  return async (text) =>
    ((await db.execute(sql.raw(text))) as unknown as { rows: Record<string, unknown>[] }).rows;
}

function queryOfPglite(client: PGlite): Query {
  return async (text) => (await client.query<Record<string, unknown>>(text)).rows;
}

describe('backing up the embedded database while the server runs', () => {
  let testApp: TestApp;
  let token: string;
  const restoredDirs: string[] = [];
  beforeAll(async () => {
    testApp = await buildTestApp('pglite');
    token = fs.readFileSync(path.join(testApp.config.dataDir, 'secrets', 'backup-token'), 'utf8');
    const artist = await createUser(testApp);
    await testApp.app.inject({
      method: 'PUT',
      url: '/api/artist/profile',
      headers: bearer(artist.token),
      payload: { artistName: 'The Backups', genre: 'Indie' },
    });
    await enqueueJob(testApp.database.db, { queue: 'backup-test', payload: { n: 1 } });
  });
  afterAll(async () => {
    await testApp.close();
    for (const directory of restoredDirs) fs.rmSync(directory, { recursive: true, force: true });
  });

  const takeBackup = (headers: Record<string, string>, remoteAddress?: string) =>
    testApp.app.inject({
      method: 'POST',
      url: '/api/admin/backup',
      headers,
      ...(remoteAddress ? { remoteAddress } : {}),
    });

  it('restores into a fresh data dir with every table equal row for row, and the secrets', async () => {
    const response = await takeBackup({ authorization: `Bearer ${token}` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/gzip');
    const archive = response.rawPayload;
    const { manifest } = readBackupArchive(archive);
    expect(manifest.secrets).toEqual(
      expect.arrayContaining(['backup-token', 'payments-sandbox-secret-key', 'token-key-v1']),
    );
    expect(manifest.note).toContain('Keep this file as private as the data dir');

    const freshDir = fs.mkdtempSync(path.join(os.tmpdir(), 'crescendo-restore-'));
    restoredDirs.push(freshDir);
    const { movedAside } = await restoreBackup(archive, freshDir);
    expect(movedAside).toEqual([]);
    const restored = await PGlite.create(path.join(freshDir, 'pglite'));
    try {
      const live = await readEveryTable(queryOfDrizzle(testApp.database.db));
      const copy = await readEveryTable(queryOfPglite(restored));
      expect([...copy.keys()]).toEqual([...live.keys()]);
      expect(live.get('"public"."users"')?.length).toBeGreaterThan(0);
      expect(live.get('"public"."jobs"')?.some((row) => row.includes('backup-test'))).toBe(true);
      for (const [table, rows] of live) expect(copy.get(table), table).toEqual(rows);
    } finally {
      await restored.close();
    }
    for (const name of fs.readdirSync(path.join(testApp.config.dataDir, 'secrets'))) {
      const original = fs.readFileSync(path.join(testApp.config.dataDir, 'secrets', name));
      const file = path.join(freshDir, 'secrets', name);
      expect(fs.readFileSync(file).equals(original), name).toBe(true);
      expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    }
  });

  it('moves what a data dir held aside instead of deleting it', async () => {
    const archive = (await takeBackup({ authorization: `Bearer ${token}` })).rawPayload;
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'crescendo-restore-'));
    restoredDirs.push(dataDir);
    await restoreBackup(archive, dataDir, new Date('2026-01-02T03:04:05Z'));
    const { movedAside } = await restoreBackup(archive, dataDir, new Date('2026-01-03T03:04:05Z'));
    expect(movedAside.map((directory) => path.basename(directory)).sort()).toEqual([
      'pglite.before-restore-2026-01-03T03-04-05-000Z',
      'secrets.before-restore-2026-01-03T03-04-05-000Z',
    ]);
  });

  it('answers 404 to anyone without the token or not on this machine', async () => {
    for (const [headers, remoteAddress] of [
      [{}, undefined],
      [{ authorization: 'Bearer wrong-token' }, undefined],
      [{ authorization: `Bearer ${token}` }, '203.0.113.5'],
      [{ authorization: `Bearer ${token}`, 'x-forwarded-for': '203.0.113.5' }, undefined],
    ] as const) {
      const response = await takeBackup(headers, remoteAddress);
      expect(response.statusCode).toBe(404);
      expect(response.json().error.code).toBe('NOT_FOUND');
    }
  });
});

describe.each(databaseTargets.filter((target) => target === 'postgres'))(
  'backups with %s',
  (target) => {
    it('point to pg_dump', async () => {
      const testApp = await buildTestApp(target);
      try {
        const token = fs.readFileSync(
          path.join(testApp.config.dataDir, 'secrets', 'backup-token'),
          'utf8',
        );
        const response = await testApp.app.inject({
          method: 'POST',
          url: '/api/admin/backup',
          headers: { authorization: `Bearer ${token}` },
        });
        expect(response.statusCode).toBe(409);
        expect(response.json().error.message).toContain('pg_dump');
      } finally {
        await testApp.close();
      }
    });
  },
);

describe('npm run backup and npm run restore with the server stopped', () => {
  const source = fs.mkdtempSync(path.join(os.tmpdir(), 'crescendo-backup-cli-'));
  const target = fs.mkdtempSync(path.join(os.tmpdir(), 'crescendo-restore-cli-'));
  const archive = path.join(source, 'backup.tar.gz');
  afterAll(() => {
    fs.rmSync(source, { recursive: true, force: true });
    fs.rmSync(target, { recursive: true, force: true });
  });
  const cli = (script: string, dataDir: string, file: string) =>
    run('npx', ['tsx', path.join(apiDir, 'src/cli', script), file], {
      cwd: apiDir,
      env: { ...process.env, CRESCENDO_DATA_DIR: dataDir, LOG_LEVEL: 'silent' },
    });

  it('copies a data dir and restores it elsewhere; refuses while a server holds the target', async () => {
    const database = await openDatabase({ kind: 'pglite', dataDir: path.join(source, 'pglite') });
    await enqueueJob(database.db, { queue: 'cli-backup', payload: { kept: true } });
    const before = await readEveryTable(queryOfDrizzle(database.db));
    await database.close();
    fs.mkdirSync(path.join(source, 'secrets'));
    fs.writeFileSync(path.join(source, 'secrets', 'auth-secret'), 'the-auth-secret', {
      mode: 0o600,
    });

    const backup = await cli('backup.ts', source, archive);
    expect(backup.stdout).toContain('server stopped');
    expect(backup.stdout).toContain('SECRETS-keep-private/: auth-secret');
    expect(fs.statSync(archive).mode & 0o777).toBe(0o600);
    // The backup's lock is released: the data dir is free again.
    expect(fs.existsSync(path.join(source, lockFileName))).toBe(false);

    // A live process (this one) holding the target's lock stops a restore.
    fs.writeFileSync(path.join(target, lockFileName), String(process.pid));
    await expect(cli('restore.ts', target, archive)).rejects.toMatchObject({
      stderr: expect.stringContaining(`a server (process ${process.pid}) is running`),
    });
    fs.rmSync(path.join(target, lockFileName));

    const restore = await cli('restore.ts', target, archive);
    expect(restore.stdout).toContain('secrets: auth-secret');
    expect(fs.readFileSync(path.join(target, 'secrets', 'auth-secret'), 'utf8')).toBe(
      'the-auth-secret',
    );
    const restored = await PGlite.create(path.join(target, 'pglite'));
    try {
      expect(await readEveryTable(queryOfPglite(restored))).toEqual(before);
    } finally {
      await restored.close();
    }
  }, 120_000);
});
