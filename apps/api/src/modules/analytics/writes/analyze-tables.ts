import { sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';

/**
 * Refreshes the planner statistics of the analytics tables the dashboard reads. A whole-table
 * ANALYZE costs in proportion to every tenant's rows, so it never runs per sync: PostgreSQL's
 * autoanalyze keeps them fresh there, and the embedded PGlite (no autovacuum) calls this on a
 * daily schedule and once after a connection's first bulk load, the load that otherwise turns
 * dashboard queries into nested loops on stale estimates.
 */
export async function analyzeAnalyticsTables(db: Database): Promise<void> {
  await db.execute(
    sql`analyze account_daily_metrics, content_daily_metrics, content_monthly_metrics, content_items, audience_breakdowns, daily_traffic_sources`,
  );
}
