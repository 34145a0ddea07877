import type { ChannelSeries } from './channel-series';

/** The generated YouTube channel's data model: content types, base metrics, videos, audience cells. */
export type ContentType = 'VIDEO_ON_DEMAND' | 'SHORTS' | 'LIVE_STREAM';
export const CONTENT_TYPES: readonly ContentType[] = ['VIDEO_ON_DEMAND', 'SHORTS', 'LIVE_STREAM'];

/**
 * Additive metrics defined per video as floor(rate × cumulative views). Because each is a
 * non-decreasing function of the cumulative count, daily values (differences) are never negative
 * and any range total telescopes to the same number whether it is read per day, per video or in one
 * row: the analytics consistency guarantee rests on this.
 */
export const BASE_METRICS = [
  'views',
  'engagedViews',
  'estimatedMinutesWatched',
  'likes',
  'dislikes',
  'comments',
  'shares',
  'subscribersGained',
  'subscribersLost',
  'estimatedRevenue',
] as const;
export type BaseMetric = (typeof BASE_METRICS)[number];
export const BASE_METRIC_INDEX = Object.fromEntries(BASE_METRICS.map((m, i) => [m, i])) as Record<
  BaseMetric,
  number
>;

export type Video = {
  index: number;
  id: string;
  title: string;
  description: string;
  tags: string[];
  publishDay: number;
  publishedAtMs: number;
  contentType: ContentType;
  typeIndex: number;
  durationSeconds: number;
  /** Expected first-day views before calibration. */
  base: number;
  /** Per-view rate of each BASE_METRICS entry (revenue in US cents). */
  rates: Float64Array;
};

export type CategoryShares = {
  categories: readonly string[];
  /** Conditional shares per content type index, ready for splitTotal. */
  byType: readonly Float64Array[];
};

export type SplitDimension = 'country' | 'deviceType' | 'insightTrafficSourceType';

export type YouTubeChannel = {
  id: string;
  title: string;
  handle: string;
  description: string;
  publishedAtMs: number;
  country: string;
  uploadsPlaylistId: string;
  isBelowPrivacyThreshold: boolean;
  videos: readonly Video[];
  videosById: ReadonlyMap<string, Video>;
  splits: Record<SplitDimension, CategoryShares>;
  /** Viewer share per (ageGroup × gender) cell, per content type; sums to 1. */
  demographics: readonly Float64Array[];
  series: ChannelSeries;
};

export const AGE_GROUPS = [
  'age13-17',
  'age18-24',
  'age25-34',
  'age35-44',
  'age45-54',
  'age55-64',
  'age65-',
] as const;
export const GENDERS = ['female', 'male', 'user_specified'] as const;
