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
import { useTheme } from '@/lib/theme-provider';
import {
  growthMetrics,
  palette,
  summarise,
  toChartRows,
  type ChartRow,
  type Granularity,
  type GrowthMetric,
  type SeriesPoint,
} from './growth-series';
import { GrowthTooltip } from './growth-tooltip';

/*
 * Recharts is ~100 KB gzipped: only the lazy dashboard route chunks import this file, never code
 * in the entry bundle.
 */

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

  const rows = useMemo(
    () => toChartRows(series, previousSeries, metric),
    [series, previousSeries, metric],
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
