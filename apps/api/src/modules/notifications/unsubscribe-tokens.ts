import crypto from 'node:crypto';
import { mailKinds, type MailKind } from '@crescendo/contracts';

/*
 * One-click unsubscribe links (RFC 8058): the token names a person, an organisation and a kind of
 * mail, signed with an HMAC key derived from the server secret, so it works without signing in
 * and cannot be forged or changed to another person or kind.
 */

export type UnsubscribeSubject = { userId: string; organizationId: string; kind: MailKind };

/** A key used for nothing else than these links. */
export function deriveUnsubscribeKey(serverSecret: string): Buffer {
  return Buffer.from(
    crypto.hkdfSync('sha256', serverSecret, 'crescendo-notifications', 'unsubscribe-link-v1', 32),
  );
}

function signatureOf(key: Buffer, subject: UnsubscribeSubject): Buffer {
  return crypto
    .createHmac('sha256', key)
    .update(`${subject.userId}\n${subject.organizationId}\n${subject.kind}`)
    .digest();
}

export function createUnsubscribeToken(key: Buffer, subject: UnsubscribeSubject): string {
  return [
    subject.userId,
    subject.organizationId,
    subject.kind,
    signatureOf(key, subject).toString('base64url'),
  ].join('.');
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The token's subject, or null when it is malformed or its signature does not match. */
export function readUnsubscribeToken(key: Buffer, token: string): UnsubscribeSubject | null {
  const parts = token.split('.');
  if (parts.length !== 4) return null;
  const [userId, organizationId, kind, signature] = parts as [string, string, string, string];
  if (!uuidPattern.test(userId) || !uuidPattern.test(organizationId)) return null;
  if (!(mailKinds as readonly string[]).includes(kind)) return null;
  const subject = { userId, organizationId, kind: kind as MailKind };
  const expected = signatureOf(key, subject);
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) return null;
  return subject;
}
