import { useId } from 'react';
import { periodLabels, periods, type CustomWindow, type Period } from '@/lib/analytics/period';
import { formatLongDay, formatShortDay } from '@/lib/format';

export const filterSelectClass =
  'h-9 min-w-0 rounded-lg border border-zinc-300 bg-white px-3 text-sm text-zinc-900 shadow-sm focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100';

const CUSTOM = 'custom';

/** "Custom: Oct 1 – Oct 31, 2026", or one day when the window is one day. */
export function customPeriodLabel(window: CustomWindow): string {
  return window.from === window.to
    ? `Custom: ${formatLongDay(window.from)}`
    : `Custom: ${formatShortDay(window.from)} – ${formatLongDay(window.to)}`;
}

/**
 * The analytics pages' one period control: the same options and default everywhere, and the
 * custom days a link brought (an assistant source) as one more, selected option; picking a preset
 * leaves them. A native select: keyboard and screen-reader friendly with nothing to load.
 */
export function PeriodSelect({
  value,
  custom = null,
  onChange,
}: {
  value: Period;
  custom?: CustomWindow | null;
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
        value={custom ? CUSTOM : value}
        onChange={(event) => {
          if (event.target.value !== CUSTOM) onChange(event.target.value as Period);
        }}
      >
        {custom ? <option value={CUSTOM}>{customPeriodLabel(custom)}</option> : null}
        {periods.map((period) => (
          <option key={period} value={period}>
            {periodLabels[period]}
          </option>
        ))}
      </select>
    </div>
  );
}
