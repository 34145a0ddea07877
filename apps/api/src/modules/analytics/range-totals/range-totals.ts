import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { accountRangeTotals } from '../../../db/schema';

export type RangeTotalValues = typeof accountRangeTotals.$inferInsert;

/** Stores a platform's own totals over whole spans; a span asked again takes the newer answer. */
export async function upsertRangeTotals(db: Database, rows: RangeTotalValues[]): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insert(accountRangeTotals)
    .values(rows)
    .onConflictDoUpdate({
      target: [
        accountRangeTotals.organizationId,
        accountRangeTotals.accountId,
        accountRangeTotals.metric,
        accountRangeTotals.fromDay,
        accountRangeTotals.toDay,
      ],
      set: { value: sql`excluded.value`, updatedAt: sql`now()` },
    });
}

/** The platform's total of `metric` for exactly `from`..`to`, or null when it never gave one. */
export async function findRangeTotal(
  db: Database,
  organizationId: string,
  accountId: string,
  metric: RangeTotalValues['metric'],
  from: string,
  to: string,
): Promise<number | null> {
  const [row] = await db
    .select({ value: accountRangeTotals.value })
    .from(accountRangeTotals)
    .where(
      and(
        eq(accountRangeTotals.organizationId, organizationId),
        eq(accountRangeTotals.accountId, accountId),
        eq(accountRangeTotals.metric, metric),
        eq(accountRangeTotals.fromDay, from),
        eq(accountRangeTotals.toDay, to),
      ),
    )
    .limit(1);
  return row?.value ?? null;
}
