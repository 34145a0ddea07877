/** Formatting particular to the platform pages; the common helpers are in `@/lib/format`. */

import { isPresent, MISSING_VALUE, type MaybeNumber } from '@/lib/format';

const hourFormat = (maximumFractionDigits: number) =>
  new Intl.NumberFormat(undefined, {
    notation: 'compact',
    maximumFractionDigits,
    style: 'unit',
    unit: 'hour',
    unitDisplay: 'short',
  });
const preciseHours = hourFormat(1);
const roundHours = hourFormat(0);

/** Watch time arrives in minutes; artists think in hours. */
export function formatWatchHours(minutes: MaybeNumber): string {
  if (!isPresent(minutes)) return MISSING_VALUE;
  const hours = minutes / 60;
  // "2.5 hr" but "305 hr"; compact notation keeps one decimal for thousands ("1.5K hr").
  return (Math.abs(hours) < 10 || Math.abs(hours) >= 1000 ? preciseHours : roundHours).format(
    hours,
  );
}
