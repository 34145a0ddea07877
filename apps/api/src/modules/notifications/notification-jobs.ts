import type { AlertKind } from '@crescendo/contracts';
import type { Database } from '../../db/client';
import { enqueueJob, type Job } from '../../jobs/queue';
import type { JobHandler } from '../../jobs/worker';
import { detectAlerts, defaultGroupingDelayMs } from './alerts';
import { queueDueDigests, sendDigestBatch } from './digest/digest-jobs';
import {
  finishClaim,
  insertMailClaims,
  listUnmailedEvents,
  markMailed,
  startSending,
} from './events.repository';
import {
  listUnsubscribeHeaders,
  nowOf,
  recipientOf,
  type NotificationDependencies,
} from './mail-delivery';
import { findMember } from './members.repository';
import {
  alertMailQueue,
  digestBatchOf,
  digestQueue,
  scheduleQueue,
  type AlertMailPayload,
  type DigestBatchPayload,
  type SingleDigestPayload,
} from './notification-queues';
import { preferencesOf, timeZoneOf } from './preferences';
import { renderAlertMail } from './render-alerts';
import { localTimeOf } from './time-zones';

const defaultScheduleIntervalMs = 5 * 60_000;

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
    await markMailed(deps.db, payload.userId, payload.organizationId, ids, now);
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
    await markMailed(deps.db, payload.userId, payload.organizationId, ids, now);
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
  await markMailed(deps.db, payload.userId, payload.organizationId, ids, now);
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
    [digestQueue]: async (job, signal) => {
      await sendDigestBatch(
        deps,
        digestBatchOf(payloadOf<DigestBatchPayload | SingleDigestPayload>(job)),
        signal,
      );
    },
    [alertMailQueue]: async (job) => {
      await sendAlertMail(deps, payloadOf<AlertMailPayload>(job));
    },
  };
}
