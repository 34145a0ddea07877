import type { ImportSource } from '@crescendo/contracts';
import { importSourceLabels } from '@crescendo/contracts/import-labels';
import {
  Bar,
  CartesianGrid,
  Cell,
  ComposedChart,
  Line,
  ReferenceArea,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { gridProps, prefersReducedMotion } from '@/components/charts/chart-parts';
import { formatCompactNumber, formatFullNumber } from '@/lib/format';
import { formatMoney, formatMonth } from '@/lib/money';
import { useTheme } from '@/lib/theme-provider';

/*
 * Recharts is ~100 KB gzipped: only lazy route chunks import this file (through `lazy()`), never
 * code in the entry bundle.
 */

const palette = {
  light: {
    money: '#7c3aed',
    streams: '#0d9488',
    grid: '#e4e4e7',
    axis: '#52525b',
    pending: '#f4f4f5',
  },
  dark: {
    money: '#a78bfa',
    streams: '#2dd4bf',
    grid: '#27272a',
    axis: '#a1a1aa',
    pending: '#27272a',
  },
} as const;

export type MonthPoint = {
  month: string;
  /** Null: not reported yet (drawn as a shaded gap, never as a 0 bar). */
  earnings: number | null;
  /** Spotify streams that month, when a song's timeline was exported. */
  spotifyStreams?: number | null;
  /** Statement sources that have not reached this month yet: drawn lighter, named in the tooltip. */
  unreportedSources?: readonly ImportSource[];
};

const isPartlyReported = (point: MonthPoint) => (point.unreportedSources?.length ?? 0) > 0;

/** Under a partly reported month's figures in the tooltip: the sources not in yet. */
function PartlyReportedNote({ point }: { point: MonthPoint | undefined }) {
  if (!point || !isPartlyReported(point)) return null;
  return (
    <p className="mt-1 text-xs text-zinc-600 dark:text-zinc-400">
      Partly reported: {listSources(point.unreportedSources ?? [])} not yet
    </p>
  );
}

/** "DistroKid and TuneCore" */
const listSources = (sources: readonly ImportSource[]) =>
  new Intl.ListFormat('en-US', { type: 'conjunction' }).format(
    sources.map((source) => importSourceLabels[source]),
  );

const shortMonth = new Intl.DateTimeFormat(undefined, {
  month: 'short',
  year: '2-digit',
  timeZone: 'UTC',
});
const formatMonthTick = (month: string) =>
  shortMonth.format(new Date(`${month.slice(0, 7)}-01T00:00:00Z`));

/** Earnings by month as bars (and Spotify streams as a line when given); unreported months shaded. */
export function MonthlyMoneyChart({
  points,
  currency,
  height = 260,
}: {
  points: MonthPoint[];
  currency: string;
  height?: number;
}) {
  const { resolvedTheme } = useTheme();
  const colors = palette[resolvedTheme];
  const pending = points.filter((point) => point.earnings === null);
  const hasStreams = points.some((point) => typeof point.spotifyStreams === 'number');
  const isAnimated = !prefersReducedMotion();
  return (
    <div style={{ height }} className="w-full min-w-0">
      <ResponsiveContainer width="100%" height="100%">
        <ComposedChart data={points} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
          <CartesianGrid {...gridProps(colors)} />
          <XAxis
            dataKey="month"
            tickFormatter={formatMonthTick}
            tick={{ fill: colors.axis, fontSize: 12 }}
            tickLine={false}
            axisLine={{ stroke: colors.grid }}
            minTickGap={16}
          />
          <YAxis
            yAxisId="money"
            tickFormatter={(value: number) => formatMoney(value, currency).replace(/\.00$/, '')}
            tick={{ fill: colors.axis, fontSize: 12 }}
            tickLine={false}
            axisLine={false}
            width={72}
          />
          {hasStreams ? (
            <YAxis
              yAxisId="streams"
              orientation="right"
              tickFormatter={(value: number) => formatCompactNumber(value)}
              tick={{ fill: colors.axis, fontSize: 12 }}
              tickLine={false}
              axisLine={false}
            />
          ) : null}
          {pending.length > 0 ? (
            <ReferenceArea
              yAxisId="money"
              x1={pending[0]?.month}
              x2={pending.at(-1)?.month}
              fill={colors.pending}
              fillOpacity={1}
              label={{
                value: 'Not reported yet',
                fill: colors.axis,
                fontSize: 12,
                // Right-aligned inside the area: the latest months sit at the chart's right edge,
                // where a centred label over one narrow month was cut off.
                position: 'insideTopRight',
              }}
            />
          ) : null}
          <Tooltip
            content={({ active, payload, label }) =>
              active && payload?.length ? (
                <div className="max-w-64 rounded-lg border border-zinc-200 bg-white px-3 py-2 text-sm shadow-lg dark:border-zinc-700 dark:bg-zinc-900">
                  <p className="mb-1 font-medium">{formatMonth(String(label))}</p>
                  {payload.map((entry) => (
                    <p key={String(entry.dataKey)} className="flex gap-3">
                      <span className="text-zinc-600 dark:text-zinc-400">{entry.name}</span>
                      <span className="ml-auto font-semibold tabular-nums">
                        {typeof entry.value !== 'number'
                          ? 'Not reported yet'
                          : entry.dataKey === 'earnings'
                            ? formatMoney(entry.value, currency)
                            : formatFullNumber(entry.value)}
                      </span>
                    </p>
                  ))}
                  <PartlyReportedNote point={payload[0]?.payload as MonthPoint | undefined} />
                </div>
              ) : null
            }
          />
          <Bar
            yAxisId="money"
            dataKey="earnings"
            name="Earnings"
            fill={colors.money}
            radius={[4, 4, 0, 0]}
            isAnimationActive={isAnimated}
          >
            {points.map((point) => (
              <Cell
                key={point.month}
                fill={colors.money}
                fillOpacity={isPartlyReported(point) ? 0.4 : 1}
              />
            ))}
          </Bar>
          {hasStreams ? (
            <Line
              yAxisId="streams"
              dataKey="spotifyStreams"
              name="Spotify streams"
              stroke={colors.streams}
              strokeWidth={2}
              dot={false}
              connectNulls={false}
              isAnimationActive={isAnimated}
            />
          ) : null}
        </ComposedChart>
      </ResponsiveContainer>
      <p className="sr-only">
        {points
          .map((point) =>
            point.earnings === null
              ? `${formatMonth(point.month)}: not reported yet`
              : `${formatMonth(point.month)}: ${formatMoney(point.earnings, currency)}${
                  typeof point.spotifyStreams === 'number'
                    ? `, ${formatFullNumber(point.spotifyStreams)} Spotify streams`
                    : ''
                }${
                  isPartlyReported(point)
                    ? ` (partly reported: ${listSources(point.unreportedSources ?? [])} not yet)`
                    : ''
                }`,
          )
          .join('; ')}
      </p>
    </div>
  );
}
