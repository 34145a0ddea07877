import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { databaseTargets, type DatabaseTarget } from '../../testing/test-database';

// Links made when a link had one platform scope keep showing what they showed (migration 0016).
const migrationsFolder = path.resolve(import.meta.dirname, '../../db/migrations');
const platformsMigration = '0016_share_link_platforms';

/** The committed migrations up to (not including) `tag`, as a folder of their own. */
function migrationsBefore(tag: string): string {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'crescendo-migrations-'));
  fs.mkdirSync(path.join(folder, 'meta'));
  const journal = JSON.parse(
    fs.readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8'),
  ) as { entries: { tag: string }[] };
  const index = journal.entries.findIndex((entry) => entry.tag === tag);
  expect(index).toBeGreaterThan(0);
  const entries = journal.entries.slice(0, index);
  for (const entry of entries) {
    fs.copyFileSync(
      path.join(migrationsFolder, `${entry.tag}.sql`),
      path.join(folder, `${entry.tag}.sql`),
    );
  }
  fs.writeFileSync(
    path.join(folder, 'meta/_journal.json'),
    JSON.stringify({ ...journal, entries }),
  );
  return folder;
}

type Step = { migrate(folder: string): Promise<void>; query<T>(text: string): Promise<T[]> };

async function openEmpty(target: DatabaseTarget): Promise<Step & { close(): Promise<void> }> {
  if (target === 'pglite') {
    const client = await PGlite.create();
    return {
      migrate: (folder) => migratePglite(drizzlePglite(client), { migrationsFolder: folder }),
      query: async <T>(text: string) => (await client.query<T>(text)).rows,
      close: () => client.close(),
    };
  }
  const adminUrl = process.env.TEST_DATABASE_URL!;
  const name = `crescendo_migration_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  // One client, not a pool: a pool's end() resolves before its clients' sockets have closed, and
  // the forced drop below then terminated a closing connection with nobody listening for it.
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  return {
    migrate: (folder) => migratePg(drizzlePg(client), { migrationsFolder: folder }),
    query: async <T>(text: string) => (await client.query(text)).rows as T[],
    async close() {
      await client.end();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

describe.each(databaseTargets)('share links from before platform sets, on %s', (target) => {
  const folders: string[] = [];
  afterAll(() => {
    for (const folder of folders) fs.rmSync(folder, { recursive: true, force: true });
  });

  it('turns "all" into every platform and one platform into a set of it', async () => {
    const database = await openEmpty(target);
    try {
      const before = migrationsBefore(platformsMigration);
      folders.push(before);
      await database.migrate(before);
      await database.query(
        `insert into organizations (id, name) values ('00000000-0000-4000-8000-000000000001', 'Old')`,
      );
      await database.query(`
        insert into share_links (organization_id, token_hash, view, platform, range) values
          ('00000000-0000-4000-8000-000000000001', 'hash-all', 'overview', 'all', '28d'),
          ('00000000-0000-4000-8000-000000000001', 'hash-ig', 'audience', 'instagram', '90d')`);
      await database.migrate(migrationsFolder);
      const rows = await database.query<{ token_hash: string; platforms: string[] }>(
        'select token_hash, platforms from share_links order by token_hash',
      );
      expect(rows).toEqual([
        { token_hash: 'hash-all', platforms: ['youtube', 'instagram', 'facebook'] },
        { token_hash: 'hash-ig', platforms: ['instagram'] },
      ]);
      // A link must show some platform, and only known ones.
      for (const platforms of [`'{}'`, `'{youtube,myspace}'`]) {
        await expect(
          database.query(
            `insert into share_links (organization_id, token_hash, view, platforms)
             values ('00000000-0000-4000-8000-000000000001', 'hash-bad', 'overview', ${platforms})`,
          ),
        ).rejects.toThrow(/share_links_platforms_check/);
      }
    } finally {
      await database.close();
    }
  });
});
