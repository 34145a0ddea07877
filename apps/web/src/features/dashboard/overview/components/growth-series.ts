import type { DashboardAnalyticsResponse } from '@crescendo/contracts';
import {
  formatCompactNumber,
  formatFullNumber,
  formatLongDay,
  formatSignedCompactNumber,
  isPresent,
} from '@/lib/format';

// The growth chart's series: its metrics, rows (this period beside the previous) and words.

export type SeriesPoint = DashboardAnalyticsResponse['series'][number];
export type Granularity = DashboardAnalyticsResponse['range']['granularity'];

export const growthMetrics = {
  views: {
    label: 'Views',
    read: (point: SeriesPoint) => point.views,
    format: formatCompactNumber,
    formatFull: (value: number) => `${formatFullNumber(value)} views`,
  },
  watchHours: {
    label: 'Watch time',
    read: (point: SeriesPoint) =>
      isPresent(point.watchMinutes) ? Math.round((point.watchMinutes / 60) * 10) / 10 : null,
    format: formatCompactNumber,
    formatFull: (value: number) => `${formatFullNumber(value)} hours watched`,
  },
  followersNet: {
    label: 'Followers (net)',
    read: (point: SeriesPoint) => point.followersNet,
    format: formatSignedCompactNumber,
    formatFull: (value: number) =>
      `${value > 0 ? '+' : ''}${formatFullNumber(value)} followers (net)`,
  },
} as const;

export type GrowthMetric = keyof typeof growthMetrics;

export type ChartRow = {
  date: string;
  current: number | null;
  /** The previous period's value at the same position, and its own date. */
  previous: number | null;
  previousDate: string | null;
};

/** One row per point of this period, with the previous period's point at the same position. */
export function toChartRows(
  series: SeriesPoint[],
  previousSeries: SeriesPoint[] | null | undefined,
  metric: GrowthMetric,
): ChartRow[] {
  const { read } = growthMetrics[metric];
  return series.map((point, index) => {
    const before = previousSeries?.[index];
    return {
      date: point.date,
      current: read(point),
      previous: before ? read(before) : null,
      previousDate: before?.date ?? null,
    };
  });
}

export const palette = {
  light: { brand: '#7c3aed', previous: '#71717a', grid: '#e4e4e7', axis: '#52525b' },
  dark: { brand: '#a78bfa', previous: '#a1a1aa', grid: '#27272a', axis: '#a1a1aa' },
} as const;

export function describePoint(date: string, granularity: Granularity): string {
  return granularity === 'week' ? `Week of ${formatLongDay(date)}` : formatLongDay(date);
}

/** The chart in words, for screen readers: the period's total and its best point. */
export function summarise(
  rows: ChartRow[],
  metric: GrowthMetric,
  granularity: Granularity,
): string {
  const definition = growthMetrics[metric];
  const known = rows.filter((row) => row.current !== null);
  if (known.length === 0) return `${definition.label}: not available for this period.`;
  const peak = known.reduce((best, row) => ((row.current ?? 0) > (best.current ?? 0) ? row : best));
  const total = known.reduce((sum, row) => sum + (row.current ?? 0), 0);
  const unit = granularity === 'week' ? 'week' : 'day';
  return `${definition.label} per ${unit} from ${formatLongDay(rows[0]?.date)} to ${formatLongDay(
    rows.at(-1)?.date,
  )}: ${definition.formatFull(Math.round(total * 10) / 10)} in total, best ${unit} ${describePoint(
    peak.date,
    granularity,
  )} with ${definition.formatFull(peak.current ?? 0)}.`;
}
