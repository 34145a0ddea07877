import type { PlanLimitName } from '@crescendo/contracts';
import { and, count, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  artistProfiles,
  campaigns,
  platformConnections,
  usageCounters,
  usageEvents,
} from '../../db/schema';

/** Counted use of a metered limit in the period starting at `periodStart`. */
export async function readPeriodUsage(
  db: Database,
  organizationId: string,
  limit: PlanLimitName,
  periodStart: Date,
): Promise<number> {
  const rows = await db
    .select({ used: usageCounters.used })
    .from(usageCounters)
    .where(
      and(
        eq(usageCounters.organizationId, organizationId),
        eq(usageCounters.limitName, limit),
        eq(usageCounters.periodStart, periodStart),
      ),
    );
  return rows[0]?.used ?? 0;
}

/** What exists now for the limits that count things (not metered per period). */
export async function countExisting(
  db: Database,
  organizationId: string,
  limit: 'connectedAccounts' | 'campaigns' | 'artists',
): Promise<number> {
  const table = { connectedAccounts: platformConnections, campaigns, artists: artistProfiles }[
    limit
  ];
  const rows = await db
    .select({ total: count() })
    .from(table)
    .where(eq(table.organizationId, organizationId));
  return Number(rows[0]?.total ?? 0);
}

export async function hasConnectionFor(
  db: Database,
  organizationId: string,
  provider: string,
): Promise<boolean> {
  const rows = await db
    .select({ id: platformConnections.id })
    .from(platformConnections)
    .where(
      and(
        eq(platformConnections.organizationId, organizationId),
        sql`${platformConnections.provider} = ${provider}`,
      ),
    )
    .limit(1);
  return rows.length > 0;
}

export type RecordOutcome =
  | { kind: 'counted'; used: number }
  | { kind: 'already-counted'; used: number }
  | { kind: 'over-limit'; used: number };

/**
 * Counts one action once: the action id is stored with the period, and the counter only moves
 * while under `allowed` (null: unlimited), atomically, so concurrent requests cannot overshoot.
 */
export async function recordPeriodUsage(
  db: Database,
  input: {
    organizationId: string;
    limit: PlanLimitName;
    actionId: string;
    periodStart: Date;
    allowed: number | null;
  },
): Promise<RecordOutcome> {
  const { organizationId, limit, actionId, periodStart, allowed } = input;
  return db
    .transaction(async (tx): Promise<RecordOutcome> => {
      const inserted = await tx
        .insert(usageEvents)
        .values({ organizationId, limitName: limit, actionId, periodStart })
        .onConflictDoNothing()
        .returning({ actionId: usageEvents.actionId });
      if (inserted.length === 0) {
        return {
          kind: 'already-counted',
          used: await readPeriodUsage(tx, organizationId, limit, periodStart),
        } as const;
      }
      await tx
        .insert(usageCounters)
        .values({ organizationId, limitName: limit, periodStart, used: 0 })
        .onConflictDoNothing();
      const bumped = await tx
        .update(usageCounters)
        .set({ used: sql`${usageCounters.used} + 1` })
        .where(
          and(
            eq(usageCounters.organizationId, organizationId),
            eq(usageCounters.limitName, limit),
            eq(usageCounters.periodStart, periodStart),
            allowed === null ? undefined : sql`${usageCounters.used} < ${allowed}`,
          ),
        )
        .returning({ used: usageCounters.used });
      if (bumped.length === 0) {
        // Undo the action's row: a refused action was not used.
        throw new OverLimit(await readPeriodUsage(tx, organizationId, limit, periodStart));
      }
      return { kind: 'counted', used: bumped[0]!.used } as const;
    })
    .catch((error: unknown) => {
      if (error instanceof OverLimit) return { kind: 'over-limit', used: error.used } as const;
      throw error;
    });
}

class OverLimit extends Error {
  constructor(readonly used: number) {
    super('over limit');
  }
}
