import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { jobs } from '../db/schema';

/** How many jobs each queue holds, by state; finished ones only while they are kept (7 days). */
export type JobStateCount = {
  queue: string;
  state: 'queued' | 'scheduled' | 'running' | 'failed';
  count: number;
};

/**
 * One grouped read of the jobs table at scrape time: `queued` is due now, `scheduled` waits for
 * its time (the daily schedule, quota pauses, retries), `running` is held by a worker.
 */
export async function countJobsByState(db: Database): Promise<JobStateCount[]> {
  const result = await db.execute<JobStateCount>(sql`
    select ${jobs.queue} as queue,
      case when ${jobs.status} = 'queued' and ${jobs.runAt} > now() then 'scheduled'
        else ${jobs.status} end as state,
      count(*)::int as count
    from ${jobs}
    where ${jobs.status} in ('queued', 'running', 'failed')
    group by 1, 2`);
  return (result as unknown as { rows: JobStateCount[] }).rows.map((row) => ({
    ...row,
    count: Number(row.count),
  }));
}
