import crypto from 'node:crypto';
import pg from 'pg';
import { getPgliteClient, openDatabase, type DatabaseHandle } from '../db/client';

export type DatabaseTarget = 'pglite' | 'postgres';

/** Integration tests run on PGlite always, and on PostgreSQL too when TEST_DATABASE_URL is set. */
export const databaseTargets: DatabaseTarget[] = process.env.TEST_DATABASE_URL
  ? ['pglite', 'postgres']
  : ['pglite'];

let pgliteTemplate: Promise<Blob> | null = null;

/** Migrating a new PGlite takes seconds; loading a migrated dump takes a fraction of that. */
function getPgliteTemplate(): Promise<Blob> {
  pgliteTemplate ??= (async () => {
    const handle = await openDatabase({ kind: 'pglite-memory' });
    const dump = await getPgliteClient(handle)!.dumpDataDir('none');
    await handle.close();
    return dump;
  })();
  return pgliteTemplate;
}

/** A fresh, migrated, empty database of the given kind; closing it throws it away. */
export async function createTestDatabase(target: DatabaseTarget): Promise<DatabaseHandle> {
  if (target === 'pglite') {
    return openDatabase({ kind: 'pglite-memory', dump: await getPgliteTemplate() });
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `crescendo_test_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ kind: 'postgres', url: url.toString(), poolMax: 5 });
  return {
    ...handle,
    async close() {
      await handle.close();
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}
