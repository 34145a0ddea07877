import crypto from 'node:crypto';
import type { Database } from '../../db/client';
import { enqueueJob, enqueueJobs, type EnqueueOptions } from '../../jobs/queue';

export const syncQueue = 'platform-sync';
export const scheduleQueue = 'platform-sync-schedule';
/** The embedded database's daily planner statistics (PostgreSQL's autoanalyze does it there). */
export const statisticsQueue = 'platform-sync-statistics';

export type SyncJobPayload = { connectionId: string; organizationId: string };

const dayMs = 86_400_000;

/**
 * Where in the day an organisation's daily sync runs, as an offset from the schedule's start:
 * hashed from its id, so ten thousand artists spread evenly over 24 hours instead of all landing
 * at the same minute, and each keeps its own slot from one day to the next.
 */
export function dailySyncOffsetMs(organizationId: string): number {
  const hash = crypto.createHash('sha256').update(organizationId).digest();
  return hash.readUInt32BE(0) % dayMs;
}

function syncJobOf(connection: { id: string; organizationId: string }): EnqueueOptions {
  const payload: SyncJobPayload = {
    connectionId: connection.id,
    organizationId: connection.organizationId,
  };
  return {
    queue: syncQueue,
    payload,
    singletonKey: `sync:${connection.id}`,
    maxAttempts: 6,
    // An organisation's syncs take turns with other organisations' (decision 0035).
    fairnessKey: connection.organizationId,
  };
}

/** Queues a sync of one connection; a sync already queued or running is reused. */
export function enqueueConnectionSync(
  db: Database,
  connection: { id: string; organizationId: string },
  runAt?: Date,
): Promise<{ id: string; isNew: boolean }> {
  return enqueueJob(db, { ...syncJobOf(connection), ...(runAt ? { runAt } : {}) });
}

/**
 * Queues the daily sync of every given connection at its organisation's slot within the 24 hours
 * from `dayStart`, in statements of a thousand; a connection with a sync already queued or
 * running is left alone. Answers how many were queued.
 */
export async function enqueueDailySyncs(
  db: Database,
  connections: { id: string; organizationId: string }[],
  dayStart: Date,
): Promise<number> {
  let queued = 0;
  for (let start = 0; start < connections.length; start += 1000) {
    queued += await enqueueJobs(
      db,
      connections.slice(start, start + 1000).map((connection) => ({
        ...syncJobOf(connection),
        runAt: new Date(dayStart.getTime() + dailySyncOffsetMs(connection.organizationId)),
      })),
    );
  }
  return queued;
}
