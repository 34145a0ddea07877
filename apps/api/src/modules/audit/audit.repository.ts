import { auditRetentionDays, type AuditAction } from '@crescendo/contracts';
import { count, desc, eq, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { auditEvents, users } from '../../db/schema';

export type AuditEventRow = typeof auditEvents.$inferSelect;

export type NewAuditEvent = {
  organizationId: string;
  action: AuditAction;
  actorUserId: string | null;
  ipAddress: string | null;
  userAgent: string | null;
  detail: Record<string, unknown>;
};

/**
 * Inserts the event with the actor's name and email as they are now (copied from `users` in the
 * same statement), and deletes events past the retention period: a write is rare next to reads,
 * and the `created_at` index makes the delete a short range scan.
 */
export async function insertAuditEvent(db: Database, event: NewAuditEvent): Promise<void> {
  const actorColumn = (column: typeof users.name | typeof users.email) =>
    event.actorUserId
      ? sql`(select ${column} from ${users} where ${users.id} = ${event.actorUserId})`
      : sql`null`;
  await db.insert(auditEvents).values({
    organizationId: event.organizationId,
    action: event.action,
    actorUserId: event.actorUserId,
    actorName: actorColumn(users.name),
    actorEmail: actorColumn(users.email),
    ipAddress: event.ipAddress,
    userAgent: event.userAgent,
    detail: event.detail,
  });
  await db
    .delete(auditEvents)
    .where(lt(auditEvents.createdAt, sql`now() - make_interval(days => ${auditRetentionDays})`));
}

/** One page of an organisation's events, newest first (ties broken by id, so pages are stable). */
export async function listAuditEvents(
  db: Database,
  organizationId: string,
  page: { offset: number; limit: number },
): Promise<{ rows: AuditEventRow[]; total: number }> {
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.organizationId, organizationId))
      .orderBy(desc(auditEvents.createdAt), desc(auditEvents.id))
      .limit(page.limit)
      .offset(page.offset),
    db
      .select({ total: count() })
      .from(auditEvents)
      .where(eq(auditEvents.organizationId, organizationId)),
  ]);
  return { rows, total: Number(totals[0]?.total ?? 0) };
}

/**
 * A deleted account's traces in the events of organisations that stay: the events remain, the
 * actor's id, name, email, address and browser go, and a detail naming them is emptied.
 */
export async function forgetAuditActor(
  db: Database,
  person: { userId: string; email: string; subject: string },
): Promise<void> {
  await db
    .update(auditEvents)
    .set({ actorUserId: null, actorName: null, actorEmail: null, ipAddress: null, userAgent: null })
    .where(eq(auditEvents.actorUserId, person.userId));
  const mentions = (needle: string) =>
    sql`strpos(lower(${auditEvents.detail}::text), ${needle.toLowerCase()}) > 0`;
  await db
    .update(auditEvents)
    .set({ detail: { isRedacted: true } })
    .where(
      sql`(${mentions(person.email)} or ${mentions(person.userId)} or ${mentions(person.subject)})`,
    );
}
