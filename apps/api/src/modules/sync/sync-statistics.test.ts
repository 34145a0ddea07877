import { startSandboxServer, type RunningSandbox } from '@crescendo/platform-sandbox';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs, platformConnections } from '../../db/schema';
import { buildTestApp, createUser, type TestApp } from '../../testing/build-test-app';
import { connectAs, drainSyncJobs, sandboxEnv } from '../../testing/sandbox-connections';
import { databaseTargets } from '../../testing/test-database';
import { createSyncHandlers, ensureDailySchedule } from './sync-runner';
import { enqueueConnectionSync, statisticsQueue } from './sync-queue';

const pinnedNow = '2025-06-15T12:00:00Z';

// Whole-table ANALYZE costs in proportion to every tenant's rows: a sync must not run one
// (issue 30), except PGlite's once after a connection's first bulk load.
describe.each(databaseTargets)('planner statistics around syncs on %s', (target) => {
  let sandbox: RunningSandbox;
  let testApp: TestApp;

  beforeAll(async () => {
    sandbox = await startSandboxServer({ port: 0, now: pinnedNow });
    testApp = await buildTestApp(target, {
      env: sandboxEnv(sandbox, 45),
      now: () => new Date(pinnedNow),
      platformOverrides: {
        retry: { baseDelayMs: 1, sleep: async () => {} },
      },
    });
  });
  afterAll(async () => {
    await testApp?.close();
    await sandbox?.close();
  });

  /** Manual ANALYZE runs of a table so far (autoanalyze counts apart, in autoanalyze_count). */
  async function readAnalyzeCount(table: string): Promise<number> {
    const result = await testApp.database.db.execute<{ count: string | number }>(
      sql`select analyze_count as count from pg_stat_user_tables where relname = ${table}`,
    );
    const rows =
      (result as unknown as { rows?: { count: string | number }[] }).rows ??
      (result as unknown as { count: string | number }[]);
    return Number(rows[0]?.count);
  }

  it('analyzes after the first backfill on PGlite only, and never on an incremental sync', async () => {
    const db = testApp.database.db;
    const artist = await createUser(testApp, 'customer');
    const organizationId = artist.me.organization.id;
    const before = await readAnalyzeCount('content_daily_metrics');
    await connectAs(testApp, artist.token, 'youtube', 'small');
    await drainSyncJobs(testApp);
    const [connection] = await db
      .select()
      .from(platformConnections)
      .where(eq(platformConnections.organizationId, organizationId));
    expect(connection).toMatchObject({ status: 'connected', syncPercent: 100 });
    const afterBackfill = await readAnalyzeCount('content_daily_metrics');
    expect(afterBackfill).toBe(target === 'pglite' ? before + 1 : before);

    await enqueueConnectionSync(db, connection!);
    await drainSyncJobs(testApp);
    const [synced] = await db
      .select()
      .from(platformConnections)
      .where(eq(platformConnections.id, connection!.id));
    expect(synced!.lastSyncedAt).not.toBeNull();
    expect(synced!.status).toBe('connected');
    expect(await readAnalyzeCount('content_daily_metrics')).toBe(afterBackfill);
    expect(await readAnalyzeCount('account_daily_metrics')).toBe(afterBackfill);
  });

  it('schedules a daily ANALYZE on PGlite only, which analyzes and queues the next day', async () => {
    const db = testApp.database.db;
    await ensureDailySchedule(db, new Date('2025-06-15T12:00:00Z'));
    const scheduled = await db
      .select()
      .from(jobs)
      .where(and(eq(jobs.queue, statisticsQueue), eq(jobs.status, 'queued')));
    if (target === 'postgres') {
      expect(scheduled).toEqual([]);
      return;
    }
    expect(scheduled.map((job) => job.runAt.toISOString())).toEqual(['2025-06-16T09:00:00.000Z']);
    const before = await readAnalyzeCount('content_daily_metrics');
    const handlers = createSyncHandlers(db, testApp.app.platforms);
    await handlers[statisticsQueue]!(scheduled[0]!, new AbortController().signal, {});
    expect(await readAnalyzeCount('content_daily_metrics')).toBe(before + 1);
    const queued = await db
      .select()
      .from(jobs)
      .where(and(eq(jobs.queue, statisticsQueue), eq(jobs.status, 'queued')));
    // The next run is the day after the handler ran (today's wall clock, not the pinned one).
    expect(queued.length).toBe(2);
  });
});
