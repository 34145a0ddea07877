import type { BaseMetric } from '../personas/youtube-model';

/** What a YouTube Analytics query may name: metrics, dimensions, the parsed query and its error. */
export class AnalyticsQueryError extends Error {
  constructor(
    message: string,
    readonly status: 400 | 403 = 400,
    readonly reason: string = 'badRequest',
  ) {
    super(message);
  }
}

export const UNSUPPORTED_QUERY =
  'The query is not supported. Check the documentation at https://developers.google.com/youtube/analytics/v2/available_reports for a list of supported queries.';

export type MetricDefinition = { dataType: 'INTEGER' | 'FLOAT'; needs: BaseMetric[] };
export const ANALYTICS_METRICS: Record<string, MetricDefinition> = {
  views: { dataType: 'INTEGER', needs: ['views'] },
  engagedViews: { dataType: 'INTEGER', needs: ['engagedViews'] },
  estimatedMinutesWatched: { dataType: 'INTEGER', needs: ['estimatedMinutesWatched'] },
  averageViewDuration: { dataType: 'INTEGER', needs: ['views', 'estimatedMinutesWatched'] },
  likes: { dataType: 'INTEGER', needs: ['likes'] },
  dislikes: { dataType: 'INTEGER', needs: ['dislikes'] },
  comments: { dataType: 'INTEGER', needs: ['comments'] },
  shares: { dataType: 'INTEGER', needs: ['shares'] },
  subscribersGained: { dataType: 'INTEGER', needs: ['subscribersGained'] },
  subscribersLost: { dataType: 'INTEGER', needs: ['subscribersLost'] },
  estimatedRevenue: { dataType: 'FLOAT', needs: ['estimatedRevenue'] },
  viewerPercentage: { dataType: 'FLOAT', needs: [] },
};

export const TIME_DIMENSIONS = new Set(['day', 'month']);
export const SPLIT_DIMENSIONS = new Set<string>([
  'country',
  'deviceType',
  'insightTrafficSourceType',
]);
export const DEMOGRAPHIC_DIMENSIONS = new Set(['ageGroup', 'gender']);
export const ANALYTICS_DIMENSIONS = new Set([
  ...TIME_DIMENSIONS,
  ...SPLIT_DIMENSIONS,
  ...DEMOGRAPHIC_DIMENSIONS,
  'video',
  'creatorContentType',
]);
/** Real dimensions the sandbox does not model: answered like an unsupported combination. */
export const KNOWN_UNMODELLED = new Set([
  'city',
  'province',
  'playlist',
  'operatingSystem',
  'subscribedStatus',
  'sharingService',
  'liveOrOnDemand',
  'youtubeProduct',
  'insightPlaybackLocationType',
  'elapsedVideoTimeRatio',
  'week',
  '7DayTotals',
  '30DayTotals',
]);

export type AnalyticsQuery = {
  startDay: number;
  endDay: number;
  metrics: string[];
  dimensions: string[];
  filters: Map<string, string[]>;
  sort: { name: string; isDescending: boolean }[];
  maxResults: number | null;
  startIndex: number;
};
