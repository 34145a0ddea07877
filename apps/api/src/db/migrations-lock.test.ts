import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { openDatabase } from './client';

const adminUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!adminUrl)('migrations on PostgreSQL', () => {
  it('run once when several processes start together on an empty database', async () => {
    const name = `crescendo_race_${crypto.randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const url = new URL(adminUrl!);
    url.pathname = `/${name}`;
    try {
      // Six processes' start-ups at once (each opens its own pool, as separate processes do).
      const handles = await Promise.all(
        Array.from({ length: 6 }, () =>
          openDatabase({ kind: 'postgres', url: url.toString(), poolMax: 2 }),
        ),
      );
      const result = await handles[0]!.db.execute<{ n: number }>(
        sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
      );
      const applied = (result as unknown as { rows: { n: number }[] }).rows[0]!.n;
      const journal = (await import('./migrations/meta/_journal.json', { with: { type: 'json' } }))
        .default;
      expect(applied).toBe(journal.entries.length);
      await Promise.all(handles.map((handle) => handle.close()));
    } finally {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  });
});
