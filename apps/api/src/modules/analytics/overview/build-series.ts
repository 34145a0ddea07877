import type { DashboardAnalyticsResponse } from '@crescendo/contracts';
import { weekStart, type ResolvedRange } from '../calculations/date-range';
import { addDays, consecutiveDays } from '../calculations/roi';
import { roundToCents } from '../calculations/rounding';
import type { PlatformDay } from '../days/list-platform-days';
import type { Platform } from '../shared/platforms';
import { addKnown, engagementsOf, netOf } from '../shared/totals';

type SeriesPoint = DashboardAnalyticsResponse['series'][number];

/** Index of the last of the ascending `starts` at or before `day`; -1 when `day` comes first. */
function bucketIndexOf(starts: readonly string[], day: string): number {
  let low = 0;
  let high = starts.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (starts[middle]! <= day) low = middle + 1;
    else high = middle;
  }
  return low - 1;
}

/**
 * One point per day, or per week (keyed by its Monday; the first may start mid-week). Each day is
 * added to its point as it comes, in the order of `days`: the same sums, in the same order, as
 * summing each point's days, without grouping them into arrays and filtering those per platform.
 */
export function buildSeries(
  days: PlatformDay[],
  range: ResolvedRange,
  platforms: Platform[],
): DashboardAnalyticsResponse['series'] {
  // Where each point starts: every day, or the range's first day and each Monday after it.
  const starts: string[] = [];
  const keys: string[] = [];
  if (range.granularity === 'day') {
    for (const day of consecutiveDays(range.from, range.days)) {
      starts.push(day);
      keys.push(day);
    }
  } else {
    const firstMonday = weekStart(range.from);
    starts.push(range.from);
    keys.push(firstMonday);
    for (let monday = addDays(firstMonday, 7); monday <= range.to; monday = addDays(monday, 7)) {
      starts.push(monday);
      keys.push(monday);
    }
  }
  type PlatformSums = { views: number | null; gained: number | null; lost: number | null };
  const points = keys.map((date) => ({
    date,
    views: null as number | null,
    watchMinutes: null as number | null,
    engagements: null as number | null,
    revenue: null as number | null,
    byPlatform: platforms.map((): PlatformSums => ({ views: null, gained: null, lost: null })),
  }));
  for (const day of days) {
    if (day.day < range.from || day.day > range.to) continue;
    const platformIndex = platforms.indexOf(day.platform);
    const point = points[bucketIndexOf(starts, day.day)]!;
    point.views = addKnown(point.views, day.views);
    point.watchMinutes = addKnown(point.watchMinutes, day.watchMinutes);
    point.engagements = addKnown(point.engagements, engagementsOf(day));
    point.revenue = addKnown(point.revenue, day.estimatedRevenue);
    const own = point.byPlatform[platformIndex];
    if (own) {
      own.views = addKnown(own.views, day.views);
      own.gained = addKnown(own.gained, day.followersGained);
      own.lost = addKnown(own.lost, day.followersLost);
    }
  }
  return points.map((point): SeriesPoint => {
    const byPlatform: SeriesPoint['byPlatform'] = {};
    let followersNet: number | null = null;
    for (const [index, platform] of platforms.entries()) {
      const own = point.byPlatform[index]!;
      const net = netOf(own.gained, own.lost);
      byPlatform[platform] = { views: own.views, followersNet: net };
      followersNet = addKnown(followersNet, net);
    }
    return {
      date: point.date,
      views: point.views,
      watchMinutes: point.watchMinutes,
      followersNet,
      engagements: point.engagements,
      estimatedRevenue: point.revenue === null ? null : roundToCents(point.revenue),
      byPlatform,
    };
  });
}
