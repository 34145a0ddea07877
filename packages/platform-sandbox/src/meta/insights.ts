import { DAY_MS, formatMetaTimestamp, parseDay } from '../dates';
import type { FacebookPage } from '../personas/facebook-page';
import type { IgMedia, InstagramAccount } from '../personas/instagram-account';
import type { IgDay } from '../personas/meta-activity';
import { splitByWeights } from '../random';
import { MetaApiError } from './errors';

/**
 * Instagram account / media insights and Facebook Page insights, computed from persona activity.
 * References:
 *  https://developers.facebook.com/docs/instagram-platform/api-reference/instagram-user/insights
 *  https://developers.facebook.com/docs/instagram-platform/reference/instagram-media/insights
 *  https://developers.facebook.com/docs/graph-api/reference/insights (Page)
 * Pure: no Fastify. Errors are thrown as MetaApiError.
 */

/** Days whose data is not processed yet ("may be delayed up to 48 hours"): they read as 0. */
export const META_LAG_DAYS = 2;
const MAX_RANGE_DAYS = 30;
export const MIN_FOLLOWERS_FOR_INSIGHTS = 100;

type InsightValue = { value: number; end_time: string };
export type InsightEntry = {
  name: string;
  period: string;
  title: string;
  description: string;
  values?: InsightValue[] | { value: number }[];
  total_value?: {
    value?: number;
    breakdowns?: {
      dimension_keys: string[];
      results: { dimension_values: string[]; value: number }[];
    }[];
  };
  id: string;
};

type Breakdown = { values: string[]; weights: number[] };
const MEDIA_PRODUCT_TYPE: Breakdown = {
  values: ['AD', 'CAROUSEL_CONTAINER', 'POST', 'REEL', 'STORY'],
  weights: [0.02, 0.1, 0.25, 0.5, 0.13],
};
const FOLLOW_SPLIT: Breakdown = { values: ['FOLLOWER', 'NON_FOLLOWER'], weights: [0.38, 0.62] };
const CONTACT_BUTTON: Breakdown = {
  values: ['BOOK_NOW', 'CALL', 'DIRECTION', 'EMAIL', 'INSTANT_EXPERIENCE', 'TEXT', 'UNDEFINED'],
  weights: [0.01, 0.02, 0.03, 0.12, 0.01, 0.02, 0.79],
};

type DayMetric = {
  title: string;
  description: string;
  read: (day: IgDay) => number;
  /** Unique-account counts: a range total is smaller than the sum of its days. */
  isUnique?: boolean;
  isTimeSeriesAllowed?: boolean;
  isTimeSeriesOnly?: boolean;
  needsFollowers?: boolean;
  breakdowns?: Record<string, Breakdown>;
};

const USER_DAY_METRICS: Record<string, DayMetric> = {
  reach: {
    title: 'Accounts reached',
    description:
      'The number of unique accounts that have seen your content, at least once, including in ads.',
    read: (d) => d.reach,
    isUnique: true,
    isTimeSeriesAllowed: true,
    breakdowns: { media_product_type: MEDIA_PRODUCT_TYPE, follow_type: FOLLOW_SPLIT },
  },
  views: {
    title: 'Views',
    description: 'The number of times your content was played or displayed.',
    read: (d) => d.views,
    breakdowns: { follower_type: FOLLOW_SPLIT, media_product_type: MEDIA_PRODUCT_TYPE },
  },
  accounts_engaged: {
    title: 'Accounts engaged',
    description: 'The number of accounts that have interacted with your content, including in ads.',
    read: (d) => d.accountsEngaged,
    isUnique: true,
  },
  total_interactions: {
    title: 'Content interactions',
    description:
      'The total number of post interactions, story interactions, reels interactions, video interactions and live video interactions, including any interactions on boosted content.',
    read: (d) => d.totalInteractions,
    breakdowns: { media_product_type: MEDIA_PRODUCT_TYPE },
  },
  likes: {
    title: 'Likes',
    description: 'The number of likes on your posts, reels and videos.',
    read: (d) => d.likes,
    breakdowns: { media_product_type: MEDIA_PRODUCT_TYPE },
  },
  comments: {
    title: 'Comments',
    description: 'The number of comments on your posts, reels, videos and live videos.',
    read: (d) => d.comments,
    breakdowns: { media_product_type: MEDIA_PRODUCT_TYPE },
  },
  saves: {
    title: 'Saves',
    description: 'The number of saves of your posts, reels and videos.',
    read: (d) => d.saves,
    breakdowns: { media_product_type: MEDIA_PRODUCT_TYPE },
  },
  shares: {
    title: 'Shares',
    description: 'The number of shares of your posts, stories, reels, videos and live videos.',
    read: (d) => d.shares,
    breakdowns: { media_product_type: MEDIA_PRODUCT_TYPE },
  },
  replies: {
    title: 'Replies',
    description:
      'The number of replies you received from your story, including text replies and quick reaction replies.',
    read: (d) => d.replies,
  },
  profile_links_taps: {
    title: 'Profile links taps',
    description:
      'The number of taps on your business address, call button, email button and text button.',
    read: (d) => d.profileLinksTaps,
    breakdowns: { contact_button_type: CONTACT_BUTTON },
  },
  follows_and_unfollows: {
    title: 'Follows and unfollows',
    description:
      'The number of accounts that followed you and the number of accounts that unfollowed you or left Instagram in the selected time period.',
    read: (d) => d.follows + d.unfollows,
    needsFollowers: true,
    breakdowns: { follow_type: FOLLOW_SPLIT },
  },
  follower_count: {
    title: 'Follower Count',
    description: 'Total number of unique accounts following this profile',
    read: (d) => d.follows,
    isTimeSeriesAllowed: true,
    isTimeSeriesOnly: true,
    needsFollowers: true,
  },
};
const DEMOGRAPHIC_METRICS: Record<string, { title: string; description: string }> = {
  follower_demographics: {
    title: 'Follower demographics',
    description:
      'The demographic characteristics of followers, including countries, cities and gender distribution.',
  },
  engaged_audience_demographics: {
    title: 'Engaged audience demographics',
    description:
      'The demographic characteristics of the engaged audience, including countries, cities and gender distribution.',
  },
};
const VALID_USER_METRICS = [...Object.keys(USER_DAY_METRICS), ...Object.keys(DEMOGRAPHIC_METRICS)];

function invalidMetric(index: number, valid: readonly string[]): MetaApiError {
  return new MetaApiError({
    message: `(#100) metric[${index}] must be one of the following values: ${valid.join(', ')}`,
    code: 100,
  });
}

function metaParamError(message: string): MetaApiError {
  return new MetaApiError({ message: `(#100) ${message}`, code: 100 });
}

/** since/until accept Unix seconds or anything strtotime-like; the sandbox takes YYYY-MM-DD too. */
export function parseMetaTime(text: string, name: string): number {
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  const day = parseDay(text);
  if (day !== null) return day * DAY_MS;
  const ms = Date.parse(text);
  if (Number.isNaN(ms))
    throw metaParamError(`The parameter ${name} is not a valid date or Unix timestamp`);
  return ms;
}

type DayRange = { firstDay: number; lastDay: number };

function readRange(params: Record<string, string>, today: number, maxDays: number): DayRange {
  const sinceMs = params.since ? parseMetaTime(params.since, 'since') : null;
  const untilMs = params.until ? parseMetaTime(params.until, 'until') : null;
  const firstDay =
    sinceMs !== null
      ? Math.floor(sinceMs / DAY_MS)
      : (untilMs !== null ? Math.ceil(untilMs / DAY_MS) : today + 1) - 2;
  const endExclusive =
    untilMs !== null ? Math.ceil(untilMs / DAY_MS) : sinceMs !== null ? today + 1 : firstDay + 2;
  if (endExclusive <= firstDay)
    throw metaParamError('The since parameter must be earlier than the until parameter');
  if (endExclusive - firstDay > maxDays) {
    throw metaParamError(
      `There cannot be more than ${maxDays} days (${maxDays * 86400} s) between since and until`,
    );
  }
  if (firstDay < today - 730)
    throw metaParamError('start time must be no earlier than two years ago');
  return { firstDay, lastDay: endExclusive - 1 };
}

/** Day end in Pacific time, as Graph reports end_time for daily values. */
function endTimeOf(day: number): string {
  return formatMetaTimestamp((day + 1) * DAY_MS + 7 * 3_600_000);
}

function dailyValues(
  range: DayRange,
  today: number,
  read: (day: number) => number,
): { day: number; value: number }[] {
  const out: { day: number; value: number }[] = [];
  for (let day = range.firstDay; day <= range.lastDay; day += 1) {
    out.push({ day, value: day > today - META_LAG_DAYS ? 0 : read(day) });
  }
  return out;
}

function uniqueTotal(values: readonly number[]): number {
  const sum = values.reduce((a, b) => a + b, 0);
  const max = values.reduce((a, b) => Math.max(a, b), 0);
  if (values.length <= 1) return sum;
  // The same accounts come back on several days: dedupe grows with the window length.
  return Math.max(max, Math.round(sum / (1 + 0.35 * Math.log(values.length))));
}

function readList(text: string | undefined): string[] {
  return (text ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

export type InsightsResult = {
  data: InsightEntry[];
  pagingRange?: { previous: DayRange; next: DayRange };
};

export function computeUserInsights(
  account: InstagramAccount,
  params: Record<string, string>,
  today: number,
): InsightsResult {
  const metrics = readList(params.metric);
  if (metrics.length === 0) throw metaParamError('The parameter metric is required');
  metrics.forEach((metric, index) => {
    if (!VALID_USER_METRICS.includes(metric)) throw invalidMetric(index, VALID_USER_METRICS);
  });
  const period = params.period;
  const metricType = params.metric_type ?? 'time_series';
  const breakdownKeys = readList(params.breakdown);
  const followers = account.activity.followersAt(today);

  if (metrics.some((m) => DEMOGRAPHIC_METRICS[m])) {
    if (!metrics.every((m) => DEMOGRAPHIC_METRICS[m]))
      throw metaParamError(
        'Incompatible metrics: demographic metrics cannot be combined with daily metrics',
      );
    if (period !== 'lifetime')
      throw metaParamError(
        `The following metrics (${metrics.join(', ')}) should be specified with parameter period=lifetime`,
      );
    if (metricType !== 'total_value')
      throw metaParamError(
        `The following metrics (${metrics.join(', ')}) should be specified with parameter metric_type=total_value`,
      );
    if (breakdownKeys.length === 0)
      throw metaParamError(
        `The following metrics (${metrics.join(', ')}) require the parameter breakdown (age, city, country, gender)`,
      );
    for (const key of breakdownKeys) {
      if (!['age', 'city', 'country', 'gender'].includes(key))
        throw metaParamError(
          `breakdown[${breakdownKeys.indexOf(key)}] must be one of the following values: age, city, country, gender`,
        );
    }
    if (followers < MIN_FOLLOWERS_FOR_INSIGHTS) {
      throw new MetaApiError({
        message: `(#100) Insufficient followers: demographic insights need an account with at least ${MIN_FOLLOWERS_FOR_INSIGHTS} followers.`,
        code: 100,
        subcode: 2108006,
      });
    }
    return {
      data: metrics.map((metric) => {
        let population = Math.floor(followers * 0.93);
        if (metric === 'engaged_audience_demographics') {
          const timeframe = params.timeframe ?? 'this_month';
          if (!['this_week', 'this_month'].includes(timeframe))
            throw metaParamError(
              'timeframe must be one of the following values: this_week, this_month',
            );
          const days = timeframe === 'this_week' ? 7 : 30;
          const engaged = dailyValues(
            { firstDay: today - days, lastDay: today - 1 },
            today,
            (d) => account.activity.day(d).accountsEngaged,
          );
          population = uniqueTotal(engaged.map((e) => e.value));
        }
        const combos = demographicCombos(account, breakdownKeys);
        const values = splitByWeights(
          population,
          combos.map((c) => c.weight),
        );
        const results = combos
          .map((combo, i) => ({ dimension_values: combo.values, value: values[i] ?? 0 }))
          .filter((r) => r.value > 0)
          .sort((a, b) => b.value - a.value)
          .slice(0, 45); // "Demographic metrics only return the top 45 performers."
        const meta = DEMOGRAPHIC_METRICS[metric]!;
        return {
          name: metric,
          period: 'lifetime',
          title: meta.title,
          description: meta.description,
          total_value: { breakdowns: [{ dimension_keys: breakdownKeys, results }] },
          id: `${account.id}/insights/${metric}/lifetime`,
        };
      }),
    };
  }

  if (period !== 'day')
    throw metaParamError(
      `Param period must be one of {day} for metrics (${metrics.join(', ')}); got ${period ?? 'none'}`,
    );
  if (metricType !== 'time_series' && metricType !== 'total_value')
    throw metaParamError(
      'metric_type must be one of the following values: time_series, total_value',
    );
  if (metricType === 'time_series') {
    const notSeries = metrics.filter((m) => !USER_DAY_METRICS[m]?.isTimeSeriesAllowed);
    if (notSeries.length > 0)
      throw metaParamError(
        `The following metrics (${notSeries.join(', ')}) should be specified with parameter metric_type=total_value`,
      );
    if (breakdownKeys.length > 0)
      throw metaParamError('breakdown is only supported with metric_type=total_value');
  } else {
    const seriesOnly = metrics.filter((m) => USER_DAY_METRICS[m]?.isTimeSeriesOnly);
    if (seriesOnly.length > 0)
      throw metaParamError(
        `The following metrics (${seriesOnly.join(', ')}) should be specified with parameter metric_type=time_series`,
      );
  }
  for (const key of breakdownKeys) {
    for (const metric of metrics) {
      if (!USER_DAY_METRICS[metric]?.breakdowns?.[key])
        throw metaParamError(`Breakdown ${key} is not supported for metric ${metric}`);
    }
  }
  const range = readRange(params, today, MAX_RANGE_DAYS);
  const data: InsightEntry[] = [];
  for (const metric of metrics) {
    const definition = USER_DAY_METRICS[metric]!;
    // "follower_count ... not available on accounts with fewer than 100 followers": absent, not 0.
    if (definition.needsFollowers && followers < MIN_FOLLOWERS_FOR_INSIGHTS) continue;
    const days = dailyValues(range, today, (d) => definition.read(account.activity.day(d)));
    const id = `${account.id}/insights/${metric}/day`;
    if (metricType === 'time_series') {
      data.push({
        name: metric,
        period: 'day',
        values: days.map((d) => ({ value: d.value, end_time: endTimeOf(d.day) })),
        title: definition.title,
        description: definition.description,
        id,
      });
      continue;
    }
    const total = definition.isUnique
      ? uniqueTotal(days.map((d) => d.value))
      : days.reduce((a, d) => a + d.value, 0);
    const totalValue: NonNullable<InsightEntry['total_value']> = { value: total };
    if (breakdownKeys.length > 0) {
      totalValue.breakdowns = breakdownKeys.map((key) => {
        const breakdown = definition.breakdowns![key]!;
        let parts: number[];
        if (metric === 'follows_and_unfollows') {
          // FOLLOWER = new follows, NON_FOLLOWER = unfollows, so the parts sum to the value.
          parts = [0, 0];
          for (const d of days) {
            if (d.day > today - META_LAG_DAYS) continue;
            const activity = account.activity.day(d.day);
            parts[0] = (parts[0] ?? 0) + activity.follows;
            parts[1] = (parts[1] ?? 0) + activity.unfollows;
          }
        } else {
          parts = splitByWeights(total, breakdown.weights);
        }
        return {
          dimension_keys: [key],
          results: breakdown.values
            .map((value, i) => ({ dimension_values: [value], value: parts[i] ?? 0 }))
            .filter((r) => r.value > 0),
        };
      });
    }
    data.push({
      name: metric,
      period: 'day',
      title: definition.title,
      description: definition.description,
      total_value: totalValue,
      id,
    });
  }
  const length = range.lastDay - range.firstDay + 1;
  return {
    data,
    pagingRange: {
      previous: { firstDay: range.firstDay - length, lastDay: range.firstDay - 1 },
      next: { firstDay: range.lastDay + 1, lastDay: range.lastDay + length },
    },
  };
}

function demographicCombos(
  account: InstagramAccount,
  keys: string[],
): { values: string[]; weight: number }[] {
  let combos: { values: string[]; weight: number }[] = [{ values: [], weight: 1 }];
  for (const key of keys) {
    const shares = account.demographics[key as keyof InstagramAccount['demographics']];
    const sum = shares.weights.reduce((a, b) => a + b, 0);
    combos = combos.flatMap((combo) =>
      shares.values.map((value, i) => ({
        values: [...combo.values, value],
        weight: combo.weight * ((shares.weights[i] ?? 0) / sum),
      })),
    );
  }
  return combos;
}

const MEDIA_METRICS: Record<
  string,
  { title: string; description: string; read: (m: IgMedia) => number; isReelsOnly?: boolean }
> = {
  reach: {
    title: 'Accounts reached',
    description:
      'The number of unique accounts that have seen this content, at least once, including in ads.',
    read: (m) => m.reach,
  },
  views: {
    title: 'Views',
    description: 'The number of times this content was played or displayed.',
    read: (m) => m.views,
  },
  likes: {
    title: 'Likes',
    description: 'The number of likes on this content.',
    read: (m) => m.likes,
  },
  comments: {
    title: 'Comments',
    description: 'The number of comments on this content.',
    read: (m) => m.comments,
  },
  saved: {
    title: 'Saves',
    description: 'The number of saves of this content.',
    read: (m) => m.saved,
  },
  shares: {
    title: 'Shares',
    description: 'The number of shares of this content.',
    read: (m) => m.shares,
  },
  total_interactions: {
    title: 'Interactions',
    description:
      'The number of likes, saves, comments and shares on this content, minus the number of unlikes, unsaves and deleted comments.',
    read: (m) => m.likes + m.saved + m.comments + m.shares,
  },
  ig_reels_avg_watch_time: {
    title: 'Average watch time',
    description: 'The average amount of time spent playing the reel.',
    read: (m) => m.averageWatchTimeMs,
    isReelsOnly: true,
  },
  ig_reels_video_view_total_time: {
    title: 'Watch time',
    description: 'The total amount of time the reel was played, including replays.',
    read: (m) => m.totalWatchTimeMs,
    isReelsOnly: true,
  },
};

export function computeMediaInsights(
  media: IgMedia,
  params: Record<string, string>,
): InsightsResult {
  const metrics = readList(params.metric);
  if (metrics.length === 0) throw metaParamError('The parameter metric is required');
  const valid = Object.keys(MEDIA_METRICS);
  return {
    data: metrics.map((metric, index) => {
      const definition = MEDIA_METRICS[metric];
      if (!definition) throw invalidMetric(index, valid);
      if (definition.isReelsOnly && media.productType !== 'REELS') {
        throw metaParamError(
          `The Media Insights API does not support the ${metric} metric for this media product type.`,
        );
      }
      return {
        name: metric,
        period: 'lifetime',
        values: [{ value: definition.read(media) }],
        title: definition.title,
        description: definition.description,
        id: `${media.id}/insights/${metric}/lifetime`,
      };
    }),
  };
}

const PAGE_METRICS: Record<
  string,
  { title: string; description: string; read: (page: FacebookPage, day: number) => number }
> = {
  page_follows: {
    title: 'Lifetime Total Follows',
    description: 'Lifetime: The number of followers of your Facebook Page.',
    read: (p, d) => p.activity.followersAt(d),
  },
  page_total_media_view_unique: {
    title: 'Daily Total Media Viewers',
    description:
      'Daily: The number of people who saw any content from your Page or about your Page.',
    read: (p, d) => p.activity.day(d).mediaViewsUnique,
  },
  page_media_view: {
    title: 'Daily Media Views',
    description: 'Daily: The number of times your content was played or displayed.',
    read: (p, d) => p.activity.day(d).mediaViews,
  },
  page_post_engagements: {
    title: 'Daily Post Engagements',
    description:
      'Daily: The number of times people have engaged with your posts through reactions, comments, shares and more.',
    read: (p, d) => p.activity.day(d).postEngagements,
  },
  page_daily_follows_unique: {
    title: 'Daily New Follows',
    description: 'Daily: The number of new followers of your Page.',
    read: (p, d) => p.activity.day(d).dailyFollows,
  },
  page_daily_unfollows_unique: {
    title: 'Daily Unfollows',
    description: 'Daily: The number of people who stopped following your Page.',
    read: (p, d) => p.activity.day(d).dailyUnfollows,
  },
};

export function computePageInsights(
  page: FacebookPage,
  params: Record<string, string>,
  today: number,
): InsightsResult {
  const metrics = readList(params.metric);
  if (metrics.length === 0) throw metaParamError('The parameter metric is required');
  for (const metric of metrics) {
    if (!PAGE_METRICS[metric]) throw metaParamError('The value must be a valid insights metric');
  }
  const period = params.period ?? 'day';
  if (period !== 'day')
    throw metaParamError(`The sandbox emulates period=day for Page insights; got ${period}`);
  const range = readRange(params, today, 93);
  const length = range.lastDay - range.firstDay + 1;
  return {
    data: metrics.map((metric) => {
      const definition = PAGE_METRICS[metric]!;
      const days = dailyValues(range, today, (d) => definition.read(page, d));
      return {
        name: metric,
        period: 'day',
        values: days.map((d) => ({ value: d.value, end_time: endTimeOf(d.day) })),
        title: definition.title,
        description: definition.description,
        id: `${page.id}/insights/${metric}/day`,
      };
    }),
    pagingRange: {
      previous: { firstDay: range.firstDay - length, lastDay: range.firstDay - 1 },
      next: { firstDay: range.lastDay + 1, lastDay: range.lastDay + length },
    },
  };
}
