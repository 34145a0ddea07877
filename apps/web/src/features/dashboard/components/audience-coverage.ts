import type { AudienceResponse } from '@crescendo/contracts';
import { formatDaySpan } from '@/lib/format';
import { platformNames } from './charts/dashboard-format';

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
  const others = [
    ...new Set(
      shown
        .filter((breakdown) => !breakdown.isRequestedRange)
        .map((breakdown) => platformNames[breakdown.platform]),
    ),
  ];
  return `Breakdowns for ${range} where the platform reports that period; ${others.join(' and ')} ${others.length > 1 ? 'report' : 'reports'} a different one, shown on ${others.length > 1 ? 'their cards' : 'its cards'}.`;
}
