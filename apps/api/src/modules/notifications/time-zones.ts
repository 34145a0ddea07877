import { dayMs } from '../../lib/days';

/*
 * Wall-clock arithmetic in a person's IANA time zone, with Intl only (no library): what day and
 * hour it is there, and the instant a local day and hour falls on, across DST changes.
 */

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterOf(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

export function isValidTimeZone(timeZone: string): boolean {
  try {
    formatterOf(timeZone);
    return true;
  } catch {
    return false;
  }
}

/** The zone a person's mail is timed in: theirs, else the artist profile's, else UTC. */
export function resolveTimeZone(...candidates: (string | null | undefined)[]): string {
  for (const candidate of candidates) if (candidate && isValidTimeZone(candidate)) return candidate;
  return 'UTC';
}

export type LocalTime = {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  /** ISO: 1 = Monday … 7 = Sunday. */
  isoDay: number;
  /** `YYYY-MM-DD`. */
  date: string;
};

export function localTimeOf(instant: Date, timeZone: string): LocalTime {
  const parts: Record<string, number> = {};
  for (const part of formatterOf(timeZone).formatToParts(instant)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  const { year = 0, month = 1, day = 1, hour = 0, minute = 0 } = parts;
  const isoDay = ((new Date(Date.UTC(year, month - 1, day)).getUTCDay() + 6) % 7) + 1;
  const date = `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
  return { year, month, day, hour, minute, isoDay, date };
}

/** Minutes the zone is ahead of UTC at an instant. */
function offsetMinutesAt(instant: number, timeZone: string): number {
  const local = localTimeOf(new Date(instant), timeZone);
  const seconds = new Date(instant).getUTCSeconds();
  const asUtc = Date.UTC(local.year, local.month - 1, local.day, local.hour, local.minute, seconds);
  return Math.round((asUtc - Math.floor(instant / 1000) * 1000) / 60_000);
}

/**
 * The instant a local day (`YYYY-MM-DD`) and hour falls on. An hour that happens twice (clocks
 * going back) is its first occurrence; an hour that never happens (clocks going forward) is the
 * moment the clock jumps past it (02:00 → 03:00).
 */
export function instantOfLocalTime(timeZone: string, date: string, hour: number): Date {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const wall = Date.UTC(year, month - 1, day, hour);
  const candidates = [wall - 12 * 3_600_000, wall + 12 * 3_600_000].map(
    (probe) => wall - offsetMinutesAt(probe, timeZone) * 60_000,
  );
  const matching = candidates.filter((candidate) => {
    const local = localTimeOf(new Date(candidate), timeZone);
    return local.date === date && local.hour === hour;
  });
  return new Date(matching.length > 0 ? Math.min(...matching) : Math.max(...candidates));
}

export function addDaysToDate(date: string, days: number): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

/** ISO week of a calendar date: `2025-W25` (the week's Thursday decides its year). */
export function isoWeekOf(date: string): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const value = new Date(Date.UTC(year, month - 1, day));
  const isoDay = ((value.getUTCDay() + 6) % 7) + 1;
  value.setUTCDate(value.getUTCDate() + 4 - isoDay);
  const weekYear = value.getUTCFullYear();
  const week = Math.ceil(((value.getTime() - Date.UTC(weekYear, 0, 1)) / dayMs + 1) / 7);
  return `${weekYear}-W${String(week).padStart(2, '0')}`;
}

export type DigestSlot = { at: Date; localDate: string; week: string };

/** The last time on or before `now` that the person's weekly day and hour came round. */
export function lastDigestSlot(
  now: Date,
  timeZone: string,
  schedule: { dayOfWeek: number; hour: number },
): DigestSlot {
  const today = localTimeOf(now, timeZone).date;
  for (let back = 0; back <= 8; back += 1) {
    const date = addDaysToDate(today, -back);
    if (localTimeOf(instantOfLocalTime(timeZone, date, 12), timeZone).isoDay !== schedule.dayOfWeek)
      continue;
    const at = instantOfLocalTime(timeZone, date, schedule.hour);
    if (at <= now) return { at, localDate: date, week: isoWeekOf(date) };
  }
  throw new Error('no weekly slot in the last eight days');
}

/** The next time after `now` that the person's weekly day and hour comes round. */
export function nextDigestSlot(
  now: Date,
  timeZone: string,
  schedule: { dayOfWeek: number; hour: number },
): DigestSlot {
  const today = localTimeOf(now, timeZone).date;
  for (let ahead = 0; ahead <= 8; ahead += 1) {
    const date = addDaysToDate(today, ahead);
    if (localTimeOf(instantOfLocalTime(timeZone, date, 12), timeZone).isoDay !== schedule.dayOfWeek)
      continue;
    const at = instantOfLocalTime(timeZone, date, schedule.hour);
    if (at > now) return { at, localDate: date, week: isoWeekOf(date) };
  }
  throw new Error('no weekly slot in the next eight days');
}

export type QuietHours = { start: number; end: number } | null;

export function isQuietHour(hour: number, quiet: QuietHours): boolean {
  if (!quiet || quiet.start === quiet.end) return false;
  return quiet.start < quiet.end
    ? hour >= quiet.start && hour < quiet.end
    : hour >= quiet.start || hour < quiet.end;
}

/** `at`, or the end of the person's quiet hours when `at` falls inside them. */
export function afterQuietHours(at: Date, timeZone: string, quiet: QuietHours): Date {
  if (!quiet) return at;
  const local = localTimeOf(at, timeZone);
  if (!isQuietHour(local.hour, quiet)) return at;
  const sameDay = instantOfLocalTime(timeZone, local.date, quiet.end);
  return sameDay > at
    ? sameDay
    : instantOfLocalTime(timeZone, addDaysToDate(local.date, 1), quiet.end);
}
