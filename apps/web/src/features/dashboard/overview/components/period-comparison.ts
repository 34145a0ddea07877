import type { DashboardAnalyticsResponse as Analytics } from '@crescendo/contracts';
import { formatDaySpan, formatLongDay } from '@/lib/format';
import { describePreviousPeriod } from '../../shared/components/dashboard-format';

/** The headline changes the insights' empty state speaks of. */
export function trendsOf(data: Analytics) {
  return [
    { label: 'views', change: data.combined.views.change },
    { label: 'watch time', change: data.combined.watchMinutes.change },
    { label: 'engagement rate', change: data.combined.engagementRate.change },
  ];
}

/**
 * "Partial comparison: the previous 12 months (Nov 23, 2024 – Nov 22, 2025) reach before your data
 * starts Jan 3, 2025, …": said instead of comparing unlike spans. Before a newly connected
 * platform's first sync has stored any day, there is no start to name.
 */
export function describePartialComparison(range: Analytics['range']): string | null {
  const previous = range.previous;
  if (!previous?.isPartial) return null;
  const period = `the ${describePreviousPeriod(range.days)} (${formatDaySpan(previous.from, previous.to)})`;
  return previous.availableFrom
    ? `Partial comparison: ${period} reach before your data starts ${formatLongDay(previous.availableFrom)}, so figures are not compared with them.`
    : `Partial comparison: a platform has no synced data yet for ${period}, so figures are not compared with them.`;
}
