import { rangePresetDays, type HistoryLimit, type RangePreset } from '@crescendo/contracts';
import { addDays, daysBetweenInclusive } from '../../../lib/days';

export type ResolvedRange = {
  from: string;
  to: string;
  days: number;
  /** Set when the plan's history window moved the start ("since <day>, your plan keeps N days"). */
  historyLimit: HistoryLimit | null;
  /**
   * The equal period right before, for comparisons; never before the plan's history window (it is
   * then shorter than the range, and not compared).
   */
  previous: { from: string; to: string };
  /** Daily points up to 120 days, weekly beyond, so charts stay readable. */
  granularity: 'day' | 'week';
};

/**
 * The plan's history window as a range needs it: the plan keeps `days` days of history ending on
 * the range's last day (so "Last 12 months" is whole on a plan that keeps 365 days).
 */
export type HistoryBound = { days: number };

/** The first day the plan keeps for a window ending on `to`. */
export function historyStartOf(history: HistoryBound, to: string): string {
  return addDays(to, -(history.days - 1));
}

/**
 * Turns a preset or explicit dates into a closed day range ending at the last day the platforms
 * have published (`lastCompleteDay`), never in the still-pending days after it, and never before
 * the plan's history window (`history`; an explicit `from` before it is refused by the caller).
 */
export function resolveDateRange(
  input: { range?: RangePreset | undefined; from?: string | undefined; to?: string | undefined },
  lastCompleteDay: string,
  firstDataDay: string | null,
  history: HistoryBound | null = null,
): ResolvedRange {
  let from: string;
  let to: string;
  if (input.from || input.to) {
    to = input.to ?? lastCompleteDay;
    from = input.from ?? addDays(to, -27);
  } else {
    const preset = input.range ?? '28d';
    to = lastCompleteDay;
    from =
      preset === 'all'
        ? (firstDataDay ?? (history ? historyStartOf(history, to) : addDays(to, -27)))
        : addDays(to, -(rangePresetDays[preset] - 1));
  }
  if (from > to) [from, to] = [to, from];
  ({ from, to } = clipToDataBounds(from, to, lastCompleteDay, firstDataDay));
  const earliest = history === null ? null : historyStartOf(history, to);
  let historyLimit: HistoryLimit | null = null;
  if (history !== null && earliest !== null && from < earliest) {
    from = earliest;
    historyLimit = { since: from, days: history.days };
  }
  const days = daysBetweenInclusive(from, to);
  const previousFrom = addDays(from, -days);
  return {
    from,
    to,
    days,
    historyLimit,
    previous: {
      // Cut to the plan's window: empty (from after to) when the range already fills it.
      from:
        earliest !== null && previousFrom < earliest
          ? earliest < from
            ? earliest
            : from
          : previousFrom,
      to: addDays(from, -1),
    },
    granularity: days > 120 ? 'week' : 'day',
  };
}

/** True when the previous period is shorter than the range (the plan's window cut it). */
export function isPreviousCut(range: ResolvedRange): boolean {
  return range.previous.from !== addDays(range.from, -range.days);
}

/** The longest range asked about data that does not exist yet (no first day): three years. */
export const maxSpanWithoutDataDays = 1096;
/** Platforms publish at most this many days after the last complete one (listed as pending). */
const pendingDaysAhead = 14;

/**
 * Clips a range to the data's bounds, so `from=0001-01-01&to=9999-12-31` costs what "all" costs:
 * never after the last day a platform can have published, never before the first stored day
 * (or, with no data, three years before the end).
 */
export function clipToDataBounds(
  from: string,
  to: string,
  lastCompleteDay: string,
  firstDataDay: string | null,
): { from: string; to: string } {
  const latest = addDays(lastCompleteDay, pendingDaysAhead);
  const clippedTo = to > latest ? latest : to;
  const earliest =
    firstDataDay !== null && firstDataDay <= clippedTo
      ? firstDataDay
      : addDays(clippedTo, -(maxSpanWithoutDataDays - 1));
  const clippedFrom = from < earliest ? earliest : from > clippedTo ? clippedTo : from;
  return { from: clippedFrom, to: clippedTo };
}

/** Monday of the ISO week containing the day. */
export function weekStart(day: string): string {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  return addDays(day, -((weekday + 6) % 7));
}

export type MonthSplit = {
  /** First days of the first and last whole calendar months inside the range; null if none. */
  months: { first: string; last: string } | null;
  /** The days of the range outside those months (none, a head, a tail, or both). */
  days: { from: string; to: string }[];
};

/**
 * Splits a day range into the whole calendar months it covers and the days around them, so a
 * long range can read monthly sums and only its ragged ends day by day.
 */
export function splitIntoMonths(from: string, to: string): MonthSplit {
  const monthOf = (day: string) => `${day.slice(0, 7)}-01`;
  const next = new Date(`${monthOf(from)}T00:00:00Z`);
  next.setUTCMonth(next.getUTCMonth() + 1);
  const firstMonth = from.endsWith('-01') ? from : next.toISOString().slice(0, 10);
  const lastMonthEnd = addDays(to, 1).endsWith('-01') ? to : addDays(monthOf(to), -1);
  const lastMonth = monthOf(lastMonthEnd);
  if (firstMonth > lastMonth) return { months: null, days: [{ from, to }] };
  const days: MonthSplit['days'] = [];
  if (from < firstMonth) days.push({ from, to: addDays(firstMonth, -1) });
  if (lastMonthEnd < to) days.push({ from: addDays(lastMonthEnd, 1), to });
  return { months: { first: firstMonth, last: lastMonth }, days };
}
