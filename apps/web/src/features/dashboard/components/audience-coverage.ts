import type { AudienceResponse } from '@crescendo/contracts';
import { formatDaySpan } from '@/lib/format';
import { platformNames } from './charts/dashboard-format';

type Breakdown = AudienceResponse['breakdowns'][number];

/** Days from `from` to `to`, both included. */
const spanOf = (from: string, to: string) =>
  Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000) + 1;

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
  const names = (entries: Breakdown[]) => [...new Set(entries.map((entry) => platformNames[entry.platform]))]; // prettier-ignore
  const offPeriod = shown.filter((breakdown) => !breakdown.isRequestedRange);
  // As many days, ending on the platform's own last complete day (e.g. YouTube a day later).
  const shifted = names(offPeriod.filter((entry) => entry.period?.start && spanOf(entry.period.start, entry.period.end) === days)); // prettier-ignore
  const other = names(offPeriod).filter((name) => !shifted.includes(name));
  const parts = [`Breakdowns for ${range}`];
  if (shifted.length > 0) parts.push(`${shifted.join(' and ')}: the same ${days} days, up to its own latest complete day`); // prettier-ignore
  if (other.length > 0) parts.push(`${other.join(' and ')}: the period it reports, shown on each card`); // prettier-ignore
  return `${parts.join('; ')}.`;
}
