import crypto from 'node:crypto';
import fs from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { databaseTargets } from '../testing/test-database';
import {
  copyMigrationsBefore,
  migrationsFolder,
  openUnmigratedDatabase,
} from '../testing/migrations-before';

// Migration 0035 (decision 0041) keeps each statement line's fingerprint as the 32 bytes its 64
// hex characters spell. Lines stored before it keep their identity: the bytes are the same
// SHA-256, the same line written again is still refused by the unique index, and every sum is
// unchanged.
const org = '00000000-0000-4000-8000-00000000000b';
const held = '00000000-0000-4000-8000-000000000011';
const hexOf = (text: string) => crypto.createHash('sha256').update(text).digest('hex');

describe.each(databaseTargets)('statement line fingerprints as bytes, on %s', (target) => {
  const folders: string[] = [];
  afterAll(() => {
    for (const folder of folders) fs.rmSync(folder, { recursive: true, force: true });
  });

  it('turns every stored hex fingerprint into its bytes and keeps lines counted once', async () => {
    const database = await openUnmigratedDatabase(target);
    try {
      const before = copyMigrationsBefore('0035_statement_line_fingerprint_bytes');
      folders.push(before);
      await database.migrate(before);
      const first = hexOf('first line');
      const second = hexOf('second line');
      const rows = `
        insert into organizations (id, name) values ('${org}', 'A');
        insert into imports (id, organization_id, format, source, file_name, file_bytes, content_sha256, status) values
          ('${held}', '${org}', 'distrokid', 'distrokid', 'a.tsv', 1, 'a', 'done');
        insert into statement_lines (organization_id, import_id, source, fingerprint, occurrence, sale_month, store, store_name, item_type, quantity, earnings, currency, is_account_currency) values
          ('${org}', '${held}', 'distrokid', '${first}', 1, '2025-01-01', 'spotify', 'Spotify', 'track', 10, 1.25, 'USD', true),
          ('${org}', '${held}', 'distrokid', '${first}', 2, '2025-01-01', 'spotify', 'Spotify', 'track', 10, 1.25, 'USD', true),
          ('${org}', '${held}', 'distrokid', '${second}', 1, '2025-02-01', 'deezer', 'Deezer', 'track', 2, 0.125, 'USD', true)`;
      for (const statement of rows.split(';\n')) await database.query(statement);
      const sumsOf = () =>
        database.query(`select dimension, key, sale_month::text as month, lines, earnings::text
          from statement_month_totals order by dimension, key, sale_month`);
      const sumsBefore = await sumsOf();

      await database.migrate(migrationsFolder);

      expect(
        await database.query(`select encode(fingerprint, 'hex') as fingerprint, occurrence,
            octet_length(fingerprint) as bytes
          from statement_lines order by sale_month, occurrence`),
      ).toEqual([
        { fingerprint: first, occurrence: 1, bytes: 32 },
        { fingerprint: first, occurrence: 2, bytes: 32 },
        { fingerprint: second, occurrence: 1, bytes: 32 },
      ]);
      expect(await sumsOf()).toEqual(sumsBefore);
      // The same line, written the way the imports write it now, is found already counted.
      await expect(
        database.query(`insert into statement_lines (organization_id, import_id, source, fingerprint, occurrence, sale_month, store, store_name, item_type, quantity, earnings, currency, is_account_currency)
          values ('${org}', '${held}', 'distrokid', decode('${second}', 'hex'), 1, '2025-02-01', 'deezer', 'Deezer', 'track', 2, 0.125, 'USD', true)`),
      ).rejects.toThrow(/statement_lines_identity_unique/);
    } finally {
      await database.close();
    }
  });
});
