import {
  defaultRangePreset,
  rangePresetDays,
  rangePresetLabels,
  rangePresets,
  type RangePreset,
} from '@crescendo/contracts/range-presets';

/*
 * The one analytics period: the same options, default, URL parameter (`?range=`) and "last
 * complete day" rule on /dashboard, /dashboard/content, /dashboard/audience, /youtube and /meta.
 * The presets, their days and labels are the contracts' (range-presets.ts, which loads no zod, so
 * the public share page can use it too, decision 0020). Plain functions, usable before React loads.
 */

export const periods = rangePresets;
export type Period = RangePreset;

/** The URL parameter every analytics page keeps its period in. */
export const PERIOD_PARAM = 'range';
export const defaultPeriod: Period = defaultRangePreset;

export const periodLabels = rangePresetLabels;

/** Days in each preset; "all" has no fixed length. */
export const periodDays = rangePresetDays;

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

/**
 * The period the API reads analytics for: a preset (each platform's own last N days, resolved by
 * the API as on every page and export), or explicit days; without either, the API's default.
 */
export type DayRange = { range?: Period; from?: string; to?: string };

/** The first day "All time" asks for: before any platform in the product existed. */
export const ALL_TIME_FROM = '2005-01-01';

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

/**
 * What a period says when the plan's history window cut its start ("All time" on Free):
 * "since 28 Nov 2025 (your plan keeps 365 days)"; empty otherwise.
 */
export function describeHistoryLimit(
  range: { historyLimit?: { since: string; days: number } | null | undefined },
  formatDay: (day: string) => string,
): string {
  const limit = range.historyLimit;
  return limit ? `since ${formatDay(limit.since)} (your plan keeps ${limit.days} days)` : '';
}

/**
 * The all-platform view's note when a platform's own days differ from the common window: the
 * combined figures and chart show the days every platform has published; each platform's own
 * figures cover its own last days (`platformRanges`).
 */
export function describeCommonWindow(data: {
  platform: string;
  range: { from: string; to: string };
  platformRanges?: Partial<Record<string, { from: string; to: string }>> | undefined;
}): string {
  if (data.platform !== 'all') return '';
  const differs = Object.values(data.platformRanges ?? {}).some(
    (own) => own !== undefined && (own.from !== data.range.from || own.to !== data.range.to),
  );
  return differs ? 'the days every platform has reported' : '';
}

type WindowsAnswer = {
  platform: string;
  range: { from: string; to: string };
  platformRanges?: Partial<Record<string, { from: string; to: string }>> | undefined;
};

/**
 * A platform's own days when they differ from the all-platform view's common window (its figure
 * beside the combined ones covers them), else null: the one rule is that a platform's figures
 * always cover its own days, and a figure across platforms says when it covers common ones.
 */
export function ownWindowOf(
  data: WindowsAnswer,
  platform: string,
): { from: string; to: string } | null {
  if (data.platform !== 'all') return null;
  const own = data.platformRanges?.[platform];
  if (!own || (own.from === data.range.from && own.to === data.range.to)) return null;
  return own;
}

/**
 * The all-platform view's sentence when its figures use the common window and some platform's own
 * days differ: "All platforms: Oct 28 – Nov 24, 2026, the days every platform has reported.
 * YouTube on its own: Oct 29 – Nov 25, 2026." Empty otherwise.
 */
export function describeCombinedWindow(
  data: WindowsAnswer,
  formatSpan: (from: string, to: string) => string,
  nameOf: (platform: string) => string,
): string {
  if (describeCommonWindow(data) === '') return '';
  const own = Object.keys(data.platformRanges ?? {})
    .map((platform) => [platform, ownWindowOf(data, platform)] as const)
    .filter((entry): entry is readonly [string, { from: string; to: string }] => entry[1] !== null)
    .map(
      ([platform, days]) => `${nameOf(platform)} on its own: ${formatSpan(days.from, days.to)}.`,
    );
  return [
    `All platforms: ${formatSpan(data.range.from, data.range.to)}, the days every platform has reported.`,
    ...own,
  ].join(' ');
}
