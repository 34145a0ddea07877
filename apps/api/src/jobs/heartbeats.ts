import { eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { workerHeartbeats } from '../db/schema';

/** Records that a worker is alive now (one upsert; the row is the worker's own). */
export async function recordWorkerHeartbeat(
  db: Database,
  workerId: string,
  queues: string[],
): Promise<void> {
  await db
    .insert(workerHeartbeats)
    .values({ workerId, queues })
    .onConflictDoUpdate({ target: workerHeartbeats.workerId, set: { beatAt: sql`now()` } });
}

/** A stopping worker leaves no heartbeat behind, so it is not counted as alive. */
export async function removeWorkerHeartbeat(db: Database, workerId: string): Promise<void> {
  await db.delete(workerHeartbeats).where(eq(workerHeartbeats.workerId, workerId));
}

/** Rows of workers that died without stopping: kept a day for inspection, then deleted. */
export async function deleteStaleWorkerHeartbeats(db: Database): Promise<void> {
  await db
    .delete(workerHeartbeats)
    .where(sql`${workerHeartbeats.beatAt} < now() - interval '1 day'`);
}

/** Seconds since the freshest heartbeat of any worker, or null when no worker has beaten. */
export async function readFreshestHeartbeatAge(db: Database): Promise<number | null> {
  const [row] = await db
    .select({
      ageSeconds: sql<
        string | null
      >`extract(epoch from now() - max(${workerHeartbeats.beatAt}))::float8`,
    })
    .from(workerHeartbeats);
  return row?.ageSeconds === null || row?.ageSeconds === undefined ? null : Number(row.ageSeconds);
}
