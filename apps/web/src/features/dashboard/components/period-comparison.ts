import type { DashboardAnalyticsResponse as Analytics } from '@crescendo/contracts';
import { formatDaySpan, formatLongDay } from '@/lib/format';
import { describePreviousPeriod } from './charts/dashboard-format';

/** The headline changes the insights' empty state speaks of. */
export function trendsOf(data: Analytics) {
  return [
    { label: 'views', change: data.combined.views.change },
    { label: 'watch time', change: data.combined.watchMinutes.change },
    { label: 'engagement rate', change: data.combined.engagementRate.change },
  ];
}

/**
 * "Partial comparison: the previous 12 months (Nov 23, 2024 – Nov 22, 2025) start before your
 * data (from Jan 3, 2025)": said instead of comparing unlike spans.
 */
export function describePartialComparison(range: Analytics['range']): string | null {
  const previous = range.previous;
  if (!previous?.isPartial) return null;
  const span = formatDaySpan(previous.from, previous.to);
  const available = previous.availableFrom
    ? `your data starts ${formatLongDay(previous.availableFrom)}`
    : 'a platform has no synced data yet';
  return `Partial comparison: the ${describePreviousPeriod(range.days)} (${span}) reach before ${available}, so figures are not compared with them.`;
}
