import type { AlertKind, OrganizationRole } from '@crescendo/contracts';
import { and, eq, gte, notExists, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { enqueueJobs } from '../../jobs/queue';
import {
  billingAccounts,
  insights,
  notificationEvents,
  platformConnections,
} from '../../db/schema';
import { insertEvent, insertRecipients, type NewEvent } from './events.repository';
import { listMembers, type Member } from './members.repository';
import { alertMailQueue, type AlertMailPayload } from './notification-queues';
import { preferencesOf, quietHoursOf, timeZoneOf } from './preferences';
import { afterQuietHours, addDaysToDate } from './time-zones';
import { dayMs } from '../../lib/days';

/** Alerts wait this long before their mail goes, so others about the same thing join it. */
export const defaultGroupingDelayMs = 2 * 60_000;

export type AlertOptions = {
  now?: Date;
  groupingDelayMs?: number;
};

/** Who hears about each kind: money to owners, new members to owners and managers. */
const audienceOf: Partial<Record<AlertKind, OrganizationRole[]>> = {
  payment_failed: ['owner'],
  plan_lapsing: ['owner'],
  invitation_accepted: ['owner', 'manager'],
  reconnect: ['owner', 'manager'],
};

export type Alert = {
  organizationId: string;
  kind: AlertKind;
  /** Unique per organisation: the same alert recorded again adds nothing. */
  dedupeKey: string;
  /** What the alert is about (a platform, a connection…): same kind and subject share a mail. */
  subject: string;
  tone: NewEvent['tone'];
  title: string;
  body: string;
  /** A path in the web app. */
  link: string | null;
  changePercent?: number | null;
  /** The person whose action caused it is not told about it. */
  excludeUserId?: string;
};

function isMailWantedBy(member: Member, alert: Alert): boolean {
  const preferences = preferencesOf(member);
  if (!preferences.alerts[alert.kind]) return false;
  if (
    (alert.kind === 'spike' || alert.kind === 'drop') &&
    alert.changePercent !== null &&
    alert.changePercent !== undefined
  )
    return Math.abs(alert.changePercent) >= preferences.thresholdPercent;
  return true;
}

/**
 * Records an alert once (its dedupe key), puts it in each member's list, and queues one mail per
 * person who wants it: a job per person and subject, run after the grouping delay (and after the
 * person's quiet hours), which mails everything of that subject gathered by then. One
 * transaction, so a crash leaves either all of it or nothing.
 */
export async function recordAlert(
  db: Database,
  alert: Alert,
  options: AlertOptions = {},
): Promise<boolean> {
  const now = options.now ?? new Date();
  const delay = options.groupingDelayMs ?? defaultGroupingDelayMs;
  const groupKey = `${alert.kind}:${alert.subject}`;
  const members = (await listMembers(db, { organizationId: alert.organizationId })).filter(
    (member) =>
      member.userId !== alert.excludeUserId &&
      (audienceOf[alert.kind]?.includes(member.role) ?? true),
  );
  return db.transaction(async (tx) => {
    const event = await insertEvent(tx, {
      organizationId: alert.organizationId,
      kind: alert.kind,
      dedupeKey: alert.dedupeKey,
      groupKey,
      tone: alert.tone,
      title: alert.title,
      body: alert.body,
      link: alert.link,
      changePercent: alert.changePercent ?? null,
    });
    if (!event) return false;
    const recipients = members.map((member) => ({
      member,
      isMailWanted: isMailWantedBy(member, alert),
    }));
    await insertRecipients(
      tx,
      recipients.map(({ member, isMailWanted }) => ({
        eventId: event.id,
        userId: member.userId,
        organizationId: alert.organizationId,
        isMailWanted,
      })),
    );
    await enqueueJobs(
      tx,
      recipients
        .filter((recipient) => recipient.isMailWanted)
        .map(({ member }) => {
          const payload: AlertMailPayload = {
            userId: member.userId,
            organizationId: alert.organizationId,
            groupKey,
          };
          return {
            queue: alertMailQueue,
            payload,
            singletonKey: `alert-mail:${member.userId}:${alert.organizationId}:${groupKey}`,
            runAt: afterQuietHours(
              new Date(now.getTime() + delay),
              timeZoneOf(member),
              quietHoursOf(member),
            ),
          };
        }),
    );
    return true;
  });
}

// ── What other modules call ──

/**
 * The imports module calls this when an import finishes: a failed import alerts, and a
 * distributor statement alerts once per sale month it brought (`statementMonths`, `YYYY-MM-01`).
 */
export async function notifyImportFinished(
  db: Database,
  input: {
    organizationId: string;
    importId: string;
    fileName: string;
    status: 'done' | 'failed';
    error?: string | null;
    source?: string;
    statementMonths?: string[];
  },
  options: AlertOptions = {},
): Promise<void> {
  if (input.status === 'failed') {
    await recordAlert(
      db,
      {
        organizationId: input.organizationId,
        kind: 'import_failed',
        dedupeKey: `import-failed:${input.importId}`,
        subject: input.importId,
        tone: 'down',
        title: `The import of ${input.fileName} failed`,
        body: input.error
          ? `Reason: ${input.error}`
          : 'Open your imports to see why and try again.',
        link: '/settings/imports',
      },
      options,
    );
    return;
  }
  for (const month of input.statementMonths ?? []) {
    const name = new Date(`${month.slice(0, 10)}T00:00:00Z`).toLocaleString('en-US', {
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    });
    await recordAlert(
      db,
      {
        organizationId: input.organizationId,
        kind: 'statement_arrived',
        dedupeKey: `statement:${input.source ?? 'statement'}:${month.slice(0, 7)}`,
        subject: input.source ?? 'statement',
        tone: 'up',
        title: `Your ${name} statement is in`,
        body: `${input.fileName} brought the sales of ${name}. Its revenue is on your dashboard.`,
        link: '/dashboard/revenue',
      },
      options,
    );
  }
}

/** Billing calls this when a payment fails (the `invoice.payment_failed` webhook). */
export async function notifyPaymentFailed(
  db: Database,
  input: { organizationId: string; invoiceId: string; amountCents: number; currency: string },
  options: AlertOptions = {},
): Promise<void> {
  const amount = (input.amountCents / 100).toLocaleString('en-US', {
    style: 'currency',
    currency: input.currency.toUpperCase(),
  });
  await recordAlert(
    db,
    {
      organizationId: input.organizationId,
      kind: 'payment_failed',
      dedupeKey: `payment-failed:${input.invoiceId}`,
      subject: 'billing',
      tone: 'down',
      title: 'A payment failed',
      body: `The payment of ${amount} for your Crescendo plan did not go through. Update your card to keep your plan.`,
      link: '/settings/billing',
    },
    options,
  );
}

/** Teams calls this when someone accepts an invitation. */
export async function notifyInvitationAccepted(
  db: Database,
  input: {
    organizationId: string;
    invitationId: string;
    memberName: string;
    memberEmail: string;
    role: OrganizationRole;
    acceptedByUserId: string;
  },
  options: AlertOptions = {},
): Promise<void> {
  await recordAlert(
    db,
    {
      organizationId: input.organizationId,
      kind: 'invitation_accepted',
      dedupeKey: `invitation-accepted:${input.invitationId}`,
      subject: 'team',
      tone: 'up',
      title: `${input.memberName || input.memberEmail} joined your team`,
      body: `${input.memberName || input.memberEmail} (${input.memberEmail}) accepted your invitation and is now a ${input.role}.`,
      link: '/settings/team',
      excludeUserId: input.acceptedByUserId,
    },
    options,
  );
}

// ── What the scheduler finds by itself ──

const platformNames: Record<string, string> = {
  youtube: 'YouTube',
  instagram: 'Instagram',
  facebook: 'Facebook',
  google: 'Google',
  meta: 'Meta',
};

/**
 * Alerts for insights about recent days only (the last four, past platforms' delays): a first
 * sync's three years of spikes are for the dashboard, not for a mail about long-gone days.
 */
async function detectInsightAlerts(db: Database, options: AlertOptions & { now: Date }) {
  const since = addDaysToDate(options.now.toISOString().slice(0, 10), -4);
  const rows = await db
    .select({
      id: insights.id,
      organizationId: insights.organizationId,
      kind: insights.kind,
      platform: insights.platform,
      day: insights.day,
      title: insights.title,
      description: insights.description,
      evidence: insights.evidence,
    })
    .from(insights)
    .where(
      and(
        gte(insights.day, since),
        notExists(
          db
            .select({ one: sql`1` })
            .from(notificationEvents)
            .where(
              and(
                eq(notificationEvents.organizationId, insights.organizationId),
                eq(notificationEvents.dedupeKey, sql`'insight:' || ${insights.id}`),
              ),
            ),
        ),
      ),
    );
  for (const row of rows) {
    const evidence = row.evidence as {
      direction?: 'up' | 'down';
      value?: number | null;
      baseline?: number | null;
    };
    const kind: AlertKind =
      row.kind === 'milestone' ? 'milestone' : evidence.direction === 'down' ? 'drop' : 'spike';
    const changePercent =
      kind !== 'milestone' &&
      evidence.value !== null &&
      evidence.value !== undefined &&
      evidence.baseline
        ? Math.round((evidence.value / evidence.baseline - 1) * 100)
        : null;
    await recordAlert(
      db,
      {
        organizationId: row.organizationId,
        kind,
        dedupeKey: `insight:${row.id}`,
        subject: row.platform ?? 'all',
        tone: kind === 'drop' ? 'down' : 'up',
        title: row.title,
        body: row.description,
        link: `/dashboard?${new URLSearchParams({ from: row.day, to: row.day, ...(row.platform ? { platform: row.platform } : {}) })}`,
        changePercent,
      },
      options,
    );
  }
}

/**
 * A connection that needs reconnecting, once per connection and day it broke on (its
 * `updated_at`): the scan runs every few minutes, so those already recorded are left out in SQL.
 */
async function detectReconnectAlerts(db: Database, options: AlertOptions & { now: Date }) {
  const dedupeKey = sql`'reconnect:' || ${platformConnections.id} || ':' || to_char(${platformConnections.updatedAt} at time zone 'UTC', 'YYYY-MM-DD')`;
  const rows = await db
    .select({
      id: platformConnections.id,
      organizationId: platformConnections.organizationId,
      provider: platformConnections.provider,
      accountName: platformConnections.accountName,
      updatedAt: platformConnections.updatedAt,
    })
    .from(platformConnections)
    .where(
      and(
        eq(platformConnections.status, 'reconnect_needed'),
        notExists(
          db
            .select({ one: sql`1` })
            .from(notificationEvents)
            .where(
              and(
                eq(notificationEvents.organizationId, platformConnections.organizationId),
                eq(notificationEvents.dedupeKey, dedupeKey),
              ),
            ),
        ),
      ),
    );
  for (const row of rows) {
    const provider = platformNames[row.provider] ?? row.provider;
    await recordAlert(
      db,
      {
        organizationId: row.organizationId,
        kind: 'reconnect',
        dedupeKey: `reconnect:${row.id}:${row.updatedAt.toISOString().slice(0, 10)}`,
        subject: row.id,
        tone: 'down',
        title: `Reconnect ${row.accountName} (${provider})`,
        body: `${provider} no longer accepts Crescendo's access to ${row.accountName}, so its figures stopped updating. Reconnect it to pick up where it left off.`,
        link: '/settings/connections',
      },
      options,
    );
  }
}

/** A plan set to end, or a grace period running out, within three days. */
async function detectLapseAlerts(db: Database, options: AlertOptions & { now: Date }) {
  const horizon = new Date(options.now.getTime() + 3 * dayMs);
  const ending = await db
    .select({
      organizationId: billingAccounts.organizationId,
      planId: billingAccounts.planId,
      status: billingAccounts.status,
      currentPeriodEnd: billingAccounts.currentPeriodEnd,
      cancelAtPeriodEnd: billingAccounts.cancelAtPeriodEnd,
      graceEndsAt: billingAccounts.graceEndsAt,
    })
    .from(billingAccounts)
    .where(
      sql`(${billingAccounts.cancelAtPeriodEnd} and ${billingAccounts.status} in ('active', 'trialing')
          and ${billingAccounts.currentPeriodEnd} between ${options.now} and ${horizon})
        or (${billingAccounts.status} = 'past_due' and ${billingAccounts.graceEndsAt} between ${options.now} and ${horizon})`,
    );
  for (const row of ending) {
    const endsAt = (row.status === 'past_due' ? row.graceEndsAt : row.currentPeriodEnd)!;
    const day = endsAt.toISOString().slice(0, 10);
    await recordAlert(
      db,
      {
        organizationId: row.organizationId,
        kind: 'plan_lapsing',
        dedupeKey: `plan-lapsing:${row.status === 'past_due' ? 'grace' : 'cancel'}:${endsAt.toISOString()}`,
        subject: 'billing',
        tone: 'down',
        title: `Your plan ends on ${day}`,
        body:
          row.status === 'past_due'
            ? `The last payment failed; your paid features stop on ${day} unless the card is updated.`
            : `Your plan is set to cancel on ${day}; after that the Free plan's limits apply.`,
        link: '/settings/billing',
      },
      options,
    );
  }
}

/** Finds what happened since the last run and records each alert once (safe to run anywhere). */
export async function detectAlerts(db: Database, options: AlertOptions = {}): Promise<void> {
  const now = options.now ?? new Date();
  await detectInsightAlerts(db, { ...options, now });
  await detectReconnectAlerts(db, { ...options, now });
  await detectLapseAlerts(db, { ...options, now });
}
