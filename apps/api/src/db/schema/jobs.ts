import { sql } from 'drizzle-orm';
import {
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/** Durable background work; claimed with `FOR UPDATE SKIP LOCKED` so many workers can share it. */
export const jobs = pgTable(
  'jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    queue: text('queue').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    status: text('status', { enum: ['queued', 'running', 'succeeded', 'failed'] })
      .notNull()
      .default('queued'),
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(5),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    workerId: text('worker_id'),
    lastError: text('last_error'),
    singletonKey: text('singleton_key'),
    /**
     * Jobs sharing a key (a sync's organisation) take turns with other keys: a claim prefers the
     * key claimed least recently, so one tenant's many jobs never queue the others out
     * (decision 0035). Null: outside the rotation, claimed first in run order.
     */
    fairnessKey: text('fairness_key'),
    /** When a worker last claimed it: the fairness rotation's clock. */
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (table) => [
    index('jobs_ready_idx').on(table.queue, table.status, table.runAt),
    index('jobs_fairness_claimed_idx').on(table.fairnessKey, table.claimedAt),
    // At most one queued-or-running job per singleton key (e.g. one sync per connection).
    uniqueIndex('jobs_singleton_active_idx')
      .on(table.singletonKey)
      .where(sql`${table.status} in ('queued', 'running') and ${table.singletonKey} is not null`),
  ],
);

/**
 * One row per running worker, beaten while it polls or runs a job: readiness and metrics read the
 * freshest one, so a process without a worker can still tell whether any worker is alive.
 */
export const workerHeartbeats = pgTable('worker_heartbeats', {
  workerId: text('worker_id').primaryKey(),
  queues: text('queues').array().notNull(),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
  beatAt: timestamp('beat_at', { withTimezone: true }).notNull().defaultNow(),
});
