/** Intl formatting for platform analytics. Absent numbers are "—", never 0. */

export const MISSING_VALUE = '—';

const compactNumber = new Intl.NumberFormat(undefined, {
  notation: 'compact',
  maximumFractionDigits: 1,
});
const fullNumber = new Intl.NumberFormat(undefined, { maximumFractionDigits: 0 });
const signedCompactNumber = new Intl.NumberFormat(undefined, {
  notation: 'compact',
  maximumFractionDigits: 1,
  signDisplay: 'exceptZero',
});
const hourFormat = (maximumFractionDigits: number) =>
  new Intl.NumberFormat(undefined, {
    notation: 'compact',
    maximumFractionDigits,
    style: 'unit',
    unit: 'hour',
    unitDisplay: 'short',
  });
const preciseHours = hourFormat(1);
const roundHours = hourFormat(0);
const fullDate = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
const fullDateTime = new Intl.DateTimeFormat(undefined, {
  dateStyle: 'medium',
  timeStyle: 'short',
});
const shortDay = new Intl.DateTimeFormat(undefined, {
  month: 'short',
  day: 'numeric',
  timeZone: 'UTC',
});
const longDay = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeZone: 'UTC' });
const relativeTime = new Intl.RelativeTimeFormat(undefined, { numeric: 'auto' });

type MaybeNumber = number | null | undefined;

const isPresent = (value: MaybeNumber): value is number =>
  typeof value === 'number' && Number.isFinite(value);

export function formatCompactNumber(value: MaybeNumber): string {
  return isPresent(value) ? compactNumber.format(value) : MISSING_VALUE;
}

export function formatFullNumber(value: MaybeNumber): string {
  return isPresent(value) ? fullNumber.format(value) : MISSING_VALUE;
}

export function formatSignedCompactNumber(value: MaybeNumber): string {
  return isPresent(value) ? signedCompactNumber.format(value) : MISSING_VALUE;
}

/** Watch time arrives in minutes; artists think in hours. */
export function formatWatchHours(minutes: MaybeNumber): string {
  if (!isPresent(minutes)) return MISSING_VALUE;
  const hours = minutes / 60;
  // "2.5 hr" but "305 hr"; compact notation keeps one decimal for thousands ("1.5K hr").
  return (Math.abs(hours) < 10 || Math.abs(hours) >= 1000 ? preciseHours : roundHours).format(
    hours,
  );
}

/** 261 → "4:21", 3723 → "1:02:03". */
export function formatDuration(seconds: MaybeNumber): string {
  if (!isPresent(seconds)) return MISSING_VALUE;
  const total = Math.max(0, Math.round(seconds));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const rest = String(total % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${rest}` : `${minutes}:${rest}`;
}

export function formatDate(iso: string | null | undefined): string {
  return iso ? fullDate.format(new Date(iso)) : MISSING_VALUE;
}

export function formatDateTime(iso: string | null | undefined): string {
  return iso ? fullDateTime.format(new Date(iso)) : MISSING_VALUE;
}

/** A platform day (YYYY-MM-DD) is a calendar day, so it is read and shown in UTC. */
export function formatShortDay(day: string): string {
  return shortDay.format(new Date(`${day}T00:00:00Z`));
}

export function formatLongDay(day: string | null | undefined): string {
  return day ? longDay.format(new Date(`${day}T00:00:00Z`)) : MISSING_VALUE;
}

const relativeSteps: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

/** "3 hours ago", "yesterday", "just now". */
export function formatRelativeTime(iso: string | null | undefined, now = Date.now()): string {
  if (!iso) return MISSING_VALUE;
  const seconds = Math.round((new Date(iso).getTime() - now) / 1000);
  for (const [unit, size] of relativeSteps) {
    if (Math.abs(seconds) >= size) return relativeTime.format(Math.round(seconds / size), unit);
  }
  return 'just now';
}

/** YYYY-MM-DD `days` before/after `day` (calendar arithmetic in UTC). */
export function shiftDay(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** Sums a series, keeping "nothing reported" (all null) apart from a real 0. */
export function sumPresent(values: MaybeNumber[]): number | null {
  let total: number | null = null;
  for (const value of values) if (isPresent(value)) total = (total ?? 0) + value;
  return total;
}
