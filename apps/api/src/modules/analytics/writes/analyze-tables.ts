import { sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import {
  accountDailyMetrics,
  audienceBreakdowns,
  contentDailyMetrics,
  contentItems,
  contentMonthlyMetrics,
  dailyTrafficSources,
} from '../../../db/schema';

/** The analytics tables the dashboard reads, whose planner statistics go stale after a bulk load. */
const dashboardTables = [
  accountDailyMetrics,
  contentDailyMetrics,
  contentMonthlyMetrics,
  contentItems,
  audienceBreakdowns,
  dailyTrafficSources,
];

/**
 * Refreshes the planner statistics of the analytics tables the dashboard reads. A whole-table
 * ANALYZE costs in proportion to every tenant's rows, so it never runs per sync: PostgreSQL's
 * autoanalyze keeps them fresh there, and the embedded PGlite (no autovacuum) calls this on a
 * daily schedule and once after a connection's first bulk load, the load that otherwise turns
 * dashboard queries into nested loops on stale estimates. The analytics module owns these tables,
 * so the sync asks for this without naming them.
 */
export async function analyzeAnalyticsTables(db: Database): Promise<void> {
  await db.execute(sql`analyze ${sql.join(dashboardTables, sql`, `)}`);
}
