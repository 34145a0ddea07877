/**
 * The notifications module's public surface: the weekly digest and alerts by email, each
 * person's settings, the in-app list and the one-click unsubscribe. Other modules report what
 * happened through the `notify…` functions; the worker runs `createNotificationHandlers`.
 */
export { notificationsRoutes } from './notifications.routes';
export {
  createNotificationHandlers,
  ensureNotificationSchedule,
  runNotificationSchedule,
  sendAlertMail,
} from './notification-jobs';
export { createDigestCache, type NotificationDependencies } from './mail-delivery';
export { queueDueDigests, sendDigestBatch, sendDigestTo } from './digest/digest-jobs';
export {
  detectAlerts,
  notifyImportFinished,
  notifyInvitationAccepted,
  notifyPaymentFailed,
  recordAlert,
  type Alert,
} from './alerts';
export { composeDigest, defaultDigestSources, type DigestSource } from './digest/compose-digest';
export type { Digest, DigestSection } from './digest/digest-model';
export { prepareDigestMail, renderDigestMail } from './digest/render-digest';
export { listMembers } from './members.repository';
export { forgetNotificationSubject } from './events.repository';
export { deriveUnsubscribeKey } from './unsubscribe-tokens';
export { alertMailQueue, digestQueue, scheduleQueue } from './notification-queues';
