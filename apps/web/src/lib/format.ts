/** Display formatting shared by the analytics screens. Absent numbers are "—", never 0. */

import type { ContentItem } from '@crescendo/contracts';

export const MISSING_VALUE = '—';

export type MaybeNumber = number | null | undefined;

export const isPresent = (value: MaybeNumber): value is number =>
  typeof value === 'number' && Number.isFinite(value);

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
const percent = new Intl.NumberFormat(undefined, { style: 'percent', maximumFractionDigits: 1 });
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

export function formatCompactNumber(value: MaybeNumber): string {
  return isPresent(value) ? compactNumber.format(value) : MISSING_VALUE;
}

export function formatFullNumber(value: MaybeNumber): string {
  return isPresent(value) ? fullNumber.format(value) : MISSING_VALUE;
}

export function formatSignedCompactNumber(value: MaybeNumber): string {
  return isPresent(value) ? signedCompactNumber.format(value) : MISSING_VALUE;
}

/** A share (0.25) as "25%". */
export function formatShare(value: MaybeNumber): string {
  return isPresent(value) ? percent.format(value) : MISSING_VALUE;
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

/** "Oct 25 – Nov 21, 2026", or both years when the span crosses one ("Nov 23, 2025 – Nov 22, 2026"). */
export function formatDaySpan(from: string, to: string): string {
  const start = from.slice(0, 4) === to.slice(0, 4) ? formatShortDay(from) : formatLongDay(from);
  return `${start} – ${formatLongDay(to)}`;
}

const relativeSteps: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

/**
 * "3 hours ago", "yesterday", "just now". Under `justNowSeconds` (a minute unless told) it is
 * "just now"; from there on it counts at least a minute.
 */
export function formatRelativeTime(
  iso: string | null | undefined,
  now = Date.now(),
  { justNowSeconds = 60 } = {},
): string {
  if (!iso) return MISSING_VALUE;
  const seconds = Math.round((new Date(iso).getTime() - now) / 1000);
  const elapsed = Math.abs(seconds);
  // Written so that an unreadable date (NaN) also lands here.
  if (!(elapsed >= justNowSeconds)) return 'just now';
  const [unit, size] = relativeSteps.find(([, step]) => elapsed >= step) ?? ['minute', 60];
  return relativeTime.format(Math.round(seconds / size), unit);
}

// Day arithmetic lives apart (the boot chunk needs it, not the formatters).
export { shiftDay } from './days';

/** Sums a series, keeping "nothing reported" (all null) apart from a real 0. */
export function sumPresent(values: MaybeNumber[]): number | null {
  let total: number | null = null;
  for (const value of values) if (isPresent(value)) total = (total ?? 0) + value;
  return total;
}

const regionNames =
  typeof Intl.DisplayNames === 'function'
    ? new Intl.DisplayNames(undefined, { type: 'region' })
    : null;

/**
 * A region code as its name ("IT" → "Italy", "419" → "Latin America"); a code the browser does
 * not know is kept. The dashboard's `formatCountry` names two-letter codes only.
 */
export function formatRegion(code: string): string {
  try {
    return regionNames?.of(code) ?? code;
  } catch {
    return code;
  }
}

/** A piece of content's kind in the artist's words, the same on every page. */
export const contentKindLabels: Record<ContentItem['kind'], string> = {
  video: 'Video',
  short: 'Short',
  live: 'Live',
  reel: 'Reel',
  post: 'Post',
  story: 'Story',
};
