import type {
  NotificationListResponse,
  NotificationPreferencesResponse,
  SendDigestNowResponse,
  UpdateNotificationPreferences,
} from '@crescendo/contracts';
import { AppError } from '../../lib/app-error';
import type { CurrentUser } from '../users';
import { claimDigestNow, countUnread, listNotifications, markRead } from './events.repository';
import { findMember, upsertPreferences, type Member } from './members.repository';
import { sendDigestTo } from './digest/digest-jobs';
import type { NotificationDependencies } from './mail-delivery';
import {
  mergePreferences,
  nextDigestAt,
  preferencesOf,
  timeZoneOf,
  toStored,
  withoutMailKind,
} from './preferences';
import { readUnsubscribeToken, type UnsubscribeSubject } from './unsubscribe-tokens';

const nowOf = (deps: NotificationDependencies) => deps.now?.() ?? new Date();

async function requireMember(deps: NotificationDependencies, user: CurrentUser): Promise<Member> {
  const member = await findMember(deps.db, user.id, user.organization.id);
  // The active organisation is resolved per request, so only a lead (no dashboard) lands here.
  if (!member) throw AppError.forbidden('Notifications are for members with a dashboard.');
  return member;
}

function toResponse(member: Member, now: Date): NotificationPreferencesResponse {
  return {
    organization: { id: member.organizationId, name: member.organizationName },
    preferences: preferencesOf(member),
    effectiveTimeZone: timeZoneOf(member),
    nextDigestAt: nextDigestAt(member, now)?.toISOString() ?? null,
  };
}

export async function getPreferences(
  deps: NotificationDependencies,
  user: CurrentUser,
): Promise<NotificationPreferencesResponse> {
  return toResponse(await requireMember(deps, user), nowOf(deps));
}

export async function updatePreferences(
  deps: NotificationDependencies,
  user: CurrentUser,
  update: UpdateNotificationPreferences,
): Promise<NotificationPreferencesResponse> {
  const member = await requireMember(deps, user);
  const next = mergePreferences(preferencesOf(member), update);
  const stored = toStored(next);
  await upsertPreferences(deps.db, member.userId, member.organizationId, stored);
  return toResponse({ ...member, preferences: stored }, nowOf(deps));
}

/**
 * Mails the caller this week's digest at once (whatever their settings), at most once in any
 * minute: the claim's row is the limit, shared by every API process.
 */
export async function sendDigestNow(
  deps: NotificationDependencies,
  user: CurrentUser,
): Promise<SendDigestNowResponse> {
  const member = await requireMember(deps, user);
  const now = nowOf(deps);
  const outcome = await claimDigestNow(deps.db, member, now);
  if ('retryAfterSeconds' in outcome) {
    throw new AppError('RATE_LIMITED', 'A digest was just sent: try again in a minute.', {
      retryAfterSeconds: outcome.retryAfterSeconds,
    });
  }
  const { sent, digest, subject } = await sendDigestTo(deps, member);
  return {
    sentTo: member.email,
    subject,
    range: { from: digest.range.from, to: digest.range.to },
    mailboxUrl: sent.mailboxUrl,
  };
}

export async function getNotifications(
  deps: NotificationDependencies,
  user: CurrentUser,
  limit: number,
): Promise<NotificationListResponse> {
  const [rows, unreadCount] = await Promise.all([
    listNotifications(deps.db, user.id, user.organization.id, limit),
    countUnread(deps.db, user.id, user.organization.id),
  ]);
  return {
    notifications: rows.map((row) => ({
      id: row.id,
      kind: row.kind as NotificationListResponse['notifications'][number]['kind'],
      tone: row.tone,
      title: row.title,
      body: row.body,
      link: row.link,
      createdAt: row.createdAt.toISOString(),
      isRead: row.readAt !== null,
    })),
    unreadCount,
  };
}

export async function readNotifications(
  deps: NotificationDependencies,
  user: CurrentUser,
  ids: string[] | undefined,
): Promise<{ unreadCount: number }> {
  await markRead(deps.db, user.id, user.organization.id, ids, nowOf(deps));
  return { unreadCount: await countUnread(deps.db, user.id, user.organization.id) };
}

/** The token's subject, or a 400 for a link that was altered or never signed by this server. */
export function readUnsubscribeLink(
  deps: NotificationDependencies,
  token: string,
): UnsubscribeSubject {
  const subject = readUnsubscribeToken(deps.unsubscribeKey, token);
  if (!subject) throw new AppError('BAD_REQUEST', 'This unsubscribe link is not valid.');
  return subject;
}

/** Follows an unsubscribe link: no sign-in, the signed token names the person and the kind. */
export async function unsubscribe(
  deps: NotificationDependencies,
  token: string,
): Promise<{ subject: UnsubscribeSubject; organizationName: string }> {
  const subject = readUnsubscribeLink(deps, token);
  const member = await findMember(deps.db, subject.userId, subject.organizationId);
  if (!member) throw AppError.notFound('This unsubscribe link is no longer in use.');
  const next = withoutMailKind(preferencesOf(member), subject.kind);
  await upsertPreferences(deps.db, member.userId, member.organizationId, toStored(next));
  return { subject, organizationName: member.organizationName };
}

export async function describeUnsubscribeLink(
  deps: NotificationDependencies,
  token: string,
): Promise<{ subject: UnsubscribeSubject; organizationName: string }> {
  const subject = readUnsubscribeLink(deps, token);
  const member = await findMember(deps.db, subject.userId, subject.organizationId);
  if (!member) throw AppError.notFound('This unsubscribe link is no longer in use.');
  return { subject, organizationName: member.organizationName };
}
