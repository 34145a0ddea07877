/** The notifications' queues in the durable job queue (`jobs/queue.ts`). */
export const scheduleQueue = 'notifications-schedule';
export const digestQueue = 'notifications-digest';
export const alertMailQueue = 'notifications-alert-mail';

export type DigestPayload = { userId: string; organizationId: string; mailKey: string };
export type AlertMailPayload = { userId: string; organizationId: string; groupKey: string };
