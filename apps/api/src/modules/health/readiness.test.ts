import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordWorkerHeartbeat, removeWorkerHeartbeat } from '../../jobs/heartbeats';
import { startWorker } from '../../jobs/worker';
import { buildTestApp, type TestApp } from '../../testing/build-test-app';
import { databaseTargets } from '../../testing/test-database';

describe.each(databaseTargets)('readiness on %s', (target) => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await buildTestApp(target);
  });
  afterAll(async () => testApp.close());

  const ready = () => testApp.app.inject({ method: 'GET', url: '/api/health/ready' });
  const clearHeartbeats = () => testApp.database.db.execute(sql`delete from worker_heartbeats`);

  const databaseChecks = [
    { name: 'database', status: 'ok', message: 'The database answers.' },
    {
      name: 'migrations',
      status: 'ok',
      message: expect.stringMatching(/^\d+ migrations applied\.$/),
    },
  ];

  it('is ready in a process without a worker while none beats anywhere, and reports it', async () => {
    await clearHeartbeats();
    testApp.app.workerPresence.detach();
    const response = await ready();
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      status: 'ready',
      checks: databaseChecks,
      workers: { status: 'none', message: 'No worker has ever beaten.' },
    });
  });

  it('reports another process’s worker as beating, then stale, without gating on it', async () => {
    await clearHeartbeats();
    testApp.app.workerPresence.detach();
    await recordWorkerHeartbeat(testApp.database.db, 'other-process-worker', ['platform-sync']);
    const response = await ready();
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      status: 'ready',
      checks: databaseChecks,
      workers: { status: 'beating', message: expect.stringMatching(/^A worker beat \d+ s ago\.$/) },
    });
    const lockSeconds = testApp.config.syncJobLockSeconds;
    await testApp.database.db.execute(
      sql`update worker_heartbeats set beat_at = now() - make_interval(secs => ${lockSeconds + 5})`,
    );
    const stale = await ready();
    expect(stale.statusCode).toBe(200);
    expect(stale.json().workers).toEqual({
      status: 'stale',
      message: expect.stringMatching(/^No worker has beaten for \d+ s\.$/),
    });
    await removeWorkerHeartbeat(testApp.database.db, 'other-process-worker');
  });

  it("checks this process's own worker in memory when it runs one", async () => {
    await clearHeartbeats();
    const worker = startWorker({
      db: testApp.database.db,
      handlers: { 'ready-test': async () => {} },
    });
    try {
      testApp.app.workerPresence.attach(worker);
      const beating = await ready();
      expect(beating.statusCode).toBe(200);
      expect(beating.json().checks).toEqual([
        ...databaseChecks,
        {
          name: 'worker',
          status: 'ok',
          message: expect.stringMatching(/^This process's worker beat \d+ s ago\.$/),
        },
      ]);
      // A worker whose loop stopped beating (stuck) makes the process not ready.
      testApp.app.workerPresence.attach({
        lockSeconds: 120,
        lastBeatAt: () => Date.now() - 121_000,
      });
      const stuck = await ready();
      expect(stuck.statusCode).toBe(503);
      expect(stuck.json().error.message).toBe(
        "Not ready: worker (This process's worker has not beaten for 121 s.)",
      );
    } finally {
      await worker.stop();
    }
    // A stopped worker leaves no heartbeat row behind.
    const rows = await testApp.database.db.execute(
      sql`select count(*)::int as n from worker_heartbeats`,
    );
    expect((rows as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(0);
  });

  it('is not ready while a migration is missing', async () => {
    await recordWorkerHeartbeat(testApp.database.db, 'migration-test-worker', ['platform-sync']);
    testApp.app.workerPresence.attach({ lockSeconds: 120, lastBeatAt: () => Date.now() });
    const [newest] = (
      (await testApp.database.db.execute(
        sql`select id, hash, created_at from drizzle.__drizzle_migrations order by created_at desc limit 1`,
      )) as unknown as { rows: { id: number; hash: string; created_at: string }[] }
    ).rows;
    await testApp.database.db.execute(
      sql`delete from drizzle.__drizzle_migrations where id = ${newest!.id}`,
    );
    try {
      const response = await ready();
      expect(response.statusCode).toBe(503);
      expect(response.json().error.message).toMatch(
        /^Not ready: migrations \((\d+) of (\d+) migrations applied\.\)$/,
      );
    } finally {
      await testApp.database.db.execute(
        sql`insert into drizzle.__drizzle_migrations (id, hash, created_at) values (${newest!.id}, ${newest!.hash}, ${newest!.created_at})`,
      );
    }
    expect((await ready()).statusCode).toBe(200);
  });
});
