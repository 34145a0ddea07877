import fs from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { databaseTargets } from '../../testing/test-database';
import {
  copyMigrationsBefore,
  migrationsFolder,
  openUnmigratedDatabase,
} from '../../testing/migrations-before';

// Links made when a link had one platform scope keep showing what they showed (migration 0016).
const platformsMigration = '0016_share_link_platforms';

describe.each(databaseTargets)('share links from before platform sets, on %s', (target) => {
  const folders: string[] = [];
  afterAll(() => {
    for (const folder of folders) fs.rmSync(folder, { recursive: true, force: true });
  });

  it('turns "all" into every platform and one platform into a set of it', async () => {
    const database = await openUnmigratedDatabase(target);
    try {
      const before = copyMigrationsBefore(platformsMigration);
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
