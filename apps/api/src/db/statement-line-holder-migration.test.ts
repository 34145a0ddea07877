import fs from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { databaseTargets } from '../testing/test-database';
import { copyMigrationsBefore, openUnmigratedDatabase } from '../testing/migrations-before';

// Migration 0033 (decision 0039) names each existing statement line's holder: the earliest import
// that links it. Its own link goes, the other imports' links stay, the revenue sums are unchanged,
// and deletions reach the lines through their imports.
const org = '00000000-0000-4000-8000-00000000000a';
const early = '00000000-0000-4000-8000-000000000001';
const late = '00000000-0000-4000-8000-000000000002';
const latest = '00000000-0000-4000-8000-000000000003';

describe.each(databaseTargets)(
  'statement line holders on a database with rows, on %s',
  (target) => {
    const folders: string[] = [];
    afterAll(() => {
      for (const folder of folders) fs.rmSync(folder, { recursive: true, force: true });
    });

    it('gives each line its earliest import, keeps the other links and every sum', async () => {
      const database = await openUnmigratedDatabase(target);
      try {
        const before = copyMigrationsBefore('0033_statement_lines_owner_import');
        // Up to the migration that keeps fingerprints as bytes (0035): this test's are words.
        const through = copyMigrationsBefore('0035_statement_line_fingerprint_bytes');
        folders.push(before, through);
        await database.migrate(before);
        // The latest import was created first by id order, last by time: time decides.
        const rows = `
        insert into organizations (id, name) values ('${org}', 'A');
        insert into imports (id, organization_id, format, source, file_name, file_bytes, content_sha256, status, created_at) values
          ('${latest}', '${org}', 'distrokid', 'distrokid', 'c.tsv', 1, 'c', 'done', '2026-03-01'),
          ('${early}', '${org}', 'distrokid', 'distrokid', 'a.tsv', 1, 'a', 'done', '2026-01-01'),
          ('${late}', '${org}', 'distrokid', 'distrokid', 'b.tsv', 1, 'b', 'done', '2026-02-01');
        insert into statement_lines (organization_id, source, fingerprint, occurrence, sale_month, store, store_name, item_type, quantity, earnings, currency, is_account_currency) values
          ('${org}', 'distrokid', 'shared', 1, '2025-01-01', 'spotify', 'Spotify', 'track', 10, 1.25, 'USD', true),
          ('${org}', 'distrokid', 'own', 1, '2025-01-01', 'spotify', 'Spotify', 'track', 4, 0.5, 'USD', true),
          ('${org}', 'distrokid', 'unheld', 1, '2025-02-01', 'deezer', 'Deezer', 'track', 2, 0.125, 'USD', true);
        insert into statement_line_imports (organization_id, import_id, line_id)
          select '${org}', holder.id, line.id from statement_lines line
          cross join (values ('${early}'::uuid), ('${late}'::uuid), ('${latest}'::uuid)) as holder(id)
          where line.fingerprint = 'shared';
        insert into statement_line_imports (organization_id, import_id, line_id)
          select '${org}', '${late}', id from statement_lines where fingerprint = 'own'`;
        for (const statement of rows.split(';\n')) await database.query(statement);
        const sumsOf = () =>
          database.query<{
            dimension: string;
            key: string;
            month: string;
            lines: number;
            earnings: string;
          }>(`
          select dimension, key, sale_month::text as month, lines, earnings::text as earnings
          from statement_month_totals order by dimension, key, sale_month`);
        const sumsBefore = await sumsOf();

        await database.migrate(through);

        expect(
          await database.query(
            `select fingerprint, import_id from statement_lines order by fingerprint`,
          ),
        ).toEqual([
          { fingerprint: 'own', import_id: late },
          { fingerprint: 'shared', import_id: early },
        ]);
        expect(
          await database.query(`select line.fingerprint, link.import_id
          from statement_line_imports link join statement_lines line on line.id = link.line_id
          order by line.fingerprint, link.import_id`),
        ).toEqual([
          { fingerprint: 'shared', import_id: late },
          { fingerprint: 'shared', import_id: latest },
        ]);
        // The line no import held is gone with its sums; the others' sums are as they were.
        expect(await sumsOf()).toEqual(sumsBefore.filter((row) => row.month !== '2025-02-01'));

        // A line must name an import of its organisation.
        await expect(
          database.query(`insert into statement_lines (organization_id, import_id, source, fingerprint, occurrence, sale_month, store, store_name, item_type, quantity, earnings, currency, is_account_currency)
          values ('${org}', '00000000-0000-4000-8000-0000000000ff', 'distrokid', 'x', 1, '2025-01-01', 'spotify', 'Spotify', 'track', 1, 1, 'USD', true)`),
        ).rejects.toThrow(/statement_lines_import_fk/);
        // The organisation's deletion reaches every line and sum through its imports.
        await database.query(`delete from organizations where id = '${org}'`);
        expect(
          await database.query(`select
          (select count(*)::int from statement_lines) as lines,
          (select count(*)::int from statement_line_imports) as links,
          (select count(*)::int from statement_month_totals) as sums`),
        ).toEqual([{ lines: 0, links: 0, sums: 0 }]);
      } finally {
        await database.close();
      }
    });
  },
);
