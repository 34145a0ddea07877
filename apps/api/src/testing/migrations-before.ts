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
import type { DatabaseTarget } from './test-database';

/** The committed migrations (what a process applies at start). */
export const migrationsFolder = path.resolve(import.meta.dirname, '../db/migrations');

/**
 * The committed migrations up to (not including) `tag`, as a folder of their own, so a test can
 * write rows the way an older release stored them and then apply the rest. Remove it after use.
 */
export function copyMigrationsBefore(tag: string): string {
  const journal = JSON.parse(
    fs.readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8'),
  ) as { entries: { tag: string }[] };
  const index = journal.entries.findIndex((entry) => entry.tag === tag);
  if (index <= 0) throw new Error(`no migration before ${tag} in the journal`);
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'crescendo-migrations-'));
  fs.mkdirSync(path.join(folder, 'meta'));
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

export type MigratingDatabase = {
  migrate(folder: string): Promise<void>;
  query<T>(text: string): Promise<T[]>;
  close(): Promise<void>;
};

/** An empty database of the given kind with no migration applied; closing it throws it away. */
export async function openUnmigratedDatabase(target: DatabaseTarget): Promise<MigratingDatabase> {
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
