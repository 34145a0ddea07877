import {
  alertKinds,
  type AlertKind,
  type MailKind,
  type NotificationPreferences,
  type UpdateNotificationPreferences,
} from '@crescendo/contracts';
import type { Member, StoredPreferences } from './members.repository';
import { nextDigestSlot, resolveTimeZone, type QuietHours } from './time-zones';

export const defaultThresholdPercent = 50;

/** A person's settings with the defaults filled in: the digest is on for owners, off for others. */
export function preferencesOf(member: Member): NotificationPreferences {
  const stored = member.preferences;
  const alerts = Object.fromEntries(
    alertKinds.map((kind) => [kind, stored?.alerts[kind] ?? true]),
  ) as Record<AlertKind, boolean>;
  return {
    digest: {
      isEnabled: stored?.isDigestEnabled ?? member.role === 'owner',
      dayOfWeek: stored?.digestDay ?? 1,
      hour: stored?.digestHour ?? 9,
    },
    timeZone: stored?.timeZone ?? null,
    alerts,
    thresholdPercent: stored?.thresholdPercent ?? defaultThresholdPercent,
    quietHours:
      stored?.quietStartHour !== null &&
      stored?.quietStartHour !== undefined &&
      stored.quietEndHour !== null
        ? { start: stored.quietStartHour, end: stored.quietEndHour }
        : null,
  };
}

export function timeZoneOf(member: Member): string {
  return resolveTimeZone(member.preferences?.timeZone, member.profileTimeZone);
}

export function quietHoursOf(member: Member): QuietHours {
  return preferencesOf(member).quietHours;
}

export function nextDigestAt(member: Member, now: Date): Date | null {
  const preferences = preferencesOf(member);
  if (!preferences.digest.isEnabled) return null;
  return nextDigestSlot(now, timeZoneOf(member), preferences.digest).at;
}

export function toStored(preferences: NotificationPreferences): StoredPreferences {
  return {
    isDigestEnabled: preferences.digest.isEnabled,
    digestDay: preferences.digest.dayOfWeek,
    digestHour: preferences.digest.hour,
    timeZone: preferences.timeZone,
    alerts: preferences.alerts,
    thresholdPercent: preferences.thresholdPercent,
    quietStartHour: preferences.quietHours?.start ?? null,
    quietEndHour: preferences.quietHours?.end ?? null,
  };
}

export function mergePreferences(
  current: NotificationPreferences,
  update: UpdateNotificationPreferences,
): NotificationPreferences {
  return {
    digest: { ...current.digest, ...update.digest },
    timeZone: update.timeZone === undefined ? current.timeZone : update.timeZone,
    alerts: { ...current.alerts, ...update.alerts },
    thresholdPercent: update.thresholdPercent ?? current.thresholdPercent,
    quietHours: update.quietHours === undefined ? current.quietHours : update.quietHours,
  };
}

/** The settings after an unsubscribe link for `kind` was followed. */
export function withoutMailKind(
  current: NotificationPreferences,
  kind: MailKind,
): NotificationPreferences {
  if (kind === 'digest') return { ...current, digest: { ...current.digest, isEnabled: false } };
  return { ...current, alerts: { ...current.alerts, [kind]: false } };
}
