import type { Connection } from '@crescendo/contracts';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { analyticsAccounts, oauthStates, platformConnections } from '../../db/schema';

export type ConnectionRow = typeof platformConnections.$inferSelect;
export type OAuthStateRow = typeof oauthStates.$inferSelect;

/**
 * Queues a sync of one connection, reusing one already queued or running. The sync module owns
 * the queue and builds on connections, so app.ts passes this in rather than connections
 * importing the sync.
 */
export type EnqueueConnectionSync = (
  db: Database,
  connection: { id: string; organizationId: string },
) => Promise<{ id: string; isNew: boolean }>;
type AccountSummary = Connection['accounts'][number];

function toIsoDay(value: string | null): string | null {
  return value ? value.slice(0, 10) : null;
}

export function toConnection(
  row: ConnectionRow,
  accounts: AccountSummary[],
  trackedSince: string | null = null,
): Connection {
  return {
    id: row.id,
    provider: row.provider,
    accountName: row.accountName,
    status: row.status,
    sandbox: row.isSandbox,
    lastSyncedAt: row.lastSyncedAt?.toISOString() ?? null,
    sync: { step: row.syncStep, percent: row.syncPercent, error: row.syncError },
    dataCompleteThrough: toIsoDay(row.dataCompleteThrough),
    ...(row.provider === 'tiktok' ? { trackedSince: toIsoDay(trackedSince) } : {}),
    accounts,
  };
}

export async function insertOAuthState(
  db: Database,
  values: typeof oauthStates.$inferInsert,
): Promise<void> {
  await db.insert(oauthStates).values(values);
}

export async function findOAuthState(
  db: Database,
  stateHash: string,
): Promise<OAuthStateRow | null> {
  const [row] = await db.select().from(oauthStates).where(eq(oauthStates.stateHash, stateHash));
  return row ?? null;
}

/** Marks a state used; false when another request used it first (a replay race). */
export async function markOAuthStateUsed(
  db: Database,
  state: Pick<OAuthStateRow, 'organizationId' | 'id'>,
): Promise<boolean> {
  const rows = await db
    .update(oauthStates)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(oauthStates.organizationId, state.organizationId),
        eq(oauthStates.id, state.id),
        sql`${oauthStates.usedAt} is null`,
      ),
    )
    .returning({ id: oauthStates.id });
  return rows.length === 1;
}

/** Expired states are kept a day so a late replay still gets "already used/expired", not "unknown". */
export async function deleteStaleOAuthStates(db: Database): Promise<void> {
  await db.delete(oauthStates).where(sql`${oauthStates.expiresAt} < now() - interval '1 day'`);
}

export async function findConnectionByAccount(
  db: Database,
  organizationId: string,
  provider: ConnectionRow['provider'],
  externalAccountId: string,
): Promise<ConnectionRow | null> {
  const [row] = await db
    .select()
    .from(platformConnections)
    .where(
      and(
        eq(platformConnections.organizationId, organizationId),
        eq(platformConnections.provider, provider),
        eq(platformConnections.externalAccountId, externalAccountId),
      ),
    );
  return row ?? null;
}

export async function upsertConnection(
  db: Database,
  values: typeof platformConnections.$inferInsert & { id: string },
): Promise<ConnectionRow> {
  const { id, organizationId, provider, externalAccountId, createdAt, ...changes } = values;
  void createdAt;
  const [row] = await db
    .insert(platformConnections)
    .values(values)
    .onConflictDoUpdate({
      target: [
        platformConnections.organizationId,
        platformConnections.provider,
        platformConnections.externalAccountId,
      ],
      set: { ...changes, updatedAt: new Date() },
    })
    .returning();
  if (!row || row.id !== id || row.organizationId !== organizationId || row.provider !== provider) {
    throw new Error(`connection upsert for ${externalAccountId} returned an unexpected row`);
  }
  return row;
}

export async function findConnection(
  db: Database,
  organizationId: string,
  id: string,
): Promise<ConnectionRow | null> {
  const [row] = await db
    .select()
    .from(platformConnections)
    .where(
      and(eq(platformConnections.id, id), eq(platformConnections.organizationId, organizationId)),
    );
  return row ?? null;
}

export async function listConnectionRows(
  db: Database,
  organizationId: string,
): Promise<ConnectionRow[]> {
  return db
    .select()
    .from(platformConnections)
    .where(eq(platformConnections.organizationId, organizationId))
    .orderBy(asc(platformConnections.createdAt));
}

export async function listAccountSummaries(
  db: Database,
  organizationId: string,
  connectionIds: string[],
): Promise<Map<string, AccountSummary[]>> {
  const byConnection = new Map<string, AccountSummary[]>();
  if (connectionIds.length === 0) return byConnection;
  const rows = await db
    .select({
      id: analyticsAccounts.id,
      connectionId: analyticsAccounts.connectionId,
      platform: analyticsAccounts.platform,
      name: analyticsAccounts.name,
      handle: analyticsAccounts.handle,
    })
    .from(analyticsAccounts)
    .where(
      and(
        eq(analyticsAccounts.organizationId, organizationId),
        inArray(analyticsAccounts.connectionId, connectionIds),
      ),
    )
    .orderBy(asc(analyticsAccounts.platform));
  for (const { connectionId, ...account } of rows) {
    byConnection.set(connectionId, [...(byConnection.get(connectionId) ?? []), account]);
  }
  return byConnection;
}

export async function updateConnection(
  db: Database,
  organizationId: string,
  id: string,
  changes: Partial<typeof platformConnections.$inferInsert>,
): Promise<void> {
  await db
    .update(platformConnections)
    .set({ ...changes, updatedAt: new Date() })
    .where(
      and(eq(platformConnections.id, id), eq(platformConnections.organizationId, organizationId)),
    );
}

/**
 * The last day a sync has stored whole for this connection: written in the same transaction as
 * that chunk's metrics, so a crash leaves whole days only and the next run resumes after it.
 */
export function recordSyncedThrough(
  db: Database,
  connection: { id: string; organizationId: string },
  day: string,
): Promise<void> {
  return updateConnection(db, connection.organizationId, connection.id, { syncedThrough: day });
}

/** Deletes the connection; its accounts, content and metrics go with it (cascades). */
export async function deleteConnection(
  db: Database,
  organizationId: string,
  id: string,
): Promise<boolean> {
  const rows = await db
    .delete(platformConnections)
    .where(
      and(eq(platformConnections.id, id), eq(platformConnections.organizationId, organizationId)),
    )
    .returning({ id: platformConnections.id });
  return rows.length === 1;
}

/** Connections a daily sync should refresh: connected, with tokens. */
export async function listSyncableConnections(
  db: Database,
): Promise<{ id: string; organizationId: string }[]> {
  return db
    .select({ id: platformConnections.id, organizationId: platformConnections.organizationId })
    .from(platformConnections)
    .where(inArray(platformConnections.status, ['connected', 'error']));
}
