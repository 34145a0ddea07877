import type { AudienceResponse } from '@crescendo/contracts';
import { dayMs } from '@/lib/days';
import { formatDaySpan, formatLongDay } from '@/lib/format';
import { platformNames } from '../../shared/components/dashboard-format';

type Breakdown = AudienceResponse['breakdowns'][number];

/** Days from `from` to `to`, both included. */
const spanOf = (from: string, to: string) =>
  Math.round((Date.parse(to) - Date.parse(from)) / dayMs) + 1;

/**
 * What the breakdowns cover against the period picked. Each platform's follow its own window for
 * the period (`platformRanges`: a preset is the platform's own last N days, as on its own page),
 * named per platform where the windows differ; Instagram reports its followers as they are now,
 * and a custom range gets YouTube's nearest period. Said up front.
 */
export function describeCoverage(data: AudienceResponse | undefined): string {
  const shown = (data?.breakdowns ?? []).filter((breakdown) => breakdown.isAvailable);
  const range = data ? formatDaySpan(data.range.from, data.range.to) : '';
  if (shown.length === 0 && !range) return 'Each breakdown covers the period shown on its card.';
  const days = spanOf(data!.range.from, data!.range.to);
  const names = (entries: Breakdown[]) => [
    ...new Set(entries.map((entry) => platformNames[entry.platform])),
  ];
  const offPeriod = shown.filter((breakdown) => !breakdown.isRequestedRange);
  const followed = [
    ...new Set(
      shown
        .filter((breakdown) => breakdown.isRequestedRange)
        .map((breakdown) => breakdown.platform),
    ),
  ].filter((platform) => !offPeriod.some((breakdown) => breakdown.platform === platform));
  // Each platform that follows the period, by its own days: one span, or each platform's.
  const spans = new Map<string, string[]>();
  for (const platform of followed) {
    const own = data!.platformRanges?.[platform] ?? data!.range;
    const span = formatDaySpan(own.from, own.to);
    spans.set(span, [...(spans.get(span) ?? []), platformNames[platform]]);
  }
  const [only] = [...spans];
  const lead =
    spans.size > 1
      ? `Breakdowns for ${[...spans]
          .map(([span, platforms]) => `${span} on ${platforms.join(' and ')}`)
          .join(', ')}: each platform’s own days for the period`
      : only && only[0] !== range
        ? `Breakdowns for ${only[0]} on ${only[1].join(' and ')}: ${only[1].length > 1 ? 'their' : 'its'} own days for the period`
        : `Breakdowns for ${range}`;
  // As many days, ending on the platform's own last complete day (e.g. YouTube a day later).
  const shifted = names(
    offPeriod.filter(
      (entry) => entry.period?.start && spanOf(entry.period.start, entry.period.end) === days,
    ),
  );
  const other = names(offPeriod).filter((name) => !shifted.includes(name));
  const parts = [lead];
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
