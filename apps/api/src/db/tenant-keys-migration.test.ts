import fs from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { databaseTargets } from '../testing/test-database';
import {
  copyMigrationsBefore,
  migrationsFolder,
  openUnmigratedDatabase,
} from '../testing/migrations-before';

// Migrations 0028 and 0029 (issue 30) re-key tenant tables that already hold rows: every row
// stays, a row that named another organisation than its parent is corrected, and the new keys
// act (a release's deletion forgets only the link, a conversation's takes its messages).
const orgA = '00000000-0000-4000-8000-00000000000a';
const orgB = '00000000-0000-4000-8000-00000000000b';
const user = '00000000-0000-4000-8000-000000000001';
const conversation = '00000000-0000-4000-8000-000000000002';
const event = '00000000-0000-4000-8000-000000000003';
const connection = '00000000-0000-4000-8000-000000000004';
const importId = '00000000-0000-4000-8000-000000000005';
const releaseA = '00000000-0000-4000-8000-000000000006';
const releaseB = '00000000-0000-4000-8000-000000000007';

describe.each(databaseTargets)('tenant keys on a database with rows, on %s', (target) => {
  const folders: string[] = [];
  afterAll(() => {
    for (const folder of folders) fs.rmSync(folder, { recursive: true, force: true });
  });

  it('keeps every row, repairs mislabelled children and keys them by organisation', async () => {
    const database = await openUnmigratedDatabase(target);
    try {
      const before = copyMigrationsBefore('0028_tenant_keys');
      folders.push(before);
      await database.migrate(before);
      const rows = `
        insert into organizations (id, name) values ('${orgA}', 'A'), ('${orgB}', 'B');
        insert into users (id, issuer, subject, identity_provider, email, name, organization_id)
          values ('${user}', 'test', 'sub', 'embedded', 'a@example.com', 'A', '${orgA}');
        insert into chat_conversations (id, organization_id, user_id, title)
          values ('${conversation}', '${orgA}', '${user}', 'Hello');
        insert into chat_messages (conversation_id, organization_id, user_id, role, content) values
          ('${conversation}', '${orgA}', '${user}', 'user', 'right'),
          ('${conversation}', '${orgB}', '${user}', 'assistant', 'mislabelled');
        insert into notification_events (id, organization_id, kind, dedupe_key, group_key, tone, title, body)
          values ('${event}', '${orgA}', 'spike', 'k', 'g', 'up', 'Spike', 'Body');
        insert into notification_recipients (event_id, user_id, organization_id, is_mail_wanted)
          values ('${event}', '${user}', '${orgB}', true);
        insert into platform_connections (id, organization_id, provider, external_account_id, account_name, token_key_version, scopes)
          values ('${connection}', '${orgA}', 'youtube', 'UC1', 'Channel', 1, '{}');
        insert into analytics_accounts (organization_id, connection_id, platform, external_id, name)
          values ('${orgA}', '${connection}', 'youtube', 'UC1', 'Channel');
        insert into share_links (organization_id, token_hash, view, platforms)
          values ('${orgA}', 'hash', 'overview', '{youtube}');
        insert into imports (id, organization_id, format, source, file_name, file_bytes, content_sha256)
          values ('${importId}', '${orgA}', 'distrokid', 'distrokid', 'a.csv', 1, 'sha');
        insert into import_file_chunks (organization_id, import_id, sequence, bytes)
          values ('${orgA}', '${importId}', 0, '\\x00');
        insert into releases (id, organization_id, title)
          values ('${releaseA}', '${orgA}', 'Own'), ('${releaseB}', '${orgB}', 'Other');
        insert into songs (organization_id, isrc, title, release_id) values
          ('${orgA}', 'ISRC1', 'Own release', '${releaseA}'),
          ('${orgA}', 'ISRC2', 'Other organisation''s release', '${releaseB}')`;
      for (const statement of rows.split(';\n')) await database.query(statement);

      await database.migrate(migrationsFolder);

      expect(
        await database.query<{ content: string; organization_id: string }>(
          'select content, organization_id from chat_messages order by content',
        ),
      ).toEqual([
        { content: 'mislabelled', organization_id: orgA },
        { content: 'right', organization_id: orgA },
      ]);
      expect(await database.query('select organization_id from notification_recipients')).toEqual([
        { organization_id: orgA },
      ]);
      expect(
        await database.query<{ title: string; release_id: string | null }>(
          'select title, release_id from songs order by isrc',
        ),
      ).toEqual([
        { title: 'Own release', release_id: releaseA },
        { title: "Other organisation's release", release_id: null },
      ]);
      expect(await database.query('select count(*)::int as n from analytics_accounts')).toEqual([
        { n: 1 },
      ]);
      expect(await database.query('select count(*)::int as n from share_links')).toEqual([
        { n: 1 },
      ]);

      // The keys are the organisation's now.
      const keys = await database.query<{ table: string; key: string }>(`
        select conrelid::regclass::text as table, pg_get_constraintdef(oid) as key
        from pg_constraint where contype = 'p'
          and conrelid::regclass::text in ('chat_messages', 'notification_recipients', 'platform_connections')
        order by 1`);
      expect(keys).toEqual([
        { table: 'chat_messages', key: 'PRIMARY KEY (organization_id, id)' },
        {
          table: 'notification_recipients',
          key: 'PRIMARY KEY (organization_id, event_id, user_id)',
        },
        { table: 'platform_connections', key: 'PRIMARY KEY (organization_id, id)' },
      ]);
      // A message cannot name another organisation than its conversation's any more.
      await expect(
        database.query(`insert into chat_messages (conversation_id, organization_id, user_id, role, content)
          values ('${conversation}', '${orgB}', '${user}', 'user', 'x')`),
      ).rejects.toThrow(/chat_messages_conversation_fk/);
      // A release's deletion forgets the song's link, not the song's organisation.
      await database.query(`delete from releases where id = '${releaseA}'`);
      expect(
        await database.query(`select organization_id, release_id from songs where isrc = 'ISRC1'`),
      ).toEqual([{ organization_id: orgA, release_id: null }]);
      // Deletions still cascade through the new keys, and the storage branch's key still holds.
      await database.query(`delete from chat_conversations where id = '${conversation}'`);
      await database.query(`delete from imports where id = '${importId}'`);
      await database.query(`delete from platform_connections where id = '${connection}'`);
      expect(
        await database.query(`select
          (select count(*)::int from chat_messages) as messages,
          (select count(*)::int from import_file_chunks) as chunks,
          (select count(*)::int from analytics_accounts) as accounts`),
      ).toEqual([{ messages: 0, chunks: 0, accounts: 0 }]);
    } finally {
      await database.close();
    }
  });
});
