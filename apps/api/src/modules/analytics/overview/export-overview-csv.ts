import type { DashboardAnalyticsResponse } from '@crescendo/contracts';
import { toCsv } from '../calculations/csv';

export const overviewCsvHeaders = [
  'Date',
  'Views',
  'Watch minutes',
  'Net followers',
  'Engagements',
  'Estimated revenue',
];

/** The overview's series (one row per day, or per week from its Monday), formula-neutralised. */
export function toOverviewCsv(overview: DashboardAnalyticsResponse): string {
  return toCsv(
    overviewCsvHeaders,
    overview.series.map((point) => [
      point.date,
      point.views,
      point.watchMinutes,
      point.followersNet,
      point.engagements,
      point.estimatedRevenue,
    ]),
  );
}
