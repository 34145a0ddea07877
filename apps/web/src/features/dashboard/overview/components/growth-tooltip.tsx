import { isPresent, MISSING_VALUE } from '@/lib/format';
import { describePoint, type ChartRow, type Granularity } from './growth-series';

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
