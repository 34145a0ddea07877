import { startSandboxServer, type RunningSandbox } from '@crescendo/platform-sandbox';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs, platformConnections } from '../../db/schema';
import { startWorker } from '../../jobs/worker';
import { buildTestApp, createUser, type TestApp } from '../../testing/build-test-app';
import { connectAs, drainSyncJobs, sandboxEnv } from '../../testing/sandbox-connections';
import { databaseTargets } from '../../testing/test-database';
import type { PlatformFetch } from '../providers';
import { createSyncHandlers } from './sync-runner';
import { syncQueue } from './sync-queue';

const pinnedNow = '2025-06-15T12:00:00Z';

describe.each(databaseTargets)('a sync stopped part-way on %s', (target) => {
  let sandbox: RunningSandbox;
  let testApp: TestApp;
  /** While set, report calls wait here (until their signal aborts): the sync is mid-way. */
  let hold: { reached: () => void } | null = null;

  beforeAll(async () => {
    sandbox = await startSandboxServer({ port: 0, now: pinnedNow });
    const holdingFetch: PlatformFetch = async (url, init) => {
      if (hold && url.includes('/reports')) {
        hold.reached();
        await new Promise((_resolve, reject) => {
          const signal = init?.signal;
          if (signal?.aborted) reject(signal.reason as Error);
          signal?.addEventListener('abort', () => reject(signal.reason as Error));
        });
      }
      return fetch(url, init);
    };
    testApp = await buildTestApp(target, {
      env: sandboxEnv(sandbox, 45),
      now: () => new Date(pinnedNow),
      platformOverrides: {
        fetch: holdingFetch,
        retry: { baseDelayMs: 1, sleep: async () => {} },
      },
    });
  });
  afterAll(async () => {
    await testApp?.close();
    await sandbox?.close();
  });

  /** Connects YouTube for a new artist and runs its first sync until it waits on a report. */
  async function startSyncAndHold(options: { heartbeatMs?: number } = {}) {
    const artist = await createUser(testApp, 'customer');
    await connectAs(testApp, artist.token, 'youtube', 'small');
    const db = testApp.database.db;
    const [connection] = await db
      .select()
      .from(platformConnections)
      .where(eq(platformConnections.organizationId, artist.me.organization.id));
    const isHeld = new Promise<void>((resolve) => (hold = { reached: resolve }));
    const worker = startWorker({
      db,
      handlers: createSyncHandlers(db, testApp.app.platforms),
      concurrency: 0,
      ...(options.heartbeatMs ? { heartbeatMs: options.heartbeatMs } : {}),
    });
    const drained = worker.drain();
    await isHeld;
    const [job] = await db
      .select()
      .from(jobs)
      .where(and(eq(jobs.queue, syncQueue), eq(jobs.status, 'running')));
    return { connectionId: connection!.id, jobId: job!.id, worker, drained };
  }

  async function readConnection(id: string) {
    const db = testApp.database.db;
    const [row] = await db.select().from(platformConnections).where(eq(platformConnections.id, id));
    return row!;
  }

  it('on shutdown, leaves the connection syncing and gives the job back without spending an attempt', async () => {
    const { connectionId, jobId, worker, drained } = await startSyncAndHold();
    await worker.stop();
    await drained;
    hold = null;
    expect(await readConnection(connectionId)).toMatchObject({
      status: 'syncing',
      syncError: null,
    });
    const [job] = await testApp.database.db.select().from(jobs).where(eq(jobs.id, jobId));
    expect(job).toMatchObject({ status: 'queued', attempts: 0 });

    await drainSyncJobs(testApp);
    expect(await readConnection(connectionId)).toMatchObject({
      status: 'connected',
      syncPercent: 100,
      syncError: null,
    });
  });

  it('after losing its lock, stops without writing an error over the new owner’s sync', async () => {
    const { connectionId, jobId, drained } = await startSyncAndHold({ heartbeatMs: 20 });
    const db = testApp.database.db;
    // Another worker took the job over (this one paused past its lock).
    await db.update(jobs).set({ workerId: 'other' }).where(eq(jobs.id, jobId));
    await drained;
    hold = null;
    expect(await readConnection(connectionId)).toMatchObject({
      status: 'syncing',
      syncError: null,
    });
    const [job] = await db.select().from(jobs).where(eq(jobs.id, jobId));
    expect(job).toMatchObject({ status: 'running', workerId: 'other', attempts: 1 });
    await db.delete(jobs).where(eq(jobs.id, jobId));
  });
});
