import type { WaitlistEntry } from '@crescendo/contracts';
import { and, count, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { users, waitlistEntries } from '../../db/schema';

type EntryRow = typeof waitlistEntries.$inferSelect;
export type EntryStatus = EntryRow['status'];

/**
 * 1-based place among pending entries, first come first served; null once decided. The outer
 * row is named explicitly: inside the subquery an unqualified column would mean `earlier`'s.
 */
const positionOf = () => sql<number | null>`case when "waitlist_entries"."status" = 'pending' then (
  select count(*)::int + 1 from ${waitlistEntries} as earlier
  where earlier.status = 'pending'
    and (earlier.created_at < "waitlist_entries"."created_at"
      or (earlier.created_at = "waitlist_entries"."created_at" and earlier.id < "waitlist_entries"."id"))
) end`;

function toEntry(
  row: EntryRow & { position: number | null; role: WaitlistEntry['role'] },
): WaitlistEntry {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    userId: row.userId,
    role: row.role,
    status: row.status,
    position: row.position === null ? null : Number(row.position),
    createdAt: row.createdAt.toISOString(),
    decidedAt: row.decidedAt ? row.decidedAt.toISOString() : null,
  };
}

async function selectEntries(db: Database, where: SQL | undefined, limit = 1, offset = 0) {
  const rows = await db
    .select({
      id: waitlistEntries.id,
      email: waitlistEntries.email,
      name: waitlistEntries.name,
      userId: waitlistEntries.userId,
      status: waitlistEntries.status,
      createdAt: waitlistEntries.createdAt,
      decidedAt: waitlistEntries.decidedAt,
      decidedBy: waitlistEntries.decidedBy,
      position: positionOf(),
      role: users.role,
    })
    .from(waitlistEntries)
    .leftJoin(users, eq(users.id, waitlistEntries.userId))
    .where(where)
    .orderBy(waitlistEntries.createdAt, waitlistEntries.id)
    .limit(limit)
    .offset(offset);
  return rows.map(toEntry);
}

export async function findEntryByEmail(db: Database, email: string): Promise<WaitlistEntry | null> {
  const [entry] = await selectEntries(db, eq(waitlistEntries.email, email));
  return entry ?? null;
}

export async function findEntryById(db: Database, id: string): Promise<WaitlistEntry | null> {
  const [entry] = await selectEntries(db, eq(waitlistEntries.id, id));
  return entry ?? null;
}

export async function listEntries(
  db: Database,
  filter: { status?: EntryStatus; limit: number; offset: number },
): Promise<{ entries: WaitlistEntry[]; total: number }> {
  const where = filter.status ? eq(waitlistEntries.status, filter.status) : undefined;
  const [entries, totals] = await Promise.all([
    selectEntries(db, where, filter.limit, filter.offset),
    db.select({ total: count() }).from(waitlistEntries).where(where),
  ]);
  return { entries, total: Number(totals[0]?.total ?? 0) };
}

/**
 * Puts the email on the waitlist once; a later call links the user if the entry had none.
 * Never changes a decision already made.
 */
export async function ensureEntry(
  db: Database,
  input: { email: string; name: string | null; userId: string | null; status: EntryStatus },
): Promise<WaitlistEntry> {
  await db
    .insert(waitlistEntries)
    .values({
      email: input.email,
      name: input.name,
      userId: input.userId,
      status: input.status,
      decidedAt: input.status === 'pending' ? null : new Date(),
    })
    .onConflictDoNothing({ target: waitlistEntries.email });
  if (input.userId) {
    await db
      .update(waitlistEntries)
      .set({ userId: input.userId })
      .where(and(eq(waitlistEntries.email, input.email), isNull(waitlistEntries.userId)));
  }
  return (await findEntryByEmail(db, input.email))!;
}

export async function decideEntry(
  db: Database,
  id: string,
  status: 'approved' | 'rejected',
  decidedBy: string | null,
): Promise<boolean> {
  const rows = await db
    .update(waitlistEntries)
    .set({ status, decidedAt: new Date(), decidedBy })
    .where(eq(waitlistEntries.id, id))
    .returning({ id: waitlistEntries.id });
  return rows.length > 0;
}

/** Opening the waitlist approves everyone still waiting. */
export async function approvePendingEntry(db: Database, email: string): Promise<void> {
  await db
    .update(waitlistEntries)
    .set({ status: 'approved', decidedAt: new Date() })
    .where(and(eq(waitlistEntries.email, email), eq(waitlistEntries.status, 'pending')));
}
