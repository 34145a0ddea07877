import fs from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { databaseTargets } from '../testing/test-database';
import {
  copyMigrationsBefore,
  migrationsFolder,
  openUnmigratedDatabase,
} from '../testing/migrations-before';

// Migration 0032_analytics_storage (decision 0037) on a database with rows: the daily rows become
// month rows with the same figures, the monthly roll-ups stay, and the keys it makes composite
// (connection → account, content item → catalogue link) act.
const org = '00000000-0000-4000-8000-00000000000a';
const connection = '00000000-0000-4000-8000-000000000004';
const account = '00000000-0000-4000-8000-000000000005';
const item = '00000000-0000-4000-8000-000000000006';
const song = '00000000-0000-4000-8000-000000000007';

describe.each(databaseTargets)('analytics storage migration with rows, on %s', (target) => {
  const folders: string[] = [];
  afterAll(() => {
    for (const folder of folders) fs.rmSync(folder, { recursive: true, force: true });
  });

  it('moves daily rows into month rows and keeps the roll-ups and links', async () => {
    const database = await openUnmigratedDatabase(target);
    try {
      const before = copyMigrationsBefore('0032_analytics_storage');
      folders.push(before);
      await database.migrate(before);
      const rows = `
        insert into organizations (id, name) values ('${org}', 'A');
        insert into platform_connections (id, organization_id, provider, external_account_id, account_name, token_key_version, scopes)
          values ('${connection}', '${org}', 'youtube', 'UC1', 'Channel', 1, '{}');
        insert into analytics_accounts (id, organization_id, connection_id, platform, external_id, name)
          values ('${account}', '${org}', '${connection}', 'youtube', 'UC1', 'Channel');
        insert into content_items (id, organization_id, account_id, external_id, kind, title, published_at)
          values ('${item}', '${org}', '${account}', 'v1', 'video', 'Song', '2026-01-01T00:00:00Z');
        insert into content_daily_metrics (organization_id, content_item_id, account_id, day, views, likes) values
          ('${org}', '${item}', '${account}', '2026-01-01', 10, 1),
          ('${org}', '${item}', '${account}', '2026-01-31', 20, null),
          ('${org}', '${item}', '${account}', '2026-02-03', 5, 2);
        insert into songs (id, organization_id, isrc, title) values ('${song}', '${org}', 'ISRC1', 'Song');
        insert into song_content_links (organization_id, song_id, content_item_id)
          values ('${org}', '${song}', '${item}')`;
      for (const statement of rows.split(';\n')) await database.query(statement);
      const monthly = `select month::text, days, views::int, views_days, likes::int, likes_days
        from content_monthly_metrics order by month`;
      const rollUpsBefore = await database.query(monthly);

      await database.migrate(migrationsFolder);

      const months = await database.query<{
        month: string;
        days: number;
        views: (number | null)[];
        likes: (number | null)[] | null;
        watch_minutes: (number | null)[] | null;
      }>(
        'select month::text, days, views, likes, watch_minutes from content_daily_metrics order by month',
      );
      expect(months.map((row) => [row.month, row.days])).toEqual([
        ['2026-01-01', 1 | (1 << 30)],
        ['2026-02-01', 1 << 2],
      ]);
      expect(months[0]!.views).toHaveLength(31);
      expect([months[0]!.views[0], months[0]!.views[30], months[0]!.views[1]]).toEqual([
        10,
        20,
        null,
      ]);
      expect([months[0]!.likes![0], months[0]!.likes![30]]).toEqual([1, null]);
      expect(months[0]!.watch_minutes).toBeNull();
      expect([months[1]!.views[2], months[1]!.likes![2]]).toEqual([5, 2]);
      expect(await database.query(monthly)).toEqual(rollUpsBefore);
      expect(rollUpsBefore).toHaveLength(2);

      // The composite keys act: an item's deletion takes its link and month rows, a connection's
      // takes its accounts.
      await database.query(`delete from content_items where id = '${item}'`);
      expect(await database.query('select * from song_content_links')).toEqual([]);
      expect(await database.query('select * from content_daily_metrics')).toEqual([]);
      await database.query(`delete from platform_connections where id = '${connection}'`);
      expect(await database.query('select * from analytics_accounts')).toEqual([]);
    } finally {
      await database.close();
    }
  });
});
