import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/client';
import { jobs } from '../db/schema';
import { createTestDatabase, databaseTargets } from '../testing/test-database';
import { claimJob, completeJob, enqueueJob, findJob, postponeJob } from './queue';
import { startWorker } from './worker';

describe.each(databaseTargets)('job queue fairness on %s', (target) => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase(target);
  });
  afterAll(async () => database.close());

  const queue = () => `fair-${Math.random().toString(36).slice(2)}`;

  it('runs a small tenant’s one job before a large tenant’s queued jobs are all done', async () => {
    const name = queue();
    const large = `large-${name}`;
    const small = `small-${name}`;
    // The large tenant's jobs were queued first and are all due earlier.
    const past = Date.now() - 60_000;
    for (let index = 0; index < 5; index += 1) {
      await enqueueJob(database.db, {
        queue: name,
        payload: { tenant: large, index },
        fairnessKey: large,
        runAt: new Date(past + index),
      });
    }
    await enqueueJob(database.db, {
      queue: name,
      payload: { tenant: small, index: 0 },
      fairnessKey: small,
    });
    const order: string[] = [];
    let resolveDone: () => void = () => {};
    const done = new Promise<void>((resolve) => {
      resolveDone = resolve;
    });
    // The product's worker, one job at a time, polling the real queue until all six ran.
    const worker = startWorker({
      db: database.db,
      pollIntervalMs: 20,
      concurrency: 1,
      handlers: {
        [name]: async (job) => {
          order.push(`${String(job.payload.tenant)}#${String(job.payload.index)}`);
          if (order.length === 6) resolveDone();
        },
      },
    });
    try {
      await done;
    } finally {
      await worker.stop();
    }
    expect(order).toHaveLength(6);
    // One of the large tenant's, then the small one's turn, then the rest in run order.
    expect(order).toEqual([
      `${large}#0`,
      `${small}#0`,
      `${large}#1`,
      `${large}#2`,
      `${large}#3`,
      `${large}#4`,
    ]);
  });

  it('takes keys in turns across claims: the key claimed least recently goes first', async () => {
    const name = queue();
    const keys = ['a', 'b', 'c'].map((key) => `${key}-${name}`);
    for (const key of keys) {
      for (let index = 0; index < 2; index += 1) {
        await enqueueJob(database.db, {
          queue: name,
          payload: { key, index },
          fairnessKey: key,
          runAt: new Date(Date.now() - 60_000 + index),
        });
      }
    }
    const claimed: string[] = [];
    for (let turn = 0; turn < 6; turn += 1) {
      const job = (await claimJob(database.db, [name], 'w1', 30))!;
      claimed.push(String(job.payload.key));
      await completeJob(database.db, job, 'w1');
    }
    // Each key once, then each again, in the order they were first served.
    expect(claimed.slice(0, 3).sort()).toEqual([...keys].sort());
    expect(claimed.slice(3)).toEqual(claimed.slice(0, 3));
    expect(await claimJob(database.db, [name], 'w1', 30)).toBeNull();
  });

  it('a running job’s key waits for the other keys, with two workers claiming', async () => {
    const name = queue();
    for (let index = 0; index < 3; index += 1) {
      await enqueueJob(database.db, {
        queue: name,
        payload: { key: 'big', index },
        fairnessKey: `big-${name}`,
        runAt: new Date(Date.now() - 60_000 + index),
      });
    }
    await enqueueJob(database.db, {
      queue: name,
      payload: { key: 'small', index: 0 },
      fairnessKey: `small-${name}`,
    });
    const first = (await claimJob(database.db, [name], 'w1', 30))!;
    const second = (await claimJob(database.db, [name], 'w2', 30))!;
    expect([first.payload.key, second.payload.key]).toEqual(['big', 'small']);
  });

  it('brings a merely scheduled job forward on a new enqueue, not a paused one', async () => {
    const name = queue();
    const later = new Date(Date.now() + 6 * 3_600_000);
    const scheduled = await enqueueJob(database.db, {
      queue: name,
      singletonKey: `sync:${name}`,
      runAt: later,
    });
    expect(await claimJob(database.db, [name], 'w1', 30)).toBeNull();
    const now = await enqueueJob(database.db, { queue: name, singletonKey: `sync:${name}` });
    expect(now).toEqual({ id: scheduled.id, isNew: false });
    const claimed = (await claimJob(database.db, [name], 'w1', 30))!;
    expect(claimed.id).toBe(scheduled.id);

    // Paused (a quota): asking again does not run it into the same quota.
    await postponeJob(database.db, claimed, 'w1', later, 'quota reached');
    await enqueueJob(database.db, { queue: name, singletonKey: `sync:${name}` });
    expect(await claimJob(database.db, [name], 'w1', 30)).toBeNull();
    const [row] = await database.db.select().from(jobs).where(eq(jobs.id, scheduled.id));
    expect(row!.runAt.getTime()).toBe(later.getTime());
    expect((await findJob(database.db, scheduled.id))?.status).toBe('queued');
  });
});
