import type { DashboardAnalyticsResponse } from '@crescendo/contracts';
import { BarChart3 } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import {
  Area,
  CartesianGrid,
  ComposedChart,
  Legend,
  Line,
  ReferenceLine,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import {
  countAxisProps,
  dayAxisProps,
  gridProps,
  prefersReducedMotion,
} from '@/components/charts/chart-parts';
import { cn } from '@/lib/cn';
import {
  formatCompactNumber,
  formatFullNumber,
  formatLongDay,
  formatSignedCompactNumber,
  isPresent,
  MISSING_VALUE,
} from '@/lib/format';
import { useTheme } from '@/lib/theme-provider';

/*
 * Recharts is ~100 KB gzipped: only the lazy dashboard route chunks import this file, never code
 * in the entry bundle.
 */

type SeriesPoint = DashboardAnalyticsResponse['series'][number];
type Granularity = DashboardAnalyticsResponse['range']['granularity'];

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

type ChartRow = {
  date: string;
  current: number | null;
  /** The previous period's value at the same position, and its own date. */
  previous: number | null;
  previousDate: string | null;
};

const palette = {
  light: { brand: '#7c3aed', previous: '#71717a', grid: '#e4e4e7', axis: '#52525b' },
  dark: { brand: '#a78bfa', previous: '#a1a1aa', grid: '#27272a', axis: '#a1a1aa' },
} as const;

function describePoint(date: string, granularity: Granularity): string {
  return granularity === 'week' ? `Week of ${formatLongDay(date)}` : formatLongDay(date);
}

/**
 * This period's value and the previous period's, each under its own date ("Nov 12, 2026" and
 * "Oct 15, 2026"), so the comparison never reads as two values of one day.
 */
export function GrowthTooltip({
  row,
  granularity,
  format,
  colors,
  hasPrevious,
}: {
  row: ChartRow;
  granularity: Granularity;
  format: (value: number) => string;
  colors: { brand: string; previous: string };
  hasPrevious: boolean;
}) {
  const entries = [
    {
      key: 'current',
      name: 'This period',
      date: row.date,
      value: row.current,
      color: colors.brand,
    },
    ...(hasPrevious && row.previousDate
      ? [
          {
            key: 'previous',
            name: 'Previous period',
            date: row.previousDate,
            value: row.previous,
            color: colors.previous,
          },
        ]
      : []),
  ];
  return (
    <div className="rounded-lg border border-zinc-200 bg-white px-3 py-2 text-sm shadow-lg dark:border-zinc-700 dark:bg-zinc-900">
      <ul className="flex flex-col gap-1.5">
        {entries.map((entry) => (
          <li key={entry.key} className="flex items-start gap-2">
            <span
              aria-hidden="true"
              className="mt-1.5 h-2 w-2 shrink-0 rounded-full"
              style={{ backgroundColor: entry.color }}
            />
            <span className="flex flex-col">
              <span className="text-xs text-zinc-600 dark:text-zinc-400">{entry.name}</span>
              <span className="font-medium">{describePoint(entry.date, granularity)}</span>
            </span>
            <span className="ml-auto pl-4 font-semibold tabular-nums">
              {isPresent(entry.value) ? format(entry.value) : MISSING_VALUE}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}

function summarise(rows: ChartRow[], metric: GrowthMetric, granularity: Granularity): string {
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

/**
 * The overview's interactive time series: one metric at a time (views, watch time, net
 * followers), daily or weekly as the API buckets it, with the previous equal period drawn as a
 * dashed line when it is available. Days the platforms have not reported are gaps, never zeros.
 */
export function GrowthChart({
  series,
  previousSeries,
  granularity,
  height = 280,
}: {
  series: SeriesPoint[];
  previousSeries?: SeriesPoint[] | null;
  granularity: Granularity;
  height?: number;
}) {
  const [metric, setMetric] = useState<GrowthMetric>('views');
  const { resolvedTheme } = useTheme();
  const colors = palette[resolvedTheme];
  const gradientId = `growth-${useId().replace(/[^a-zA-Z0-9]/g, '')}`;
  const summaryId = useId();
  const definition = growthMetrics[metric];

  const rows = useMemo<ChartRow[]>(
    () =>
      series.map((point, index) => {
        const before = previousSeries?.[index];
        return {
          date: point.date,
          current: definition.read(point),
          previous: before ? definition.read(before) : null,
          previousDate: before?.date ?? null,
        };
      }),
    [series, previousSeries, definition],
  );
  const hasCurrent = rows.some((row) => row.current !== null);
  const hasPrevious = rows.some((row) => row.previous !== null);
  const isAnimated = !prefersReducedMotion();
  const hasNegative = rows.some((row) => (row.current ?? 0) < 0 || (row.previous ?? 0) < 0);

  return (
    <div className="flex flex-col gap-3">
      <div
        role="group"
        aria-label="Chart metric"
        className="inline-flex self-start rounded-lg border border-zinc-200 bg-zinc-50 p-1 dark:border-zinc-800 dark:bg-zinc-950"
      >
        {(Object.keys(growthMetrics) as GrowthMetric[]).map((key) => (
          <button
            key={key}
            type="button"
            aria-pressed={metric === key}
            onClick={() => setMetric(key)}
            className={cn(
              'rounded-md px-3 py-1.5 text-sm font-medium transition-colors',
              metric === key
                ? 'bg-white text-zinc-900 shadow-sm dark:bg-zinc-800 dark:text-zinc-50'
                : 'text-zinc-600 hover:text-zinc-900 dark:text-zinc-400 dark:hover:text-zinc-100',
            )}
          >
            {growthMetrics[key].label}
          </button>
        ))}
      </div>
      <figure aria-label="Growth over time" aria-describedby={summaryId} className="m-0">
        <figcaption id={summaryId} className="sr-only">
          {summarise(rows, metric, granularity)}
          {hasPrevious ? ' The dashed line shows the previous period.' : ''}
        </figcaption>
        {hasCurrent ? (
          <div style={{ height }} data-testid="growth-chart">
            <ResponsiveContainer width="100%" height="100%">
              <ComposedChart data={rows} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
                <defs>
                  <linearGradient id={gradientId} x1="0" y1="0" x2="0" y2="1">
                    <stop offset="0%" stopColor={colors.brand} stopOpacity={0.3} />
                    <stop offset="100%" stopColor={colors.brand} stopOpacity={0.02} />
                  </linearGradient>
                </defs>
                <CartesianGrid {...gridProps(colors)} />
                <XAxis dataKey="date" {...dayAxisProps(colors)} />
                <YAxis {...countAxisProps(colors)} width={48} />
                {hasNegative ? <ReferenceLine y={0} stroke={colors.axis} /> : null}
                <Tooltip
                  content={({ active, payload }) => {
                    const row = payload?.[0]?.payload as ChartRow | undefined;
                    return active && row ? (
                      <GrowthTooltip
                        row={row}
                        granularity={granularity}
                        format={definition.format}
                        colors={colors}
                        hasPrevious={hasPrevious}
                      />
                    ) : null;
                  }}
                  cursor={{ stroke: colors.axis, strokeDasharray: '3 3' }}
                />
                {hasPrevious ? (
                  <Legend
                    verticalAlign="top"
                    align="right"
                    iconType="plainline"
                    iconSize={14}
                    wrapperStyle={{ fontSize: 12, color: colors.axis, paddingBottom: 8 }}
                  />
                ) : null}
                {hasPrevious ? (
                  <Line
                    type="monotone"
                    dataKey="previous"
                    name="Previous period"
                    stroke={colors.previous}
                    strokeDasharray="5 4"
                    strokeWidth={1.5}
                    dot={false}
                    activeDot={{ r: 3 }}
                    isAnimationActive={isAnimated}
                  />
                ) : null}
                <Area
                  type="monotone"
                  dataKey="current"
                  name="This period"
                  stroke={colors.brand}
                  strokeWidth={2}
                  fill={`url(#${gradientId})`}
                  activeDot={{ r: 4 }}
                  isAnimationActive={isAnimated}
                />
              </ComposedChart>
            </ResponsiveContainer>
          </div>
        ) : (
          <div
            className="flex flex-col items-center justify-center gap-2 rounded-xl border border-dashed border-zinc-300 px-4 text-center dark:border-zinc-700"
            style={{ minHeight: height }}
          >
            <BarChart3 className="h-6 w-6 text-zinc-500" aria-hidden="true" />
            <p className="text-sm">
              <span className="font-medium">Not available</span>
              <span className="text-zinc-600 dark:text-zinc-400">
                {' '}
                — your connected platforms have not reported {definition.label.toLowerCase()} for
                this period.
              </span>
            </p>
          </div>
        )}
      </figure>
    </div>
  );
}
