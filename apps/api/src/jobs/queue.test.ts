import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DatabaseHandle } from '../db/client';
import { jobs } from '../db/schema';
import { createTestDatabase, databaseTargets } from '../testing/test-database';
import {
  claimJob,
  completeJob,
  deleteFinishedJobs,
  enqueueJob,
  failJob,
  findJob,
  postponeJob,
} from './queue';
import { PermanentJobFailure, PostponeJob, startWorker, wakeWorkers } from './worker';

describe.each(databaseTargets)('durable job queue on %s', (target) => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase(target);
  });
  afterAll(async () => database.close());

  const queue = () => `test-${Math.random().toString(36).slice(2)}`;

  it('claims due jobs once, in order, and records completion', async () => {
    const name = queue();
    const first = await enqueueJob(database.db, { queue: name, payload: { n: 1 } });
    await enqueueJob(database.db, {
      queue: name,
      payload: { n: 2 },
      runAt: new Date(Date.now() + 60_000),
    });
    const claimed = await claimJob(database.db, [name], 'w1', 30);
    expect(claimed).toMatchObject({
      id: first.id,
      status: 'running',
      attempts: 1,
      workerId: 'w1',
      payload: { n: 1 },
    });
    expect(await claimJob(database.db, [name], 'w2', 30)).toBeNull();
    await completeJob(database.db, first, 'w1');
    expect((await findJob(database.db, first.id))?.status).toBe('succeeded');
  });

  it('keeps one active job per singleton key', async () => {
    const name = queue();
    const first = await enqueueJob(database.db, { queue: name, singletonKey: `sync:${name}` });
    const second = await enqueueJob(database.db, { queue: name, singletonKey: `sync:${name}` });
    expect(second).toEqual({ id: first.id, isNew: false });
    await claimJob(database.db, [name], 'w1', 30);
    await completeJob(database.db, first, 'w1');
    const third = await enqueueJob(database.db, { queue: name, singletonKey: `sync:${name}` });
    expect(third.isNew).toBe(true);
  });

  it('gives a crashed worker’s job to another once its lock expires', async () => {
    const name = queue();
    const { id } = await enqueueJob(database.db, { queue: name });
    await claimJob(database.db, [name], 'crashed', 30);
    expect(await claimJob(database.db, [name], 'w2', 30)).toBeNull();
    await database.db
      .update(jobs)
      .set({ lockedUntil: sql`now() - interval '1 second'` })
      .where(eq(jobs.id, id));
    const reclaimed = await claimJob(database.db, [name], 'w2', 30);
    expect(reclaimed).toMatchObject({ id, workerId: 'w2', attempts: 2 });
  });

  it('lets only the worker holding a job complete, fail or postpone it', async () => {
    const name = queue();
    const { id } = await enqueueJob(database.db, { queue: name });
    const first = (await claimJob(database.db, [name], 'w1', 30))!;
    await database.db
      .update(jobs)
      .set({ lockedUntil: sql`now() - interval '1 second'` })
      .where(eq(jobs.id, id));
    const second = (await claimJob(database.db, [name], 'w2', 30))!;
    expect(second.workerId).toBe('w2');
    // The first worker wakes up late: nothing it reports changes the job.
    expect(await completeJob(database.db, first, 'w1')).toBe(false);
    expect(await failJob(database.db, first, 'w1', 'late', null)).toBe('lost');
    expect(await postponeJob(database.db, first, 'w1', new Date(), 'late')).toBe(false);
    expect(await findJob(database.db, id)).toMatchObject({
      status: 'running',
      workerId: 'w2',
      lastError: null,
    });
    expect(await completeJob(database.db, second, 'w2')).toBe(true);
    expect((await findJob(database.db, id))?.status).toBe('succeeded');
  });

  it('fails a job that crashed its worker max_attempts times instead of claiming it forever', async () => {
    const name = queue();
    const { id } = await enqueueJob(database.db, { queue: name, maxAttempts: 2 });
    for (const worker of ['crash-1', 'crash-2']) {
      expect(await claimJob(database.db, [name], worker, 30)).toMatchObject({ id });
      await database.db
        .update(jobs)
        .set({ lockedUntil: sql`now() - interval '1 second'` })
        .where(eq(jobs.id, id));
    }
    expect(await claimJob(database.db, [name], 'w3', 30)).toBeNull();
    expect(await findJob(database.db, id)).toMatchObject({
      status: 'failed',
      attempts: 2,
      lastError: 'The worker running it stopped 2 times without finishing',
    });
  });

  it('deletes finished jobs after their retention (a day succeeded, a week failed)', async () => {
    const name = queue();
    const ids = await Promise.all(
      [0, 1, 2, 3].map(async () => (await enqueueJob(database.db, { queue: name })).id),
    );
    const finish = (id: string, status: 'succeeded' | 'failed', age: string) =>
      database.db
        .update(jobs)
        .set({ status, finishedAt: sql`now() - ${age}::interval` })
        .where(eq(jobs.id, id));
    await finish(ids[0]!, 'succeeded', '2 days');
    await finish(ids[1]!, 'succeeded', '1 hour');
    await finish(ids[2]!, 'failed', '8 days');
    await finish(ids[3]!, 'failed', '2 days');
    await deleteFinishedJobs(database.db);
    const left = await Promise.all(ids.map((id) => findJob(database.db, id)));
    expect(left.map((job) => job !== null)).toEqual([false, true, false, true]);
  });

  it('stops a handler whose lock was lost to another worker', async () => {
    const name = queue();
    const { id } = await enqueueJob(database.db, { queue: name });
    let started!: () => void;
    const isStarted = new Promise<void>((resolve) => (started = resolve));
    let abortReason: unknown = null;
    const worker = startWorker({
      db: database.db,
      concurrency: 0,
      heartbeatMs: 30,
      handlers: {
        [name]: (_job, signal) =>
          new Promise((_resolve, reject) => {
            started();
            signal.addEventListener('abort', () => {
              abortReason = signal.reason;
              reject(signal.reason as Error);
            });
          }),
      },
    });
    const drained = worker.drain();
    await isStarted;
    // Another worker took the job over (e.g. after a long pause of this one).
    await database.db.update(jobs).set({ workerId: 'other' }).where(eq(jobs.id, id));
    await drained;
    expect(String(abortReason)).toMatch(/lock was lost/);
    expect(await findJob(database.db, id)).toMatchObject({ status: 'running', workerId: 'other' });
    await worker.stop();
  });

  it('gives a job back at once, attempt unspent, when its worker stops mid-run', async () => {
    const name = queue();
    const { id } = await enqueueJob(database.db, { queue: name, maxAttempts: 1 });
    let started!: () => void;
    const isStarted = new Promise<void>((resolve) => (started = resolve));
    let abortReason: unknown = null;
    const worker = startWorker({
      db: database.db,
      concurrency: 0,
      handlers: {
        [name]: (_job, signal) =>
          new Promise((_resolve, reject) => {
            started();
            signal.addEventListener('abort', () => {
              abortReason = signal.reason;
              reject(signal.reason as Error);
            });
          }),
      },
    });
    const drained = worker.drain();
    await isStarted;
    await worker.stop();
    await drained;
    expect(String(abortReason)).toMatch(/worker is stopping/);
    const job = await findJob(database.db, id);
    expect(job).toMatchObject({ status: 'queued', attempts: 0, workerId: worker.id });
    expect(job!.runAt.getTime()).toBeLessThanOrEqual(Date.now());
    // Its only attempt is still there: the next worker runs it.
    expect((await claimJob(database.db, [name], 'next', 30))?.id).toBe(id);
  });

  it('retries failures until attempts run out', async () => {
    const name = queue();
    const { id } = await enqueueJob(database.db, { queue: name, maxAttempts: 2 });
    const firstTry = (await claimJob(database.db, [name], 'w', 30))!;
    expect(await failJob(database.db, firstTry, 'w', 'boom', new Date())).toBe('retry');
    const secondTry = (await claimJob(database.db, [name], 'w', 30))!;
    expect(secondTry.attempts).toBe(2);
    expect(await failJob(database.db, secondTry, 'w', 'boom again', new Date())).toBe('failed');
    expect(await findJob(database.db, id)).toMatchObject({
      status: 'failed',
      lastError: 'boom again',
    });
  });

  it('runs handlers in a worker: postpones without spending attempts, fails permanent errors at once', async () => {
    const name = queue();
    const postponed = await enqueueJob(database.db, { queue: name, payload: { kind: 'postpone' } });
    const permanent = await enqueueJob(database.db, {
      queue: name,
      payload: { kind: 'permanent' },
    });
    const fine = await enqueueJob(database.db, { queue: name, payload: { kind: 'fine' } });
    const seen: string[] = [];
    const worker = startWorker({
      db: database.db,
      pollIntervalMs: 10_000,
      handlers: {
        [name]: async (job) => {
          seen.push(String(job.payload.kind));
          if (job.payload.kind === 'postpone')
            throw new PostponeJob(new Date(Date.now() + 3_600_000), 'quota');
          if (job.payload.kind === 'permanent')
            throw new PermanentJobFailure('malformed upstream data');
        },
      },
    });
    await worker.stop();
    await worker.drain();
    expect(seen.sort()).toEqual(['fine', 'permanent', 'postpone']);
    expect(await findJob(database.db, postponed.id)).toMatchObject({
      status: 'queued',
      attempts: 0,
      lastError: 'quota',
    });
    expect(await findJob(database.db, permanent.id)).toMatchObject({
      status: 'failed',
      lastError: 'malformed upstream data',
    });
    expect((await findJob(database.db, fine.id))?.status).toBe('succeeded');
  });

  it('starts a job committed in this process at once when woken, not at the next poll', async () => {
    const name = queue();
    let ran: (id: string) => void = () => {};
    const running = new Promise<string>((resolve) => (ran = resolve));
    // A poll every ten minutes: only the wake can start the job within the test's time.
    const worker = startWorker({
      db: database.db,
      pollIntervalMs: 600_000,
      handlers: { [name]: async (job) => ran(job.id) },
    });
    try {
      await vi.waitFor(() => expect(worker.isIdle()).toBe(true));
      const job = await enqueueJob(database.db, { queue: name, payload: {} });
      wakeWorkers();
      expect(await running).toBe(job.id);
    } finally {
      await worker.stop();
    }
  });

  it('lets concurrent workers share a queue without running any job twice', async () => {
    const name = queue();
    const total = 40;
    for (let index = 0; index < total; index += 1)
      await enqueueJob(database.db, { queue: name, payload: { index } });
    const runs: number[] = [];
    const handler = async (job: { payload: Record<string, unknown> }) => {
      runs.push(Number(job.payload.index));
      await new Promise((resolve) => setTimeout(resolve, 1));
    };
    const workers = [1, 2, 3].map(() =>
      startWorker({
        db: database.db,
        handlers: { [name]: handler },
        pollIntervalMs: 5,
        concurrency: 2,
      }),
    );
    const deadline = Date.now() + 20_000;
    while (runs.length < total && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 20));
    await Promise.all(workers.map((worker) => worker.stop()));
    expect(runs.length).toBe(total);
    expect(new Set(runs).size).toBe(total);
  });
});
