import { rangePresetDays, type RangePreset } from '@crescendo/contracts';
import * as chrono from 'chrono-node';
import { addDays } from '../../../lib/days';

export type Preset = RangePreset;

/** A window in plain words: a dashboard preset, calendar days, or "since <release> came out". */
export type Period =
  | { kind: 'preset'; range: Preset; label: string }
  | { kind: 'days'; from: string; to: string | null; label: string }
  | { kind: 'since-content'; hint: string | null; label: string };

export type ResolvedWindow = { range?: Preset; from?: string; to?: string };

function isoOf(date: Date): string {
  return date.toISOString().slice(0, 10);
}

function monthStart(day: string, monthsBack = 0): string {
  const date = new Date(`${day.slice(0, 7)}-01T00:00:00Z`);
  date.setUTCMonth(date.getUTCMonth() - monthsBack);
  return isoOf(date);
}

const unitDays = { day: 1, week: 7, month: 30, year: 365 } as const;
const presetByDays: Record<number, Preset> = Object.fromEntries(
  Object.entries(rangePresetDays).map(([preset, days]) => [days, preset as Preset]),
);
const numberWords: Record<string, number> = {
  a: 1,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  six: 6,
  twelve: 12,
};

/**
 * The periods a question names, in the order written (at most two, for comparisons). `today` is
 * the clock's day: calendar words ("last month") follow the calendar, and the tools end every
 * window at the last day the platforms have published.
 */
export function findPeriods(question: string, today: string): Period[] {
  const text = question.toLowerCase();
  const found: { at: number; period: Period }[] = [];
  const add = (at: number, period: Period) => {
    if (!found.some((item) => item.at === at)) found.push({ at, period });
  };
  const each = (pattern: RegExp, make: (match: RegExpExecArray) => Period | null) => {
    for (const match of text.matchAll(new RegExp(pattern, 'g'))) {
      const period = make(match as RegExpExecArray);
      if (period) add(match.index ?? 0, period);
    }
  };

  each(/\b(all[- ]time|ever|overall|in total|since (?:i|we) started|since the start)\b/, () => ({
    kind: 'preset',
    range: 'all',
    label: 'all time',
  }));
  each(
    /\b(?:last|past|previous|over the last|in the last)\s+(\d+|a|one|two|three|four|six|twelve)\s+(day|week|month|year)s?\b/,
    (match) => {
      const count = numberWords[match[1]!] ?? Number(match[1]);
      const days = count * unitDays[match[2] as keyof typeof unitDays];
      const label = `the last ${count === 1 ? '' : `${count} `}${match[2]}${count === 1 ? '' : 's'}`;
      const preset = presetByDays[days];
      if (preset) return { kind: 'preset', range: preset, label };
      return { kind: 'days', from: `-${days}`, to: null, label };
    },
  );
  each(/\b(?:last|past|this) week\b/, (match) => ({
    kind: 'preset',
    range: '7d',
    label: match[0].startsWith('this') ? 'this week' : 'the last 7 days',
  }));
  each(/\b(?:last|past) (?:quarter|three months)\b/, () => ({
    kind: 'preset',
    range: '90d',
    label: 'the last 90 days',
  }));
  each(/\b(?:last|past) year\b|\bprevious year\b/, (match) =>
    match[0].startsWith('past')
      ? { kind: 'preset', range: '365d', label: 'the past year' }
      : {
          kind: 'days',
          from: `${Number(today.slice(0, 4)) - 1}-01-01`,
          to: `${Number(today.slice(0, 4)) - 1}-12-31`,
          label: `${Number(today.slice(0, 4)) - 1}`,
        },
  );
  each(/\b(?:this year|so far this year|year to date|ytd)\b/, () => ({
    kind: 'days',
    from: `${today.slice(0, 4)}-01-01`,
    to: null,
    label: 'this year',
  }));
  each(/\bthis month\b|\bso far this month\b/, () => ({
    kind: 'days',
    from: monthStart(today),
    to: null,
    label: 'this month',
  }));
  each(/\b(?:last|previous) month\b/, () => ({
    kind: 'days',
    from: monthStart(today, 1),
    to: addDays(monthStart(today), -1),
    label: 'last month',
  }));
  each(/\byesterday\b/, () => ({ kind: 'days', from: '-1', to: null, label: 'the last day' }));
  each(
    /\bsince (?:my|the|our) (?:last |latest |new |newest |recent )?(single|song|track|release|video|album|ep|reel|short|post|drop)\b(?: (?:came out|dropped|was released|released|went live|launched))?/,
    (match) => ({
      kind: 'since-content',
      hint: match[1] ?? null,
      label: `since your ${match[1]} came out`,
    }),
  );
  each(
    /\bsince ["“']?([^"”'?.,]+?)["”']? (?:came out|dropped|was released|released|went live)/,
    (match) =>
      /^(?:my|the|our)\b/.test(match[1] ?? '')
        ? null
        : {
            kind: 'since-content',
            hint: match[1]!.trim(),
            label: `since “${match[1]!.trim()}” came out`,
          },
  );

  if (found.length === 0) {
    // Dates and months in words ("since March 3", "in April", "between May 1 and May 20").
    const reference = new Date(`${today}T12:00:00Z`);
    for (const result of chrono.parse(
      question,
      { instant: reference, timezone: 0 },
      { forwardDate: false },
    )) {
      const start = result.start;
      const from = isoOf(start.date());
      const isMonthOnly = !start.isCertain('day') && start.isCertain('month');
      let to: string | null = result.end ? isoOf(result.end.date()) : null;
      let first = from;
      if (isMonthOnly && !result.end) {
        first = `${from.slice(0, 7)}-01`;
        to = addDays(monthStart(addDays(first, 40)), -1);
        if (first > today) {
          first = `${Number(first.slice(0, 4)) - 1}${first.slice(4)}`;
          to = addDays(monthStart(addDays(first, 40)), -1);
        }
      }
      const since =
        /\b(since|from)\s*$/.test(text.slice(0, result.index).trimEnd() + ' ') ||
        /\bsince\b/.test(text.slice(Math.max(0, result.index - 8), result.index));
      if (!since && !result.end && !isMonthOnly) to = first;
      add(result.index, { kind: 'days', from: first, to, label: result.text });
    }
  }
  return found
    .sort((a, b) => a.at - b.at)
    .map((item) => item.period)
    .slice(0, 2);
}

/** Whether a period needs the last complete day (or the catalogue) before it becomes a window. */
export function needsAnchor(period: Period): boolean {
  return period.kind !== 'preset';
}

/**
 * The tool window for a period, given the last complete day. Relative days (`-N`) count back from
 * it; calendar windows stop at it.
 */
export function resolvePeriod(
  period: Period,
  lastCompleteDay: string,
  releaseDay: string | null,
): ResolvedWindow | null {
  if (period.kind === 'preset') return { range: period.range };
  if (period.kind === 'since-content') {
    if (!releaseDay) return null;
    return {
      from: releaseDay > lastCompleteDay ? lastCompleteDay : releaseDay,
      to: lastCompleteDay,
    };
  }
  let from = period.from.startsWith('-')
    ? addDays(lastCompleteDay, -(Number(period.from.slice(1)) - 1))
    : period.from;
  let to = period.to ?? lastCompleteDay;
  if (to > lastCompleteDay) to = lastCompleteDay;
  if (from > to) from = to;
  return { from, to };
}
