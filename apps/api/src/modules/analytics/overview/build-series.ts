import type { DashboardAnalyticsResponse } from '@crescendo/contracts';
import { weekStart, type ResolvedRange } from '../calculations/date-range';
import { addDays, consecutiveDays } from '../../../lib/days';
import { roundToCents } from '../calculations/rounding';
import type { Platform } from '../shared/platforms';
import { addKnown, netOf } from '../shared/totals';
import type { OverviewPoint } from './read-overview-sums';

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
 * One point per day, or per week (keyed by its Monday; the first may start mid-week), from the
 * database's sums per platform and point (`readOverviewSums`); a point no platform reported stays
 * null.
 */
export function buildSeries(
  sums: OverviewPoint[],
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
  for (const { platform, start, sums: own } of sums) {
    const point = points[bucketIndexOf(starts, start)];
    if (!point) continue;
    point.views = addKnown(point.views, own.views);
    point.watchMinutes = addKnown(point.watchMinutes, own.watchMinutes);
    point.engagements = addKnown(point.engagements, own.engagements);
    point.revenue = addKnown(point.revenue, own.revenue);
    const platformSums = point.byPlatform[platforms.indexOf(platform)];
    if (platformSums) {
      platformSums.views = addKnown(platformSums.views, own.views);
      platformSums.gained = addKnown(platformSums.gained, own.gained);
      platformSums.lost = addKnown(platformSums.lost, own.lost);
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
