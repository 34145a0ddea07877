import type { CartesianGridProps, TooltipContentProps, XAxisProps, YAxisProps } from 'recharts';
import { formatCompactNumber, formatShortDay, MISSING_VALUE } from '@/lib/format';

/*
 * What the analytics charts draw alike. Only types come from Recharts here, so importing this
 * module never pulls Recharts into a bundle that does not hold a chart already.
 */

type AxisColors = { grid: string; axis: string };

export function prefersReducedMotion(): boolean {
  return (
    typeof window !== 'undefined' &&
    typeof window.matchMedia === 'function' &&
    window.matchMedia('(prefers-reduced-motion: reduce)').matches
  );
}

export function gridProps(colors: AxisColors) {
  return {
    vertical: false,
    stroke: colors.grid,
    strokeDasharray: '3 3',
  } satisfies CartesianGridProps;
}

/** An x axis of calendar days ("Mar 4"). */
export function dayAxisProps(colors: AxisColors) {
  return {
    tickFormatter: formatShortDay,
    tick: { fill: colors.axis, fontSize: 12 },
    tickLine: false,
    axisLine: { stroke: colors.grid },
    minTickGap: 28,
  } satisfies XAxisProps;
}

/** A y axis of counts ("1.2K"). */
export function countAxisProps(colors: AxisColors) {
  return {
    tickFormatter: (value: number) => formatCompactNumber(value),
    tick: { fill: colors.axis, fontSize: 12 },
    tickLine: false,
    axisLine: false,
  } satisfies YAxisProps;
}

/** The hover card: the point's label, then each series' value ("—" where none was reported). */
export function ChartTooltip({
  active,
  payload,
  label,
  formatLabel,
  formatValue,
}: Pick<TooltipContentProps, 'active' | 'payload' | 'label'> & {
  formatLabel: (label: string) => string;
  formatValue: (value: number) => string;
}) {
  if (!active || !payload?.length) return null;
  return (
    <div className="rounded-lg border border-zinc-200 bg-white px-3 py-2 text-sm shadow-lg dark:border-zinc-700 dark:bg-zinc-900">
      <p className="mb-1 font-medium">{formatLabel(String(label))}</p>
      <ul className="flex flex-col gap-0.5">
        {payload.map((entry) => (
          <li key={String(entry.dataKey)} className="flex items-center gap-2">
            <span
              aria-hidden="true"
              className="h-2 w-2 rounded-full"
              style={{ backgroundColor: entry.color }}
            />
            <span className="text-zinc-600 dark:text-zinc-400">{entry.name}</span>
            <span className="ml-auto pl-3 font-semibold tabular-nums">
              {typeof entry.value === 'number' ? formatValue(entry.value) : MISSING_VALUE}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
