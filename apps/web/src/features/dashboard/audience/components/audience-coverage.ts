import type { AudienceResponse } from '@crescendo/contracts';
import { dayMs } from '@/lib/days';
import { formatDaySpan, formatLongDay } from '@/lib/format';
import { platformNames } from '../../shared/components/dashboard-format';

type Breakdown = AudienceResponse['breakdowns'][number];

/** Days from `from` to `to`, both included. */
const spanOf = (from: string, to: string) =>
  Math.round((Date.parse(to) - Date.parse(from)) / dayMs) + 1;

/**
 * What the breakdowns cover against the period picked: YouTube's follow it; Instagram reports its
 * followers as they are now, and a custom range gets YouTube's nearest period. Said up front.
 */
export function describeCoverage(data: AudienceResponse | undefined): string {
  const shown = (data?.breakdowns ?? []).filter((breakdown) => breakdown.isAvailable);
  const range = data ? formatDaySpan(data.range.from, data.range.to) : '';
  if (shown.length === 0 || shown.every((breakdown) => breakdown.isRequestedRange))
    return range
      ? `Breakdowns for ${range}.`
      : 'Each breakdown covers the period shown on its card.';
  const days = spanOf(data!.range.from, data!.range.to);
  const names = (entries: Breakdown[]) => [
    ...new Set(entries.map((entry) => platformNames[entry.platform])),
  ];
  const offPeriod = shown.filter((breakdown) => !breakdown.isRequestedRange);
  // As many days, ending on the platform's own last complete day (e.g. YouTube a day later).
  const shifted = names(
    offPeriod.filter(
      (entry) => entry.period?.start && spanOf(entry.period.start, entry.period.end) === days,
    ),
  );
  const other = names(offPeriod).filter((name) => !shifted.includes(name));
  const parts = [`Breakdowns for ${range}`];
  if (shifted.length > 0)
    parts.push(
      `${shifted.join(' and ')}: the same ${days} days, up to its own latest complete day`,
    );
  if (other.length > 0)
    parts.push(`${other.join(' and ')}: the period it reports, shown on each card`);
  return `${parts.join('; ')}.`;
}

const periodNames: Record<string, string> = {
  last_7_days: 'Last 7 days',
  last_28_days: 'Last 28 days',
  last_90_days: 'Last 90 days',
  last_365_days: 'Last 12 months',
  previous_28_days: 'Previous 28 days',
  lifetime: 'Lifetime',
};

/** "Last 28 days (Oct 27 – Nov 23, 2026)"; a period clipped to the synced days by its dates. */
export function describePeriod(period: Breakdown['period']): string | null {
  if (!period) return null;
  // A period clipped to the first synced day is shorter than its label says: its dates only.
  const days = /^last_(\d+)_days$/.exec(period.label)?.[1];
  if (period.start && days && spanOf(period.start, period.end) !== Number(days))
    return formatDaySpan(period.start, period.end);
  const name =
    periodNames[period.label] ??
    period.label.replace(/_/g, ' ').replace(/^\w/, (letter) => letter.toUpperCase());
  if (period.start) return `${name} (${formatDaySpan(period.start, period.end)})`;
  return `${name}, as of ${formatLongDay(period.end)}`;
}
