import crypto from 'node:crypto';
import { startSandboxServer, type RunningSandbox } from '@crescendo/platform-sandbox';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config/env';
import type { DatabaseHandle } from '../db/client';
import { accountDailyMetrics, platformConnections, users } from '../db/schema';
import { createTokenCipher } from '../lib/token-cipher';
import { createPlatformServices, type PlatformServices } from '../modules/providers';
import { createTestDatabase, databaseTargets } from '../testing/test-database';
import { scaleSeedIssuer, seedScale } from './scale';

describe.each(databaseTargets)('seed:scale on %s', (target) => {
  let sandbox: RunningSandbox;
  let database: DatabaseHandle;
  let services: PlatformServices;

  beforeAll(async () => {
    sandbox = await startSandboxServer({ port: 0, now: '2025-06-15T12:00:00Z' });
    database = await createTestDatabase(target);
    const config = loadConfig({
      GOOGLE_CLIENT_ID: 'sandbox-google-client-id',
      GOOGLE_CLIENT_SECRET: 'sandbox-google-client-secret',
      GOOGLE_TOKEN_URL: `${sandbox.url}/oauth2/token`,
      YOUTUBE_DATA_URL: `${sandbox.url}/youtube/v3`,
      YOUTUBE_ANALYTICS_URL: `${sandbox.url}/youtubeanalytics/v2`,
      META_APP_ID: 'sandbox-meta-app-id',
      META_APP_SECRET: 'sandbox-meta-app-secret',
      META_GRAPH_URL: `${sandbox.url}/graph/v21.0`,
      CRESCENDO_DATA_DIR: '/tmp/crescendo-scale-seed-test',
    });
    services = createPlatformServices({
      config: config.platforms,
      appUrl: config.appUrl,
      cipher: createTokenCipher(new Map([[1, crypto.randomBytes(32)]])),
      fetch,
      backfillDays: 30,
      now: () => new Date('2025-06-15T12:00:00Z'),
      retry: { baseDelayMs: 1, sleep: async () => {} },
    });
  });
  afterAll(async () => {
    await database?.close();
    await sandbox?.close();
  });

  async function countRows() {
    const db = database.db;
    const seeded = await db
      .select({ organizationId: users.organizationId })
      .from(users)
      .where(sql`${users.issuer} = ${scaleSeedIssuer}`);
    const organizationIds = seeded.map((row) => row.organizationId);
    if (organizationIds.length === 0) return { users: 0, connections: 0, dailyRows: 0 };
    const [connections] = await db
      .select({ count: sql<number>`count(*)::int` })
      .from(platformConnections)
      .where(inArray(platformConnections.organizationId, organizationIds));
    const [daily] = await db
      .select({ count: sql<number>`count(*)::int` })
      .from(accountDailyMetrics)
      .where(inArray(accountDailyMetrics.organizationId, organizationIds));
    return { users: seeded.length, connections: connections!.count, dailyRows: daily!.count };
  }

  it('creates two synced small artists side by side, and a second run adds nothing', async () => {
    const first = await seedScale(database.db, services, {
      organizations: 2,
      persona: 'small',
      concurrency: 2,
    });
    expect(first).toMatchObject({ seeded: 2, skipped: 0 });
    expect(new Set(first.organizationIds).size).toBe(2);
    const afterFirst = await countRows();
    expect(afterFirst.users).toBe(2);
    // YouTube and Meta for each artist, each with synced daily history.
    expect(afterFirst.connections).toBe(4);
    expect(afterFirst.dailyRows).toBeGreaterThan(2 * 2 * 25);
    const connections = await database.db.select().from(platformConnections);
    expect(connections.every((row) => row.status === 'connected' && row.lastSyncedAt)).toBe(true);

    const second = await seedScale(database.db, services, { organizations: 2, persona: 'small' });
    expect(second).toEqual({ seeded: 0, skipped: 2, organizationIds: first.organizationIds });
    expect(await countRows()).toEqual(afterFirst);
  });

  it('a re-run finishes artists a stopped run left half done, with the rows of a whole run', async () => {
    const dailyRowsOf = async (organizationId: string) => {
      const [row] = await database.db
        .select({ count: sql<number>`count(*)::int` })
        .from(accountDailyMetrics)
        .where(eq(accountDailyMetrics.organizationId, organizationId));
      return row!.count;
    };
    const [firstArtist, secondArtist] = (
      await seedScale(database.db, services, { organizations: 2, persona: 'small' })
    ).organizationIds as [string, string];
    const wholeRows = [await dailyRowsOf(firstArtist), await dailyRowsOf(secondArtist)];
    // Stopped before the first artist's Meta connection was made (its history goes with it)…
    await database.db
      .delete(platformConnections)
      .where(
        and(
          eq(platformConnections.organizationId, firstArtist),
          eq(platformConnections.provider, 'meta'),
        ),
      );
    // …and before the second artist's YouTube sync reached its end.
    await database.db
      .update(platformConnections)
      .set({ lastSyncedAt: null })
      .where(
        and(
          eq(platformConnections.organizationId, secondArtist),
          eq(platformConnections.provider, 'youtube'),
        ),
      );
    expect(await dailyRowsOf(firstArtist)).toBeLessThan(wholeRows[0]!);

    const rerun = await seedScale(database.db, services, { organizations: 3, persona: 'small' });
    expect(rerun).toMatchObject({ seeded: 3, skipped: 0 });
    expect(rerun.organizationIds.slice(0, 2)).toEqual([firstArtist, secondArtist]);
    expect([await dailyRowsOf(firstArtist), await dailyRowsOf(secondArtist)]).toEqual(wholeRows);
    expect(await dailyRowsOf(rerun.organizationIds[2]!)).toBeGreaterThan(0);
    const connections = await database.db.select().from(platformConnections);
    expect(connections).toHaveLength(6);
    expect(connections.every((row) => row.status === 'connected' && row.lastSyncedAt)).toBe(true);
  });
});
