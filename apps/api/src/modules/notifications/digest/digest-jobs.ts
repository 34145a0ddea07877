import { eq } from 'drizzle-orm';
import { organizations } from '../../../db/schema';
import { enqueueJobs, type EnqueueOptions } from '../../../jobs/queue';
import type { SentMail } from '../../mail';
import {
  finishClaims,
  insertMailClaims,
  startSendingMany,
  type MailClaim,
} from '../events.repository';
import {
  listUnsubscribeHeaders,
  nowOf,
  recipientOf,
  type NotificationDependencies,
} from '../mail-delivery';
import { listMembers, type Member } from '../members.repository';
import { digestQueue, type DigestBatchPayload } from '../notification-queues';
import { preferencesOf, quietHoursOf, timeZoneOf } from '../preferences';
import { afterQuietHours, lastDigestSlot, type DigestSlot } from '../time-zones';
import { composeDigest } from './compose-digest';
import type { Digest } from './digest-model';
import { prepareDigestMail, type RenderedMail, type MailRecipient } from './render-digest';

const digestCacheSize = 200;
/** A digest whose hour passed longer ago than this (the service was down) waits for next week. */
const digestCatchUpMs = 12 * 3_600_000;
/** People in one digest job at most (its payload lists them), and claimed per transaction. */
const maxDigestBatch = 1000;
const defaultClaimBatchSize = 50;

/** The artist's digest, composed once per analytics version and day in this process. */
async function composeDigestOnce(
  deps: NotificationDependencies,
  organization: { id: string; name: string },
): Promise<Digest> {
  const compose = () =>
    composeDigest(deps.db, organization, {
      appUrl: deps.appUrl,
      ...(deps.digestSources ? { sources: deps.digestSources } : {}),
    });
  const cache = deps.digestCache;
  if (!cache) return compose();
  const [row] = await deps.db
    .select({ version: organizations.analyticsVersion })
    .from(organizations)
    .where(eq(organizations.id, organization.id));
  const key = `${organization.id}:${row?.version ?? 0}:${new Date().toISOString().slice(0, 10)}:${organization.name}`;
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

async function mailDigest(
  deps: NotificationDependencies,
  member: Member,
  render: (recipient: MailRecipient) => RenderedMail,
): Promise<{ sent: SentMail; subject: string }> {
  const recipient = recipientOf(deps, member, 'digest');
  const mail = render(recipient);
  const sent = await deps.mailer.sendMail({
    to: member.email,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    headers: listUnsubscribeHeaders(recipient.unsubscribeUrl),
  });
  return { sent, subject: mail.subject };
}

/** This week's digest to one person at once (send-now). */
export async function sendDigestTo(
  deps: NotificationDependencies,
  member: Member,
): Promise<{ sent: SentMail; digest: Digest; subject: string }> {
  const digest = await composeDigestOnce(deps, {
    id: member.organizationId,
    name: member.organizationName,
  });
  const { sent, subject } = await mailDigest(deps, member, await prepareDigestMail(digest));
  return { sent, digest, subject };
}

function memoize<T>(compute: (key: string) => T): (key: string) => T {
  const values = new Map<string, T>();
  return (key) => {
    if (!values.has(key)) values.set(key, compute(key));
    return values.get(key)!;
  };
}

type DueBatch = DigestBatchPayload & { runAt: Date };

/**
 * Queues the digests that are due: each member whose weekly day and hour (in their time zone)
 * has come round and whose digest for that week is not claimed yet. The claim (a unique key per
 * person, organisation and ISO week) is what makes it once: several schedulers, restarts and an
 * artist who moved time zones mid-week all find the week claimed. The members of one artist
 * due at the same time (same week, same run time after their quiet hours) share a job, which
 * composes the artist's figures once. Answers how many people's digests were queued.
 */
export async function queueDueDigests(deps: NotificationDependencies): Promise<number> {
  const now = nowOf(deps);
  // Thousands of members share a handful of zones and schedules: each worked out once.
  const slotOf = memoize<DigestSlot>((key) => {
    const [timeZone, day, hour] = key.split('|') as [string, string, string];
    return lastDigestSlot(now, timeZone, { dayOfWeek: Number(day), hour: Number(hour) });
  });
  const runAtOf = memoize<Date>((key) => {
    const [timeZone, start, end] = key.split('|') as [string, string, string];
    return afterQuietHours(
      now,
      timeZone,
      start === '' ? null : { start: Number(start), end: Number(end) },
    );
  });
  const groups = new Map<string, DueBatch>();
  for (const member of await listMembers(deps.db)) {
    const preferences = preferencesOf(member);
    if (!preferences.digest.isEnabled) continue;
    const timeZone = timeZoneOf(member);
    const slot = slotOf(`${timeZone}|${preferences.digest.dayOfWeek}|${preferences.digest.hour}`);
    if (now.getTime() - slot.at.getTime() > digestCatchUpMs) continue;
    const quiet = quietHoursOf(member);
    const runAt = runAtOf(`${timeZone}|${quiet?.start ?? ''}|${quiet?.end ?? ''}`);
    const mailKey = `digest:${slot.week}`;
    const key = `${member.organizationId}|${mailKey}|${runAt.toISOString()}`;
    let group = groups.get(key);
    if (!group) {
      group = { organizationId: member.organizationId, mailKey, runAt, userIds: [] };
      groups.set(key, group);
    }
    group.userIds.push(member.userId);
  }
  // Batches of at most `maxDigestBatch` people, packed into transactions of about as many claims.
  const batches: DueBatch[] = [];
  for (const group of groups.values()) {
    for (let start = 0; start < group.userIds.length; start += maxDigestBatch)
      batches.push({ ...group, userIds: group.userIds.slice(start, start + maxDigestBatch) });
  }
  let queued = 0;
  for (let start = 0; start < batches.length;) {
    const pack: DueBatch[] = [];
    let size = 0;
    while (
      start < batches.length &&
      (pack.length === 0 || size + batches[start]!.userIds.length <= maxDigestBatch)
    ) {
      size += batches[start]!.userIds.length;
      pack.push(batches[start]!);
      start += 1;
    }
    queued += await deps.db.transaction(async (tx) => {
      const claims: MailClaim[] = pack.flatMap((batch) =>
        batch.userIds.map((userId) => ({
          userId,
          organizationId: batch.organizationId,
          mailKey: batch.mailKey,
        })),
      );
      const claimed = new Set(
        (await insertMailClaims(tx, claims, 'queued')).map(
          (claim) => `${claim.userId}:${claim.organizationId}:${claim.mailKey}`,
        ),
      );
      const jobs: EnqueueOptions[] = [];
      let people = 0;
      for (const batch of pack) {
        const userIds = batch.userIds.filter((userId) =>
          claimed.has(`${userId}:${batch.organizationId}:${batch.mailKey}`),
        );
        if (userIds.length === 0) continue;
        const payload: DigestBatchPayload = {
          organizationId: batch.organizationId,
          mailKey: batch.mailKey,
          userIds,
        };
        jobs.push({ queue: digestQueue, payload, runAt: batch.runAt });
        people += userIds.length;
      }
      await enqueueJobs(tx, jobs);
      return people;
    });
  }
  return queued;
}

/**
 * Sends one artist's queued digests to a batch of its members, each once: the artist's figures
 * are composed and the mail rendered once, then each person's part (greeting, links) is filled
 * in. Claims are taken a few dozen at a time (queued → sending) and marked sent together; a claim
 * another worker holds, or that went already, is left alone. On a failed send, or when the worker
 * stops, what was not sent goes back to queued for the job's next run, and the job throws.
 */
export async function sendDigestBatch(
  deps: NotificationDependencies,
  payload: DigestBatchPayload,
  signal?: AbortSignal,
): Promise<{ sent: number; skipped: number }> {
  const claimBatchSize = deps.digestClaimBatchSize ?? defaultClaimBatchSize;
  const { organizationId, mailKey } = payload;
  let render: ((recipient: MailRecipient) => RenderedMail) | null = null;
  let sentCount = 0;
  let skippedCount = 0;
  for (let start = 0; start < payload.userIds.length; start += claimBatchSize) {
    signal?.throwIfAborted();
    const claimed = await startSendingMany(deps.db, {
      organizationId,
      mailKey,
      userIds: payload.userIds.slice(start, start + claimBatchSize),
    });
    if (claimed.length === 0) continue;
    const sent: string[] = [];
    const skipped: string[] = [];
    try {
      const members = new Map(
        (await listMembers(deps.db, { organizationId, userIds: claimed })).map((member) => [
          member.userId,
          member,
        ]),
      );
      for (const userId of claimed) {
        if (signal?.aborted) break;
        const member = members.get(userId);
        // Left the organisation, or switched the digest off since it was queued.
        if (!member || !preferencesOf(member).digest.isEnabled) {
          skipped.push(userId);
          continue;
        }
        render ??= await prepareDigestMail(
          await composeDigestOnce(deps, { id: organizationId, name: member.organizationName }),
        );
        await mailDigest(deps, member, render);
        sent.push(userId);
      }
    } finally {
      const now = nowOf(deps);
      const done = new Set([...sent, ...skipped]);
      await finishClaims(deps.db, { organizationId, mailKey, userIds: sent }, 'sent', now);
      await finishClaims(deps.db, { organizationId, mailKey, userIds: skipped }, 'skipped', now);
      // Nothing went out to these: the job's next run sends them.
      const unsent = claimed.filter((userId) => !done.has(userId));
      await finishClaims(deps.db, { organizationId, mailKey, userIds: unsent }, 'queued', now);
    }
    sentCount += sent.length;
    skippedCount += skipped.length;
  }
  signal?.throwIfAborted();
  return { sent: sentCount, skipped: skippedCount };
}
