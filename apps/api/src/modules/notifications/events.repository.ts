import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { notificationEvents, notificationMails, notificationRecipients } from '../../db/schema';

/** A recipient's event, joined on the organisation too: a sharded database joins within a shard. */
const sameEvent = and(
  eq(notificationEvents.organizationId, notificationRecipients.organizationId),
  eq(notificationEvents.id, notificationRecipients.eventId),
);

export type NewEvent = {
  organizationId: string;
  kind: string;
  dedupeKey: string;
  groupKey: string;
  tone: 'up' | 'down' | 'neutral';
  title: string;
  body: string;
  link: string | null;
  changePercent: number | null;
};

export type StoredEvent = typeof notificationEvents.$inferSelect;

/** Records the event once per dedupe key: null when it was already recorded. */
export async function insertEvent(db: Database, event: NewEvent): Promise<StoredEvent | null> {
  const [row] = await db.insert(notificationEvents).values(event).onConflictDoNothing().returning();
  return row ?? null;
}

export async function insertRecipients(
  db: Database,
  rows: { eventId: string; userId: string; organizationId: string; isMailWanted: boolean }[],
): Promise<void> {
  if (rows.length === 0) return;
  await db.insert(notificationRecipients).values(rows).onConflictDoNothing();
}

export async function listNotifications(
  db: Database,
  userId: string,
  organizationId: string,
  limit: number,
) {
  return db
    .select({
      id: notificationEvents.id,
      kind: notificationEvents.kind,
      tone: notificationEvents.tone,
      title: notificationEvents.title,
      body: notificationEvents.body,
      link: notificationEvents.link,
      createdAt: notificationEvents.createdAt,
      readAt: notificationRecipients.readAt,
    })
    .from(notificationRecipients)
    .innerJoin(notificationEvents, sameEvent)
    .where(
      and(
        eq(notificationRecipients.userId, userId),
        eq(notificationRecipients.organizationId, organizationId),
      ),
    )
    .orderBy(desc(notificationEvents.createdAt), desc(notificationEvents.id))
    .limit(limit);
}

export async function countUnread(
  db: Database,
  userId: string,
  organizationId: string,
): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(notificationRecipients)
    .where(
      and(
        eq(notificationRecipients.userId, userId),
        eq(notificationRecipients.organizationId, organizationId),
        isNull(notificationRecipients.readAt),
      ),
    );
  return Number(row?.count ?? 0);
}

export async function markRead(
  db: Database,
  userId: string,
  organizationId: string,
  eventIds: string[] | undefined,
  now: Date,
): Promise<void> {
  await db
    .update(notificationRecipients)
    .set({ readAt: now })
    .where(
      and(
        eq(notificationRecipients.userId, userId),
        eq(notificationRecipients.organizationId, organizationId),
        isNull(notificationRecipients.readAt),
        ...(eventIds ? [inArray(notificationRecipients.eventId, eventIds)] : []),
      ),
    );
}

/** The person's events of one group still waiting to be mailed, oldest first. */
export async function listUnmailedEvents(
  db: Database,
  userId: string,
  organizationId: string,
  groupKey: string,
): Promise<StoredEvent[]> {
  const rows = await db
    .select({ event: notificationEvents })
    .from(notificationRecipients)
    .innerJoin(notificationEvents, sameEvent)
    .where(
      and(
        eq(notificationRecipients.userId, userId),
        eq(notificationRecipients.organizationId, organizationId),
        eq(notificationRecipients.isMailWanted, true),
        isNull(notificationRecipients.mailedAt),
        eq(notificationEvents.groupKey, groupKey),
      ),
    )
    .orderBy(notificationEvents.createdAt, notificationEvents.id);
  return rows.map((row) => row.event);
}

export async function markMailed(
  db: Database,
  userId: string,
  organizationId: string,
  eventIds: string[],
  now: Date,
): Promise<void> {
  if (eventIds.length === 0) return;
  await db
    .update(notificationRecipients)
    .set({ mailedAt: now })
    .where(
      and(
        eq(notificationRecipients.userId, userId),
        eq(notificationRecipients.organizationId, organizationId),
        inArray(notificationRecipients.eventId, eventIds),
      ),
    );
}

// ── Mail claims: one row per person, organisation and mail key ──

export type MailClaim = { userId: string; organizationId: string; mailKey: string };

/** Claims keys that are new; answers the ones this call claimed (the others exist already). */
export async function insertMailClaims(
  db: Database,
  claims: MailClaim[],
  status: 'queued' | 'sending',
): Promise<MailClaim[]> {
  if (claims.length === 0) return [];
  return db
    .insert(notificationMails)
    .values(claims.map((claim) => ({ ...claim, status })))
    .onConflictDoNothing()
    .returning({
      userId: notificationMails.userId,
      organizationId: notificationMails.organizationId,
      mailKey: notificationMails.mailKey,
    });
}

/** queued → sending, once: false when another run took it (or it went already). */
export async function startSending(db: Database, claim: MailClaim): Promise<boolean> {
  const rows = await db
    .update(notificationMails)
    .set({ status: 'sending' })
    .where(and(claimIs(claim), eq(notificationMails.status, 'queued')))
    .returning({ mailKey: notificationMails.mailKey });
  return rows.length === 1;
}

export async function finishClaim(
  db: Database,
  claim: MailClaim,
  status: 'sent' | 'skipped' | 'queued',
  now: Date,
): Promise<void> {
  await db
    .update(notificationMails)
    .set({ status, sentAt: status === 'sent' ? now : null })
    .where(claimIs(claim));
}

/**
 * queued → sending for many people of one organisation and key in one statement: answers whose
 * claims this call took (the others went, or another worker holds them).
 */
export async function startSendingMany(
  db: Database,
  claims: { organizationId: string; mailKey: string; userIds: string[] },
): Promise<string[]> {
  if (claims.userIds.length === 0) return [];
  const rows = await db
    .update(notificationMails)
    .set({ status: 'sending' })
    .where(
      and(
        eq(notificationMails.organizationId, claims.organizationId),
        eq(notificationMails.mailKey, claims.mailKey),
        inArray(notificationMails.userId, claims.userIds),
        eq(notificationMails.status, 'queued'),
      ),
    )
    .returning({ userId: notificationMails.userId });
  return rows.map((row) => row.userId);
}

export async function finishClaims(
  db: Database,
  claims: { organizationId: string; mailKey: string; userIds: string[] },
  status: 'sent' | 'skipped' | 'queued',
  now: Date,
): Promise<void> {
  if (claims.userIds.length === 0) return;
  await db
    .update(notificationMails)
    .set({ status, sentAt: status === 'sent' ? now : null })
    .where(
      and(
        eq(notificationMails.organizationId, claims.organizationId),
        eq(notificationMails.mailKey, claims.mailKey),
        inArray(notificationMails.userId, claims.userIds),
      ),
    );
}

function claimIs(claim: MailClaim) {
  return and(
    eq(notificationMails.userId, claim.userId),
    eq(notificationMails.organizationId, claim.organizationId),
    eq(notificationMails.mailKey, claim.mailKey),
  );
}

/**
 * A deleted person leaves no trace in the notifications of the artists that remain: events that
 * name them (an invitation they accepted, say) go, with their recipients.
 */
export async function forgetNotificationSubject(
  db: Database,
  person: { userId: string; email: string; subject: string },
): Promise<void> {
  const mentions = (needle: string) =>
    sql`(strpos(lower(${notificationEvents.title} || ' ' || ${notificationEvents.body} || ' ' || ${notificationEvents.dedupeKey} || ' ' || ${notificationEvents.groupKey}), ${needle.toLowerCase()}) > 0)`;
  await db
    .delete(notificationEvents)
    .where(
      sql`${mentions(person.email)} or ${mentions(person.userId)} or ${mentions(person.subject)}`,
    );
}

/** How often a person may ask for this week's digest now. */
export const digestNowIntervalSeconds = 60;

/**
 * The send-now claim: one row per person and organisation, taken when it is new or when the
 * last one is at least a minute old (a rolling minute, atomic across API processes: the
 * conflicting row is locked while it is updated). Answers the claim, or null with the seconds
 * left when the last send was within the minute.
 */
export async function claimDigestNow(
  db: Database,
  member: { userId: string; organizationId: string },
  now: Date,
): Promise<{ claim: MailClaim } | { retryAfterSeconds: number }> {
  const mailKey = 'digest-now';
  const openFrom = new Date(now.getTime() - digestNowIntervalSeconds * 1000);
  const [claimed] = await db
    .insert(notificationMails)
    .values({ ...member, mailKey, status: 'sending', createdAt: now })
    .onConflictDoUpdate({
      target: [
        notificationMails.userId,
        notificationMails.organizationId,
        notificationMails.mailKey,
      ],
      set: { status: 'sending', createdAt: now, sentAt: null },
      setWhere: sql`${notificationMails.createdAt} <= ${openFrom.toISOString()}`,
    })
    .returning({ mailKey: notificationMails.mailKey });
  if (claimed) return { claim: { ...member, mailKey } };
  const [last] = await db
    .select({ createdAt: notificationMails.createdAt })
    .from(notificationMails)
    .where(
      and(
        eq(notificationMails.userId, member.userId),
        eq(notificationMails.organizationId, member.organizationId),
        eq(notificationMails.mailKey, mailKey),
      ),
    );
  const elapsedSeconds = last ? (now.getTime() - last.createdAt.getTime()) / 1000 : 0;
  return {
    retryAfterSeconds: Math.max(1, Math.ceil(digestNowIntervalSeconds - elapsedSeconds)),
  };
}
