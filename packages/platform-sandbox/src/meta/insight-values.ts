import { DAY_MS, formatMetaTimestamp } from '../dates';
import type { DayRange } from './insight-params';

/** Insight values as Graph answers them: entries, daily values behind the processing lag, totals. */

/** Days whose data is not processed yet ("may be delayed up to 48 hours"): they read as 0. */
export const META_LAG_DAYS = 2;

type InsightValue = { value: number; end_time: string };
export type InsightEntry = {
  name: string;
  period: string;
  title: string;
  description: string;
  values?: InsightValue[] | { value: number }[];
  total_value?: {
    value?: number;
    breakdowns?: {
      dimension_keys: string[];
      results: { dimension_values: string[]; value: number }[];
    }[];
  };
  id: string;
};

/** Day end in Pacific time, as Graph reports end_time for daily values. */
export function endTimeOf(day: number): string {
  return formatMetaTimestamp((day + 1) * DAY_MS + 7 * 3_600_000);
}

export function dailyValues(
  range: DayRange,
  today: number,
  read: (day: number) => number,
): { day: number; value: number }[] {
  const out: { day: number; value: number }[] = [];
  for (let day = range.firstDay; day <= range.lastDay; day += 1) {
    out.push({ day, value: day > today - META_LAG_DAYS ? 0 : read(day) });
  }
  return out;
}

export function uniqueTotal(values: readonly number[]): number {
  const sum = values.reduce((a, b) => a + b, 0);
  const max = values.reduce((a, b) => Math.max(a, b), 0);
  if (values.length <= 1) return sum;
  // The same accounts come back on several days: dedupe grows with the window length.
  return Math.max(max, Math.round(sum / (1 + 0.35 * Math.log(values.length))));
}

export type InsightsResult = {
  data: InsightEntry[];
  pagingRange?: { previous: DayRange; next: DayRange };
};
