import type { AlertKind } from '@crescendo/contracts';

/** Each alert's switch on the settings page, in the order shown. */
export const alertLabels: Record<AlertKind, { title: string; hint: string }> = {
  spike: { title: 'Spikes', hint: 'A day well above your usual views, past your threshold.' },
  drop: { title: 'Drops', hint: 'A day well below your usual views, past your threshold.' },
  milestone: { title: 'Milestones', hint: 'A round number of followers or subscribers.' },
  reconnect: { title: 'Connections to reconnect', hint: 'A platform stopped accepting access.' },
  import_failed: { title: 'Failed imports', hint: 'An uploaded file could not be read.' },
  statement_arrived: { title: 'Statements that arrived', hint: 'A new month of revenue is in.' },
  payment_failed: { title: 'Failed payments', hint: 'Owners only.' },
  plan_lapsing: { title: 'Plan about to lapse', hint: 'Owners only: three days before.' },
  invitation_accepted: { title: 'Accepted invitations', hint: 'Someone joined your team.' },
};

export const weekdays = [
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
  'Sunday',
] as const;

export function formatHour(hour: number): string {
  return `${String(hour).padStart(2, '0')}:00`;
}

/**
 * When the next digest goes, on the clock it is scheduled by (the person's zone, named), not the
 * browser's: "Mon, Nov 30, 9:00 AM (Europe/London)".
 */
export function formatDigestTime(iso: string, timeZone: string): string {
  const when = new Intl.DateTimeFormat(undefined, {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone,
  }).format(new Date(iso));
  return `${when} (${timeZone})`;
}

/** The browser's zone list where it has one; the current zone always among them. */
export function listTimeZones(current: string): string[] {
  const supported =
    typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return [...new Set([current, 'UTC', ...supported])].sort();
}
