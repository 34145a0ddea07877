import type {
  EarningsRow,
  ImportSource,
  ReportedThrough,
  RevenueResponse,
} from '@crescendo/contracts';

/*
 * Statements arrive months late: a month no statement has reached yet is "not reported yet",
 * never $0. Spotify for Artists exports hold streams, not money, so they do not say how far the
 * money is reported.
 */

/** Sources whose files hold money (every source but Spotify for Artists). */
export function moneySources(reportedThrough: readonly ReportedThrough[]): ReportedThrough[] {
  return reportedThrough.filter((entry) => entry.source !== 'spotify' && entry.through !== null);
}

const toMonth = (day: string) => day.slice(0, 7);

/** The last month any statement reaches ("2026-03"), or null before the first statement. */
export function lastReportedMonth(reportedThrough: readonly ReportedThrough[]): string | null {
  const months = moneySources(reportedThrough).map((entry) => toMonth(entry.through as string));
  return months.sort().at(-1) ?? null;
}

/**
 * The statement sources that have not reached `month` ("2026-03") while another has: the month
 * is only partly reported. Empty when every source has reported it, or none has.
 */
export function unreportedSourcesIn(
  month: string,
  reportedThrough: readonly ReportedThrough[],
): ImportSource[] {
  const sources = moneySources(reportedThrough);
  const isReachedBySome = sources.some((entry) => toMonth(entry.through as string) >= month);
  if (!isReachedBySome) return [];
  return sources
    .filter((entry) => toMonth(entry.through as string) < month)
    .map((entry) => entry.source);
}

/** Every month from `from` to `to` (ISO days), oldest first. */
export function monthsBetween(from: string, to: string): string[] {
  const months: string[] = [];
  let year = Number(from.slice(0, 4));
  let month = Number(from.slice(5, 7));
  const last = toMonth(to);
  for (let guard = 0; guard < 1200; guard += 1) {
    const key = `${year}-${String(month).padStart(2, '0')}`;
    if (key > last) break;
    months.push(key);
    month += 1;
    if (month > 12) {
      month = 1;
      year += 1;
    }
  }
  return months;
}

export type MonthFigure = {
  month: string;
  /** Null: no statement has reached this month yet. */
  earnings: number | null;
  quantity: number | null;
  perUnit: number | null;
  /** Some sources have reported this month, others not yet. */
  isPartial: boolean;
  /** The statement sources that have not reached this month yet (empty unless partial). */
  unreportedSources: ImportSource[];
};

/**
 * One figure per month of the range, from an answer grouped by month: months after the last
 * reported one carry no figure, months with statements but no lines are a real 0.
 */
export function toMonthFigures(
  response: Pick<RevenueResponse, 'range' | 'rows' | 'reportedThrough'>,
): MonthFigure[] {
  const byMonth = new Map<string, EarningsRow>(response.rows.map((row) => [toMonth(row.key), row]));
  const last = lastReportedMonth(response.reportedThrough);
  const months = monthsBetween(response.range.from, response.range.to);
  // The range may start before the first statement: leading months with no lines are not shown.
  const firstWithLines = months.findIndex((month) => byMonth.has(month));
  return months.slice(Math.max(0, firstWithLines)).map((month) => {
    const row = byMonth.get(month);
    const isReported = last !== null && month <= last;
    if (!isReported && !row) {
      return {
        month,
        earnings: null,
        quantity: null,
        perUnit: null,
        isPartial: false,
        unreportedSources: [],
      };
    }
    const unreportedSources = unreportedSourcesIn(month, response.reportedThrough);
    return {
      month,
      earnings: row?.earnings ?? 0,
      quantity: row?.quantity ?? 0,
      perUnit: row?.perUnit ?? null,
      isPartial: unreportedSources.length > 0,
      unreportedSources,
    };
  });
}
