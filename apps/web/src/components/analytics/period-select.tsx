import { useId } from 'react';
import { periodLabels, periods, type Period } from '@/lib/analytics/period';

export const filterSelectClass =
  'h-9 min-w-0 rounded-lg border border-zinc-300 bg-white px-3 text-sm text-zinc-900 shadow-sm focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100';

/**
 * The analytics pages' one period control: the same options and default everywhere. A native
 * select: keyboard and screen-reader friendly with nothing to load.
 */
export function PeriodSelect({
  value,
  onChange,
}: {
  value: Period;
  onChange: (period: Period) => void;
}) {
  const id = useId();
  return (
    <div className="flex items-center gap-2 text-sm">
      <label htmlFor={id} className="text-zinc-600 dark:text-zinc-400">
        Period
      </label>
      <select
        id={id}
        className={filterSelectClass}
        value={value}
        onChange={(event) => onChange(event.target.value as Period)}
      >
        {periods.map((period) => (
          <option key={period} value={period}>
            {periodLabels[period]}
          </option>
        ))}
      </select>
    </div>
  );
}
