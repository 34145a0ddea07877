/** The notifications' queues in the durable job queue (`jobs/queue.ts`). */
export const scheduleQueue = 'notifications-schedule';
export const digestQueue = 'notifications-digest';
export const alertMailQueue = 'notifications-alert-mail';

/**
 * One artist's weekly digest for the members due at the same time (same week and run time,
 * after each one's quiet hours): the job composes the artist's figures once and mails each.
 */
export type DigestBatchPayload = { organizationId: string; mailKey: string; userIds: string[] };
/** A job queued before digests were batched: one person. */
export type SingleDigestPayload = { organizationId: string; mailKey: string; userId: string };
export type AlertMailPayload = { userId: string; organizationId: string; groupKey: string };

export function digestBatchOf(
  payload: DigestBatchPayload | SingleDigestPayload,
): DigestBatchPayload {
  if ('userIds' in payload) return payload;
  return {
    organizationId: payload.organizationId,
    mailKey: payload.mailKey,
    userIds: [payload.userId],
  };
}
