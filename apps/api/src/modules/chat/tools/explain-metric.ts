import type {
  AudienceResponse,
  ContentRow,
  DashboardAnalyticsResponse,
  KpiSet,
} from '@crescendo/contracts';

export const explainableMetrics = [
  'followers',
  'views',
  'watchMinutes',
  'engagements',
  'engagementRate',
  'estimatedRevenue',
] as const;
export type ExplainableMetric = (typeof explainableMetrics)[number];

/** The content column that shows what each item added to a figure. */
export const contentSortFor: Record<
  ExplainableMetric,
  'views' | 'watchMinutes' | 'followersGained' | 'likes'
> = {
  followers: 'followersGained',
  views: 'views',
  watchMinutes: 'watchMinutes',
  engagements: 'likes',
  engagementRate: 'likes',
  estimatedRevenue: 'views',
};

type SeriesKey = 'followersNet' | 'views' | 'watchMinutes' | 'engagements' | 'estimatedRevenue';
const seriesKeyFor: Record<ExplainableMetric, SeriesKey> = {
  followers: 'followersNet',
  views: 'views',
  watchMinutes: 'watchMinutes',
  engagements: 'engagements',
  engagementRate: 'engagements',
  estimatedRevenue: 'estimatedRevenue',
};

function comparedOf(kpis: KpiSet, metric: ExplainableMetric) {
  return metric === 'followers' ? kpis.followers.net : kpis[metric];
}

export type MetricExplanation = {
  metric: ExplainableMetric;
  window: { from: string; to: string; days: number };
  previousWindow: { from: string; to: string } | null;
  platform: string;
  value: number | null;
  previous: number | null;
  change: number | null;
  /** Each platform's part of the figure and its change (who moved it). */
  byPlatform: {
    platform: string;
    value: number | null;
    previous: number | null;
    change: number | null;
    difference: number | null;
  }[];
  /** The days that carried the most (the series' biggest days), with their share of the total. */
  topDays: {
    date: string;
    value: number;
    shareOfTotal: number | null;
    dailyAverage: number | null;
  }[];
  /** The items that added the most inside the window (range figures only). */
  topItems: {
    id: string;
    title: string;
    platform: string;
    type: string;
    value: number;
    publishedAt: string;
  }[];
  /** Where the views came from (YouTube's traffic sources), for the period the platform reports. */
  trafficSources: {
    platform: string;
    source: string;
    share: number;
    period: { start: string | null; end: string } | null;
  }[];
  /** Spike insights inside the window: unusual days and what led them. */
  spikes: {
    day: string;
    platform: string | null;
    views: number | null;
    usualViews: number | null;
  }[];
};

/** The reasons behind one dashboard figure, from the dashboard's own reads. */
export function explainMetric(
  metric: ExplainableMetric,
  analytics: DashboardAnalyticsResponse,
  content: ContentRow[],
  audience: Pick<AudienceResponse, 'breakdowns'>,
): MetricExplanation {
  const compared = comparedOf(analytics.combined, metric);
  const seriesKey = seriesKeyFor[metric];
  const points = analytics.series
    .map((point) => ({ date: point.date, value: point[seriesKey] }))
    .filter((point): point is { date: string; value: number } => typeof point.value === 'number');
  const total = points.reduce((sum, point) => sum + point.value, 0);
  const dailyAverage = points.length > 0 ? total / points.length : null;
  const sortKey = contentSortFor[metric];
  return {
    metric,
    window: { from: analytics.range.from, to: analytics.range.to, days: analytics.range.days },
    previousWindow: analytics.range.previous,
    platform: analytics.platform,
    value: compared.value,
    previous: compared.previous,
    change: compared.change,
    byPlatform: Object.entries(analytics.byPlatform).map(([platform, kpis]) => {
      const own = comparedOf(kpis!, metric);
      return {
        platform,
        value: own.value,
        previous: own.previous,
        change: own.change,
        difference:
          own.value !== null && own.previous !== null
            ? Math.round((own.value - own.previous) * 100) / 100
            : null,
      };
    }),
    topDays: [...points]
      .sort((a, b) => b.value - a.value || a.date.localeCompare(b.date))
      .slice(0, 3)
      .map((point) => ({
        date: point.date,
        value: point.value,
        shareOfTotal: total > 0 ? Math.round((point.value / total) * 10_000) / 10_000 : null,
        dailyAverage: dailyAverage === null ? null : Math.round(dailyAverage),
      })),
    topItems: content
      .filter(
        (item) =>
          item.figures === 'range' && typeof item[sortKey] === 'number' && item[sortKey]! > 0,
      )
      .slice(0, 5)
      .map((item) => ({
        id: item.id,
        title: item.title,
        platform: item.platform,
        type: item.type,
        value: item[sortKey]!,
        publishedAt: item.publishedAt,
      })),
    trafficSources: audience.breakdowns
      .filter((breakdown) => breakdown.dimension === 'traffic_source' && breakdown.isAvailable)
      .flatMap((breakdown) =>
        breakdown.items.slice(0, 4).map((item) => ({
          platform: breakdown.platform,
          source: item.key,
          share: item.share,
          period: breakdown.period
            ? { start: breakdown.period.start, end: breakdown.period.end }
            : null,
        })),
      ),
    spikes: analytics.insights
      .filter((insight) => insight.kind === 'spike')
      .slice(0, 3)
      .map((insight) => ({
        day: insight.day,
        platform: insight.platform,
        views: insight.evidence.value,
        usualViews:
          insight.evidence.baseline === null ? null : Math.round(insight.evidence.baseline),
      })),
  };
}
