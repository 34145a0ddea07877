import type { RangePreset } from '@crescendo/contracts';
import { shiftDay } from '../days';

/*
 * The one analytics period: the same options, default, URL parameter (`?range=`) and "last
 * complete day" rule on /dashboard, /dashboard/content, /dashboard/audience, /youtube and /meta.
 * Plain functions, usable before React loads.
 */

// Written out rather than imported, so pages that load no zod (the public share page, decision
// 0020) can use it; the compiler holds it to the contracts' range presets, both ways.
export const periods = [
  '7d',
  '28d',
  '90d',
  '365d',
  'all',
] as const satisfies readonly RangePreset[];
export type Period = (typeof periods)[number];
type Holds<Claim extends true> = Claim;
/** Compiles only when every range preset is a period (the `satisfies` above checks the reverse). */
export type _EveryRangePresetIsAPeriod = Holds<[RangePreset] extends [Period] ? true : false>;

/** The URL parameter every analytics page keeps its period in. */
export const PERIOD_PARAM = 'range';
export const defaultPeriod: Period = '28d';

export const periodLabels: Record<Period, string> = {
  '7d': 'Last 7 days',
  '28d': 'Last 28 days',
  '90d': 'Last 90 days',
  '365d': 'Last 12 months',
  all: 'All time',
};

/** Days in each preset; "all" has no fixed length. */
export const periodDays: Record<Exclude<Period, 'all'>, number> = {
  '7d': 7,
  '28d': 28,
  '90d': 90,
  '365d': 365,
};

/** An unknown or missing value reads as the default. */
export function parsePeriod(value: string | null | undefined): Period {
  return (periods as readonly string[]).includes(value ?? '') ? (value as Period) : defaultPeriod;
}

/** A custom period: explicit days from the URL (`?from=2026-10-01&to=2026-10-31`). */
export type CustomWindow = { from: string; to: string };

const isoDayPattern = /^\d{4}-\d{2}-\d{2}$/;

function isCalendarDay(value: string): boolean {
  if (!isoDayPattern.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/**
 * Reads a custom window from the URL: both days, real calendar days, `from` not after `to`.
 * Anything else reads as no custom window, so the page keeps its preset.
 */
export function parseCustomWindow(params: URLSearchParams): CustomWindow | null {
  const from = params.get('from');
  const to = params.get('to');
  if (!from || !to || !isCalendarDay(from) || !isCalendarDay(to) || from > to) return null;
  return { from, to };
}

/** Days the API reads analytics for; without them it picks its default. */
export type DayRange = { from?: string; to?: string };

/** The first day "All time" asks for: before any platform in the product existed. */
export const ALL_TIME_FROM = '2005-01-01';

/**
 * The dashboard's rule, for endpoints that take explicit days: a period ends on the last day every
 * platform in scope has published (`lastCompleteDay`, the earliest of their "data complete
 * through" days), never on today, and runs back its number of days from there. Before the first
 * complete day is known, the API's own default applies.
 */
export function toDayRange(lastCompleteDay: string | null, period: Period): DayRange {
  if (!lastCompleteDay) return {};
  if (period === 'all') return { from: ALL_TIME_FROM, to: lastCompleteDay };
  return { from: shiftDay(lastCompleteDay, -(periodDays[period] - 1)), to: lastCompleteDay };
}

/** The earliest of several "data complete through" days (nulls ignored), as the dashboard picks. */
export function lastCompleteDayOf(days: readonly (string | null)[]): string | null {
  const known = days.filter((day): day is string => day !== null).sort();
  return known[0] ?? null;
}

/**
 * The first day to show for a range: "All time" asks from `ALL_TIME_FROM`, but the figures start
 * on the first day the platform has data for.
 */
export function shownFrom(from: string, daily: readonly { day: string }[]): string {
  return from === ALL_TIME_FROM && daily[0] ? daily[0].day : from;
}
