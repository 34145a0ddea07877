import type { Database } from '../../db/client';
import { enqueueJob } from '../../jobs/queue';

export const syncQueue = 'platform-sync';
export const scheduleQueue = 'platform-sync-schedule';
/** The embedded database's daily planner statistics (PostgreSQL's autoanalyze does it there). */
export const statisticsQueue = 'platform-sync-statistics';

export type SyncJobPayload = { connectionId: string; organizationId: string };

/** Queues a sync of one connection; a sync already queued or running is reused. */
export function enqueueConnectionSync(
  db: Database,
  connection: { id: string; organizationId: string },
  runAt?: Date,
): Promise<{ id: string; isNew: boolean }> {
  const payload: SyncJobPayload = {
    connectionId: connection.id,
    organizationId: connection.organizationId,
  };
  return enqueueJob(db, {
    queue: syncQueue,
    payload,
    singletonKey: `sync:${connection.id}`,
    maxAttempts: 6,
    ...(runAt ? { runAt } : {}),
  });
}
