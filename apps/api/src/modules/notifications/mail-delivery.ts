import type { MailKind } from '@crescendo/contracts';
import type { Database } from '../../db/client';
import type { Mailer } from '../mail';
import type { DigestSource } from './digest/compose-digest';
import type { Digest } from './digest/digest-model';
import type { MailRecipient } from './digest/render-digest';
import type { Member } from './members.repository';
import { createUnsubscribeToken } from './unsubscribe-tokens';

/** What the notifications' jobs and routes need: the database, the mailer, links and a clock. */
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
   * the same figures, so a process composes each artist's once (`createDigestCache`).
   */
  digestCache?: DigestCache;
  /** People whose digest claims are taken (and marked sent) together; default 50. */
  digestClaimBatchSize?: number;
};

export type DigestCache = Map<string, Promise<Digest>>;

export function createDigestCache(): DigestCache {
  return new Map();
}

export const nowOf = (deps: Pick<NotificationDependencies, 'now'>) => deps.now?.() ?? new Date();

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

export function recipientOf(
  deps: Pick<NotificationDependencies, 'appUrl' | 'unsubscribeKey'>,
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
export function listUnsubscribeHeaders(unsubscribeUrl: string): Record<string, string> {
  return {
    'List-Unsubscribe': `<${unsubscribeUrl}>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  };
}
