import type { RangePreset } from '@crescendo/contracts';
import { addDays } from '../../../lib/days';

const presetDays: Record<Exclude<RangePreset, 'all'>, number> = {
  '7d': 7,
  '28d': 28,
  '90d': 90,
  '365d': 365,
};

/** Statements report whole months: with no period asked for, the revenue read shows a year. */
export const defaultRevenuePreset = '365d';

/**
 * The days a revenue read covers. Presets end yesterday (statements have no "last complete day"
 * of their own: a month not reported yet is shown as such, not cut off); `all` starts at the
 * first sale month imported. Explicit dates are taken as given (the plan's history window has
 * already refused a `from` too far back).
 */
export function resolveRevenueRange(
  input: { range?: RangePreset | undefined; from?: string | undefined; to?: string | undefined },
  today: string,
  firstMonth: string | null,
): { from: string; to: string } {
  const yesterday = addDays(today, -1);
  let to = input.to ?? yesterday;
  let from: string;
  if (input.from) from = input.from;
  else if (input.to) from = addDays(to, -(presetDays[defaultRevenuePreset] - 1));
  else {
    const preset = input.range ?? defaultRevenuePreset;
    from =
      preset === 'all'
        ? (firstMonth ?? addDays(to, -(presetDays[defaultRevenuePreset] - 1)))
        : addDays(to, -(presetDays[preset] - 1));
  }
  if (from > to) [from, to] = [to, from];
  return { from, to };
}

export type RevenueMonths = { first: string; last: string };

/**
 * The statement months a day range covers: a month is in when its first day is (so a range
 * starting mid-month begins with the next month, and one ending mid-month includes its month).
 * Null when no month starts inside the range.
 */
export function monthsOf(from: string, to: string): RevenueMonths | null {
  const first = from.endsWith('-01') ? from.slice(0, 7) : nextMonth(from.slice(0, 7));
  const last = to.slice(0, 7);
  return first <= last ? { first, last } : null;
}

/** `YYYY-MM` of the month after. */
export function nextMonth(month: string): string {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  return monthNumber === 12
    ? `${year + 1}-01`
    : `${year}-${String(monthNumber + 1).padStart(2, '0')}`;
}

/** The last day of a `YYYY-MM` month. */
export function lastDayOfMonth(month: string): string {
  return addDays(`${nextMonth(month)}-01`, -1);
}

const monthFormat = new Intl.DateTimeFormat('en-US', {
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

/** "March 2026" for `2026-03`. */
export function formatMonth(month: string): string {
  return monthFormat.format(new Date(`${month}-01T00:00:00Z`));
}
