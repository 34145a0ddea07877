import { BarChart3 } from 'lucide-react';
import { useId, useMemo } from 'react';
import {
  Area,
  AreaChart,
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  ReferenceLine,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { formatCompactNumber, formatLongDay, sumPresent } from '@/lib/format';
import { useTheme } from '@/lib/theme-provider';
import {
  ChartTooltip,
  countAxisProps,
  dayAxisProps,
  gridProps,
  prefersReducedMotion,
} from './chart-parts';

/*
 * Recharts is ~100 KB gzipped: only the lazy analytics route chunks import this file, never
 * code in the entry bundle.
 */

export type ChartPoint = { day: string } & Record<string, number | null | string>;

export type ChartSeries = {
  key: string;
  name: string;
  color?: { light: string; dark: string };
  /**
   * For a count of unique people (reach), whose days do not add up: the platform's own count for
   * the whole period, or null when it gives none. Set, the summary never sums the days.
   */
  uniqueTotal?: { value: number | null; noun: string };
};

const brand = { light: '#7c3aed', dark: '#a78bfa' };

const palette = {
  light: { grid: '#e4e4e7', axis: '#52525b', zero: '#a1a1aa' },
  dark: { grid: '#27272a', axis: '#a1a1aa', zero: '#52525b' },
} as const;

const readNumber = (point: ChartPoint, key: string): number | null => {
  const value = point[key];
  return typeof value === 'number' ? value : null;
};

function describeSeries(
  data: ChartPoint[],
  series: ChartSeries,
  formatValue: (value: number | null) => string,
  totalLabel: string,
): string {
  const values = data.map((point) => readNumber(point, series.key));
  const total = sumPresent(values);
  if (total === null) return `${series.name}: not available.`;
  const unique = series.uniqueTotal;
  let peak: ChartPoint | null = null;
  for (const point of data) {
    const value = readNumber(point, series.key);
    if (value !== null && (peak === null || value > (readNumber(peak, series.key) ?? -Infinity)))
      peak = point;
  }
  const peakText = peak
    ? `, highest on ${formatLongDay(peak.day)} (${formatValue(readNumber(peak, series.key))})`
    : '';
  if (unique) {
    // Unique people per day: the days are not added up, only the platform's own period count.
    return unique.value === null
      ? `${series.name}: ${unique.noun} per day only (days are not added up)${peakText}.`
      : `${series.name}: ${formatValue(unique.value)} ${unique.noun} ${totalLabel}${peakText}.`;
  }
  return `${series.name}: ${formatValue(total)} ${totalLabel}${peakText}.`;
}

/**
 * A daily time series in a `<figure>` named by `label`, with a text summary for screen readers.
 * Days without a reported value are gaps, never zeros; a series with nothing at all is described
 * as not available rather than drawn flat.
 */
export function PlatformTimeSeriesChart({
  label,
  data,
  series,
  variant = 'area',
  height = 260,
  formatValue = formatCompactNumber,
  totalLabel = 'in this period',
  unavailableMessage = 'The platform has not reported this metric for this period.',
}: {
  label: string;
  data: ChartPoint[];
  series: ChartSeries[];
  variant?: 'area' | 'bar';
  height?: number;
  formatValue?: (value: number | null) => string;
  totalLabel?: string;
  unavailableMessage?: string;
}) {
  const { resolvedTheme } = useTheme();
  const colors = palette[resolvedTheme];
  const summaryId = useId();
  const gradientId = useId().replace(/:/g, '');
  const isAnimated = !prefersReducedMotion();
  // A series with no reported day at all is left out of the drawing and named below it.
  const [drawn, missing] = useMemo(() => {
    const hasAny = (line: ChartSeries) =>
      data.some((point) => readNumber(point, line.key) !== null);
    return [series.filter(hasAny), series.filter((line) => !hasAny(line))];
  }, [data, series]);
  const hasData = drawn.length > 0;
  const summary = useMemo(
    () => series.map((line) => describeSeries(data, line, formatValue, totalLabel)).join(' '),
    [data, series, formatValue, totalLabel],
  );
  const colorOf = (line: ChartSeries) => (line.color ?? brand)[resolvedTheme];

  if (!hasData) {
    return (
      <figure
        aria-label={label}
        className="flex flex-col items-center justify-center gap-2 rounded-xl border border-dashed border-zinc-300 px-4 text-center dark:border-zinc-700"
        style={{ minHeight: height }}
      >
        <BarChart3 className="h-6 w-6 text-zinc-500" aria-hidden="true" />
        <figcaption className="text-sm">
          <span className="font-medium">Not available</span>
          <span className="text-zinc-600 dark:text-zinc-400"> — {unavailableMessage}</span>
        </figcaption>
      </figure>
    );
  }

  const axes = (
    <>
      <CartesianGrid {...gridProps(colors)} />
      <XAxis dataKey="day" {...dayAxisProps(colors)} />
      <YAxis {...countAxisProps(colors)} width={44} allowDecimals={false} />
      <Tooltip
        content={({ active, payload, label: day }) => (
          <ChartTooltip
            active={active}
            payload={payload}
            label={day}
            formatLabel={formatLongDay}
            formatValue={formatValue}
          />
        )}
        cursor={variant === 'bar' ? { fill: colors.grid, opacity: 0.5 } : { stroke: colors.axis }}
      />
      {series.length > 1 ? (
        <Legend
          verticalAlign="top"
          align="right"
          iconType="circle"
          iconSize={8}
          wrapperStyle={{ fontSize: 12, color: colors.axis, paddingBottom: 8 }}
        />
      ) : null}
    </>
  );

  return (
    <figure aria-label={label} aria-describedby={summaryId} className="min-w-0">
      <ResponsiveContainer width="100%" height={height}>
        {variant === 'bar' ? (
          <BarChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
            {axes}
            <ReferenceLine y={0} stroke={colors.zero} />
            {drawn.map((line) => (
              <Bar
                key={line.key}
                dataKey={line.key}
                name={line.name}
                fill={colorOf(line)}
                radius={[3, 3, 0, 0]}
                isAnimationActive={isAnimated}
              />
            ))}
          </BarChart>
        ) : (
          <AreaChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
            <defs>
              {drawn.map((line) => (
                <linearGradient
                  key={line.key}
                  id={`${gradientId}-${line.key}`}
                  x1="0"
                  y1="0"
                  x2="0"
                  y2="1"
                >
                  <stop offset="0%" stopColor={colorOf(line)} stopOpacity={0.28} />
                  <stop offset="100%" stopColor={colorOf(line)} stopOpacity={0.02} />
                </linearGradient>
              ))}
            </defs>
            {axes}
            {drawn.map((line) => (
              <Area
                key={line.key}
                type="monotone"
                dataKey={line.key}
                name={line.name}
                stroke={colorOf(line)}
                strokeWidth={2}
                fill={`url(#${gradientId}-${line.key})`}
                dot={false}
                activeDot={{ r: 4 }}
                connectNulls={false}
                isAnimationActive={isAnimated}
              />
            ))}
          </AreaChart>
        )}
      </ResponsiveContainer>
      {missing.length > 0 ? (
        <p className="mt-2 text-xs text-zinc-600 dark:text-zinc-400" aria-hidden="true">
          <span className="font-medium">
            {missing.map((line) => line.name).join(', ')}: not available
          </span>{' '}
          — {unavailableMessage}
        </p>
      ) : null}
      <figcaption id={summaryId} className="sr-only">
        {summary}
      </figcaption>
    </figure>
  );
}
