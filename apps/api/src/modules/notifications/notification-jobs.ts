import type { AlertKind, MailKind } from '@crescendo/contracts';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { organizations } from '../../db/schema';
import { enqueueJob, enqueueJobs, type Job } from '../../jobs/queue';
import type { JobHandler } from '../../jobs/worker';
import type { Mailer, SentMail } from '../mail';
import { detectAlerts, defaultGroupingDelayMs } from './alerts';
import { composeDigest, type DigestSource } from './digest/compose-digest';
import type { Digest } from './digest/digest-model';
import { renderDigestMail, type MailRecipient } from './digest/render-digest';
import {
  finishClaim,
  insertMailClaims,
  listUnmailedEvents,
  markMailed,
  startSending,
  type MailClaim,
} from './events.repository';
import { findMember, listMembers, type Member } from './members.repository';
import {
  alertMailQueue,
  digestQueue,
  scheduleQueue,
  type AlertMailPayload,
  type DigestPayload,
} from './notification-queues';
import { preferencesOf, quietHoursOf, timeZoneOf } from './preferences';
import { renderAlertMail } from './render-alerts';
import { afterQuietHours, lastDigestSlot, localTimeOf } from './time-zones';
import { createUnsubscribeToken } from './unsubscribe-tokens';

export type NotificationDependencies = {
  db: Database;
  mailer: Pick<Mailer, 'sendMail'>;
  appUrl: string;
  /** HMAC key of the unsubscribe links (`deriveUnsubscribeKey`). */
  unsubscribeKey: Buffer;
  now?: () => Date;
  groupingDelayMs?: number;
  /** How often the scheduler runs; digests go out within this of their hour. */
  scheduleIntervalMs?: number;
  digestSources?: DigestSource[];
  /**
   * Composed digests by organisation, analytics version and day: every member of an artist gets
   * the same figures, so a run composes each artist's once (`createDigestCache`).
   */
  digestCache?: DigestCache;
};

export type DigestCache = Map<string, Promise<Digest>>;

const digestCacheSize = 200;

export function createDigestCache(): DigestCache {
  return new Map();
}

/** The artist's digest, composed once per analytics version and day in this process. */
async function composeDigestOnce(deps: NotificationDependencies, member: Member): Promise<Digest> {
  const compose = () =>
    composeDigest(
      deps.db,
      { id: member.organizationId, name: member.organizationName },
      { appUrl: deps.appUrl, ...(deps.digestSources ? { sources: deps.digestSources } : {}) },
    );
  const cache = deps.digestCache;
  if (!cache) return compose();
  const [row] = await deps.db
    .select({ version: organizations.analyticsVersion })
    .from(organizations)
    .where(eq(organizations.id, member.organizationId));
  const key = `${member.organizationId}:${row?.version ?? 0}:${new Date().toISOString().slice(0, 10)}:${member.organizationName}`;
  let digest = cache.get(key);
  if (!digest) {
    digest = compose();
    cache.set(key, digest);
    digest.catch(() => cache.delete(key));
    // Oldest first out: a Map iterates in insertion order.
    while (cache.size > digestCacheSize) cache.delete(cache.keys().next().value!);
  }
  return digest;
}

const defaultScheduleIntervalMs = 5 * 60_000;
/** A digest whose hour passed longer ago than this (the service was down) waits for next week. */
const digestCatchUpMs = 12 * 3_600_000;

const nowOf = (deps: NotificationDependencies) => deps.now?.() ?? new Date();

export const settingsPath = '/settings/notifications';

export function unsubscribeUrlOf(
  deps: Pick<NotificationDependencies, 'appUrl' | 'unsubscribeKey'>,
  member: Pick<Member, 'userId' | 'organizationId'>,
  kind: MailKind,
): string {
  const token = createUnsubscribeToken(deps.unsubscribeKey, {
    userId: member.userId,
    organizationId: member.organizationId,
    kind,
  });
  return `${deps.appUrl}/api/v1/notifications/unsubscribe?token=${encodeURIComponent(token)}`;
}

function recipientOf(
  deps: NotificationDependencies,
  member: Member,
  kind: MailKind,
): MailRecipient {
  return {
    name: member.name,
    unsubscribeUrl: unsubscribeUrlOf(deps, member, kind),
    settingsUrl: `${deps.appUrl}${settingsPath}`,
  };
}

/** RFC 8058: a one-click POST to the HTTPS link unsubscribes, without signing in. */
function listUnsubscribeHeaders(unsubscribeUrl: string): Record<string, string> {
  return {
    'List-Unsubscribe': `<${unsubscribeUrl}>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  };
}

export async function sendDigestTo(
  deps: NotificationDependencies,
  member: Member,
  digest?: Digest,
): Promise<{ sent: SentMail; digest: Digest; subject: string }> {
  const composed = digest ?? (await composeDigestOnce(deps, member));
  const recipient = recipientOf(deps, member, 'digest');
  const mail = await renderDigestMail(composed, recipient);
  const sent = await deps.mailer.sendMail({
    to: member.email,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    headers: listUnsubscribeHeaders(recipient.unsubscribeUrl),
  });
  return { sent, digest: composed, subject: mail.subject };
}

/**
 * Queues the digests that are due: each member whose weekly day and hour (in their time zone)
 * has come round and whose digest for that week is not claimed yet. The claim (a unique key per
 * person, organisation and ISO week) is what makes it once: several schedulers, restarts and an
 * artist who moved time zones mid-week all find the week claimed.
 */
export async function queueDueDigests(deps: NotificationDependencies): Promise<number> {
  const now = nowOf(deps);
  const due: { member: Member; claim: MailClaim }[] = [];
  for (const member of await listMembers(deps.db)) {
    const preferences = preferencesOf(member);
    if (!preferences.digest.isEnabled) continue;
    const slot = lastDigestSlot(now, timeZoneOf(member), preferences.digest);
    if (now.getTime() - slot.at.getTime() > digestCatchUpMs) continue;
    due.push({
      member,
      claim: {
        userId: member.userId,
        organizationId: member.organizationId,
        mailKey: `digest:${slot.week}`,
      },
    });
  }
  let queued = 0;
  for (let start = 0; start < due.length; start += 1000) {
    const batch = due.slice(start, start + 1000);
    await deps.db.transaction(async (tx) => {
      const claimed = await insertMailClaims(
        tx,
        batch.map((entry) => entry.claim),
        'queued',
      );
      const isClaimed = new Set(
        claimed.map((claim) => `${claim.userId}:${claim.organizationId}:${claim.mailKey}`),
      );
      const jobs = batch
        .filter(({ claim }) =>
          isClaimed.has(`${claim.userId}:${claim.organizationId}:${claim.mailKey}`),
        )
        .map(({ member, claim }) => {
          const payload: DigestPayload = claim;
          return {
            queue: digestQueue,
            payload,
            singletonKey: `digest:${claim.userId}:${claim.organizationId}:${claim.mailKey}`,
            runAt: afterQuietHours(now, timeZoneOf(member), quietHoursOf(member)),
          };
        });
      queued += await enqueueJobs(tx, jobs);
    });
  }
  return queued;
}

/** Sends one queued digest, once: a claim already sending or sent is left alone. */
export async function sendQueuedDigest(
  deps: NotificationDependencies,
  payload: DigestPayload,
): Promise<'sent' | 'skipped'> {
  if (!(await startSending(deps.db, payload))) return 'skipped';
  try {
    const member = await findMember(deps.db, payload.userId, payload.organizationId);
    // Left the organisation, or switched the digest off since it was queued.
    if (!member || !preferencesOf(member).digest.isEnabled) {
      await finishClaim(deps.db, payload, 'skipped', nowOf(deps));
      return 'skipped';
    }
    await sendDigestTo(deps, member);
    await finishClaim(deps.db, payload, 'sent', nowOf(deps));
    return 'sent';
  } catch (error) {
    // Nothing went out: the job's retry sends it.
    await finishClaim(deps.db, payload, 'queued', nowOf(deps));
    throw error;
  }
}

/**
 * Mails what gathered for one person about one thing: at most one mail per subject and local
 * day (`alert:<kind>:<subject>:<day>`); alerts arriving after that day's mail stay in the list.
 */
export async function sendAlertMail(
  deps: NotificationDependencies,
  payload: AlertMailPayload,
): Promise<'sent' | 'skipped'> {
  const now = nowOf(deps);
  const member = await findMember(deps.db, payload.userId, payload.organizationId);
  const events = await listUnmailedEvents(
    deps.db,
    payload.userId,
    payload.organizationId,
    payload.groupKey,
  );
  if (events.length === 0) return 'skipped';
  const ids = events.map((event) => event.id);
  const kind = events[0]!.kind as AlertKind;
  if (!member || !preferencesOf(member).alerts[kind]) {
    await markMailed(deps.db, payload.userId, ids, now);
    return 'skipped';
  }
  const day = localTimeOf(now, timeZoneOf(member)).date;
  const claim = {
    userId: payload.userId,
    organizationId: payload.organizationId,
    mailKey: `alert:${payload.groupKey}:${day}`,
  };
  // A claim left queued by a failed attempt is taken again; one sent today is not.
  await insertMailClaims(deps.db, [claim], 'queued');
  if (!(await startSending(deps.db, claim))) {
    await markMailed(deps.db, payload.userId, ids, now);
    return 'skipped';
  }
  try {
    const recipient = recipientOf(deps, member, kind);
    const mail = await renderAlertMail(
      { organizationName: member.organizationName, kind, events, appUrl: deps.appUrl },
      recipient,
    );
    await deps.mailer.sendMail({
      to: member.email,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      headers: listUnsubscribeHeaders(recipient.unsubscribeUrl),
    });
  } catch (error) {
    // Nothing went out: the job's retry takes the claim again.
    await finishClaim(deps.db, claim, 'queued', now);
    throw error;
  }
  await markMailed(deps.db, payload.userId, ids, now);
  await finishClaim(deps.db, claim, 'sent', now);
  return 'sent';
}

/** The next scheduler run, on a boundary of the interval so every process names the same job. */
export async function ensureNotificationSchedule(
  db: Database,
  now = new Date(),
  intervalMs = defaultScheduleIntervalMs,
): Promise<void> {
  const next = new Date(Math.ceil((now.getTime() + 1) / intervalMs) * intervalMs);
  await enqueueJob(db, {
    queue: scheduleQueue,
    singletonKey: `notifications-schedule:${next.toISOString()}`,
    runAt: next,
  });
}

/** One scheduler run: alerts found since the last run, then the digests now due. */
export async function runNotificationSchedule(
  deps: NotificationDependencies,
): Promise<{ digests: number }> {
  const now = nowOf(deps);
  await detectAlerts(deps.db, {
    now,
    groupingDelayMs: deps.groupingDelayMs ?? defaultGroupingDelayMs,
  });
  return { digests: await queueDueDigests(deps) };
}

function payloadOf<T>(job: Job): T {
  return job.payload as T;
}

/** The worker's handlers for the notifications' queues. */
export function createNotificationHandlers(
  deps: NotificationDependencies,
): Record<string, JobHandler> {
  return {
    [scheduleQueue]: async () => {
      await runNotificationSchedule(deps);
      await ensureNotificationSchedule(
        deps.db,
        new Date(Date.now() + 1000),
        deps.scheduleIntervalMs ?? defaultScheduleIntervalMs,
      );
    },
    [digestQueue]: async (job) => {
      await sendQueuedDigest(deps, payloadOf<DigestPayload>(job));
    },
    [alertMailQueue]: async (job) => {
      await sendAlertMail(deps, payloadOf<AlertMailPayload>(job));
    },
  };
}
