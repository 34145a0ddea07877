import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { jobs } from '../db/schema';

export type Job = typeof jobs.$inferSelect;

export type EnqueueOptions = {
  queue: string;
  payload?: Record<string, unknown>;
  runAt?: Date;
  /** Only one queued-or-running job may hold this key; a second enqueue returns the first. */
  singletonKey?: string;
  maxAttempts?: number;
  /** Jobs of one key take turns with other keys' (e.g. the organisation of a sync). */
  fairnessKey?: string;
};

/** Adds a job; with a singleton key already active, returns that job's id instead. */
export async function enqueueJob(
  db: Database,
  options: EnqueueOptions,
): Promise<{ id: string; isNew: boolean }> {
  const inserted = await db
    .insert(jobs)
    .values({
      queue: options.queue,
      payload: options.payload ?? {},
      runAt: options.runAt ?? new Date(),
      singletonKey: options.singletonKey ?? null,
      maxAttempts: options.maxAttempts ?? 5,
      fairnessKey: options.fairnessKey ?? null,
    })
    .onConflictDoNothing()
    .returning({ id: jobs.id });
  if (inserted[0]) return { id: inserted[0].id, isNew: true };
  const [active] = await db
    .select({ id: jobs.id })
    .from(jobs)
    .where(
      and(
        eq(jobs.singletonKey, options.singletonKey ?? ''),
        sql`${jobs.status} in ('queued', 'running')`,
      ),
    )
    .limit(1);
  if (!active) return enqueueJob(db, options);
  // A job merely scheduled for later (no failure or quota pause behind its time) becomes due no
  // later than this enqueue asks: a "sync now" must not wait for the daily sync's slot.
  const runAt = options.runAt ?? new Date();
  await db
    .update(jobs)
    .set({ runAt })
    .where(
      and(
        eq(jobs.id, active.id),
        eq(jobs.status, 'queued'),
        isNull(jobs.lastError),
        sql`${jobs.runAt} > ${runAt.toISOString()}::timestamptz`,
      ),
    );
  return { id: active.id, isNew: false };
}

/**
 * Adds many jobs in one statement (schedulers queueing thousands at once). A job whose singleton
 * key is already queued or running is left out; answers how many were added.
 */
export async function enqueueJobs(db: Database, options: EnqueueOptions[]): Promise<number> {
  if (options.length === 0) return 0;
  const inserted = await db
    .insert(jobs)
    .values(
      options.map((option) => ({
        queue: option.queue,
        payload: option.payload ?? {},
        runAt: option.runAt ?? new Date(),
        singletonKey: option.singletonKey ?? null,
        maxAttempts: option.maxAttempts ?? 5,
        fairnessKey: option.fairnessKey ?? null,
      })),
    )
    .onConflictDoNothing()
    .returning({ id: jobs.id });
  return inserted.length;
}

/**
 * Claims the next due job of the given queues, taking fairness keys in turns: among due jobs, the
 * one whose key was claimed least recently goes first (never-claimed keys and jobs without a key
 * first), then run order. A tenant with fifty jobs queued thus gets one claim per round like a
 * tenant with one, instead of queueing it out (decision 0035). A running job whose lock expired (its worker
 * died) is due again while it has attempts left; one that used them all (it crashed its process
 * every time) is failed for good instead of being claimed forever. Concurrent workers never claim
 * the same job.
 */
export async function claimJob(
  db: Database,
  queues: string[],
  workerId: string,
  lockSeconds: number,
): Promise<Job | null> {
  const queueList = sql.join(
    queues.map((queue) => sql`${queue}`),
    sql`, `,
  );
  await db.execute(sql`
    update ${jobs} set
      status = 'failed',
      locked_until = null,
      finished_at = now(),
      updated_at = now(),
      last_error = 'The worker running it stopped ' || attempts || ' times without finishing'
    where queue in (${queueList})
      and status = 'running' and locked_until < now() and attempts >= max_attempts`);
  const result = await db.execute<Record<string, unknown>>(sql`
    update ${jobs} set
      status = 'running',
      attempts = ${jobs.attempts} + 1,
      worker_id = ${workerId},
      locked_until = now() + make_interval(secs => ${lockSeconds}),
      claimed_at = clock_timestamp(),
      updated_at = now()
    where ${jobs.id} = (
      select due.id from ${jobs} as due
      where due.queue in (${queueList})
        and due.run_at <= now()
        and due.attempts < due.max_attempts
        and (due.status = 'queued' or (due.status = 'running' and due.locked_until < now()))
      order by (
          select max(turn.claimed_at) from ${jobs} as turn
          where turn.fairness_key = due.fairness_key
        ) nulls first,
        due.run_at, due.created_at
      limit 1
      for update of due skip locked
    )
    returning id`);
  const rows =
    (result as unknown as { rows?: { id: string }[] }).rows ??
    (result as unknown as { id: string }[]);
  const id = rows[0]?.id;
  if (!id) return null;
  const [job] = await db.select().from(jobs).where(eq(jobs.id, id));
  return job ?? null;
}

/** The job is still this worker's: running, locked by it. */
function heldBy(job: Pick<Job, 'id'>, workerId: string) {
  return and(eq(jobs.id, job.id), eq(jobs.workerId, workerId), eq(jobs.status, 'running'));
}

/** Extends the lock; false when the job is no longer this worker's (its lock was lost). */
export async function extendJobLock(
  db: Database,
  id: string,
  workerId: string,
  lockSeconds: number,
): Promise<boolean> {
  const rows = await db
    .update(jobs)
    .set({ lockedUntil: sql`now() + make_interval(secs => ${lockSeconds})`, updatedAt: new Date() })
    .where(and(heldBy({ id }, workerId), sql`${jobs.lockedUntil} >= now()`))
    .returning({ id: jobs.id });
  return rows.length === 1;
}

/** Marks the job done; false (and nothing changed) when another worker holds it now. */
export async function completeJob(
  db: Database,
  job: Pick<Job, 'id'>,
  workerId: string,
): Promise<boolean> {
  const rows = await db
    .update(jobs)
    .set({
      status: 'succeeded',
      lockedUntil: null,
      finishedAt: new Date(),
      updatedAt: new Date(),
      lastError: null,
    })
    .where(heldBy(job, workerId))
    .returning({ id: jobs.id });
  return rows.length === 1;
}

/**
 * Records a failure: retried at `retryAt` while attempts remain, otherwise failed for good.
 * `lost` (nothing changed) when another worker holds the job now.
 */
export async function failJob(
  db: Database,
  job: Job,
  workerId: string,
  error: string,
  retryAt: Date | null,
): Promise<'retry' | 'failed' | 'lost'> {
  const canRetry = retryAt !== null && job.attempts < job.maxAttempts;
  const rows = await db
    .update(jobs)
    .set(
      canRetry
        ? {
            status: 'queued',
            runAt: retryAt,
            lockedUntil: null,
            lastError: error,
            updatedAt: new Date(),
          }
        : {
            status: 'failed',
            lockedUntil: null,
            lastError: error,
            finishedAt: new Date(),
            updatedAt: new Date(),
          },
    )
    .where(heldBy(job, workerId))
    .returning({ id: jobs.id });
  if (rows.length === 0) return 'lost';
  return canRetry ? 'retry' : 'failed';
}

/** Puts a job back without spending an attempt (e.g. a provider quota pause). */
export async function postponeJob(
  db: Database,
  job: Job,
  workerId: string,
  runAt: Date,
  reason: string,
): Promise<boolean> {
  const rows = await db
    .update(jobs)
    .set({
      status: 'queued',
      runAt,
      attempts: Math.max(0, job.attempts - 1),
      lockedUntil: null,
      lastError: reason,
      updatedAt: new Date(),
    })
    .where(heldBy(job, workerId))
    .returning({ id: jobs.id });
  return rows.length === 1;
}

/** Finished jobs are kept a while for inspection, then deleted: succeeded a day, failed a week. */
export async function deleteFinishedJobs(db: Database): Promise<number> {
  const rows = await db
    .delete(jobs)
    .where(
      sql`(${jobs.status} = 'succeeded' and ${jobs.finishedAt} < now() - interval '1 day')
        or (${jobs.status} = 'failed' and ${jobs.finishedAt} < now() - interval '7 days')`,
    )
    .returning({ id: jobs.id });
  return rows.length;
}

export async function findJob(db: Database, id: string): Promise<Job | null> {
  const [job] = await db.select().from(jobs).where(eq(jobs.id, id));
  return job ?? null;
}
