import type { ReportRow } from '../providers';

/** The platform-neutral metric columns of `account_daily_metrics` / `content_daily_metrics`. */
export type CanonicalMetric =
  | 'views'
  | 'watchMinutes'
  | 'averageViewDurationSeconds'
  | 'likes'
  | 'comments'
  | 'shares'
  | 'saves'
  | 'followersGained'
  | 'followersLost'
  | 'followersTotal'
  | 'reach'
  | 'totalInteractions'
  | 'accountsEngaged'
  | 'profileLinksTaps'
  | 'estimatedRevenue';

/** One day's (or one item's) figures by canonical metric; null where the platform sent none. */
export type MetricValues = Partial<Record<CanonicalMetric, number | null>>;

type CatalogEntry = {
  platform: 'youtube' | 'instagram' | 'facebook';
  name: string;
  metric: CanonicalMetric;
  /** The name we must ask for instead, from this date (platforms rename and retire metrics). */
  replacedBy?: { name: string; from: string };
};

/**
 * The mapping layer between provider metric names and our columns. Retired names stay listed
 * with their replacement so old data keeps its meaning and requests use only current names.
 */
export const metricCatalog: CatalogEntry[] = [
  { platform: 'youtube', name: 'views', metric: 'views' },
  { platform: 'youtube', name: 'estimatedMinutesWatched', metric: 'watchMinutes' },
  { platform: 'youtube', name: 'averageViewDuration', metric: 'averageViewDurationSeconds' },
  { platform: 'youtube', name: 'likes', metric: 'likes' },
  { platform: 'youtube', name: 'comments', metric: 'comments' },
  { platform: 'youtube', name: 'shares', metric: 'shares' },
  { platform: 'youtube', name: 'subscribersGained', metric: 'followersGained' },
  { platform: 'youtube', name: 'subscribersLost', metric: 'followersLost' },
  { platform: 'youtube', name: 'estimatedRevenue', metric: 'estimatedRevenue' },
  {
    platform: 'instagram',
    name: 'impressions',
    metric: 'views',
    replacedBy: { name: 'views', from: '2025-04-21' },
  },
  {
    platform: 'instagram',
    name: 'plays',
    metric: 'views',
    replacedBy: { name: 'views', from: '2025-04-21' },
  },
  {
    platform: 'instagram',
    name: 'video_views',
    metric: 'views',
    replacedBy: { name: 'views', from: '2025-04-21' },
  },
  { platform: 'instagram', name: 'views', metric: 'views' },
  { platform: 'instagram', name: 'reach', metric: 'reach' },
  { platform: 'instagram', name: 'likes', metric: 'likes' },
  { platform: 'instagram', name: 'comments', metric: 'comments' },
  { platform: 'instagram', name: 'shares', metric: 'shares' },
  { platform: 'instagram', name: 'saves', metric: 'saves' },
  { platform: 'instagram', name: 'saved', metric: 'saves' },
  { platform: 'instagram', name: 'total_interactions', metric: 'totalInteractions' },
  { platform: 'instagram', name: 'accounts_engaged', metric: 'accountsEngaged' },
  { platform: 'instagram', name: 'profile_links_taps', metric: 'profileLinksTaps' },
  { platform: 'instagram', name: 'follower_count', metric: 'followersGained' },
  {
    platform: 'facebook',
    name: 'page_impressions_unique',
    metric: 'reach',
    replacedBy: { name: 'page_total_media_view_unique', from: '2025-06-15' },
  },
  { platform: 'facebook', name: 'page_total_media_view_unique', metric: 'reach' },
  {
    platform: 'facebook',
    name: 'page_impressions',
    metric: 'views',
    replacedBy: { name: 'page_media_view', from: '2025-06-15' },
  },
  { platform: 'facebook', name: 'page_media_view', metric: 'views' },
  {
    platform: 'facebook',
    name: 'page_fans',
    metric: 'followersTotal',
    replacedBy: { name: 'page_follows', from: '2025-11-15' },
  },
  { platform: 'facebook', name: 'page_follows', metric: 'followersTotal' },
  { platform: 'facebook', name: 'page_post_engagements', metric: 'totalInteractions' },
  { platform: 'facebook', name: 'page_daily_follows_unique', metric: 'followersGained' },
  { platform: 'facebook', name: 'page_daily_unfollows_unique', metric: 'followersLost' },
];

const byName = new Map(metricCatalog.map((entry) => [`${entry.platform}:${entry.name}`, entry]));

/** Our column for a provider metric name, or null for names we do not store. */
export function resolveMetric(
  platform: CatalogEntry['platform'],
  name: string,
): CanonicalMetric | null {
  return byName.get(`${platform}:${name}`)?.metric ?? null;
}

/** The names to request today: retired names are swapped for their replacements. */
export function currentMetricNames(
  platform: CatalogEntry['platform'],
  names: string[],
  today: string,
): string[] {
  return [
    ...new Set(
      names.map((name) => {
        const replacement = byName.get(`${platform}:${name}`)?.replacedBy;
        return replacement && replacement.from <= today ? replacement.name : name;
      }),
    ),
  ];
}

/** One Analytics row → our metric columns; metrics not asked for stay NULL (absent). */
export function mapYouTubeMetrics(row: ReportRow, hasRevenue: boolean) {
  const read = (name: string) => {
    const value = row[name];
    return value === null || value === undefined ? null : Number(value);
  };
  return {
    views: read('views'),
    watchMinutes: read('estimatedMinutesWatched'),
    averageViewDurationSeconds: read('averageViewDuration'),
    likes: read('likes'),
    comments: read('comments'),
    shares: read('shares'),
    followersGained: read('subscribersGained'),
    followersLost: read('subscribersLost'),
    estimatedRevenue: hasRevenue ? read('estimatedRevenue') : null,
  };
}
