import type { ComparedValue, KpiSet } from '@crescendo/contracts';
import { roundToCents } from '../calculations/rounding';
import type { PlatformDay } from '../days/list-platform-days';

export const round4 = (value: number) => Number(value.toFixed(4));

/** A running sum that stays null until a known value arrives (as `sumBy` over the same values). */
export function addKnown(total: number | null, value: number | null): number | null {
  return value === null ? total : (total ?? 0) + value;
}

/** Sum of the known values of `pick` over `items` (null when none is known), without copying. */
export function sumBy<T>(items: readonly T[], pick: (item: T) => number | null): number | null {
  let total: number | null = null;
  for (const item of items) {
    const value = pick(item);
    if (value !== null) total = (total ?? 0) + value;
  }
  return total;
}

export function sumOf(values: (number | null)[]): number | null {
  return sumBy(values, (value) => value);
}

/** A platform's daily figures summed over a span of days (null where no day reported one). */
export type SpanSums = {
  views: number | null;
  watchMinutes: number | null;
  /** Per day: likes + comments + shares + saves where given, else the platform's interactions. */
  engagements: number | null;
  /** Unrounded: totals round the span's sum to cents. */
  revenue: number | null;
  gained: number | null;
  lost: number | null;
  /** The span's last known daily follower total. */
  lastFollowersTotal: number | null;
};

export function compare(
  value: number | null,
  previous: number | null,
  isComparing: boolean,
): ComparedValue {
  if (!isComparing) return { value, previous: null, change: null };
  const change =
    value !== null && previous !== null && previous !== 0
      ? round4((value - previous) / Math.abs(previous))
      : null;
  return { value, previous, change };
}

export type Totals = {
  gained: number | null;
  lost: number | null;
  net: number | null;
  views: number | null;
  watchMinutes: number | null;
  engagements: number | null;
  engagementRate: number | null;
  revenue: number | null;
};

const noSums: SpanSums = {
  views: null,
  watchMinutes: null,
  engagements: null,
  revenue: null,
  gained: null,
  lost: null,
  lastFollowersTotal: null,
};

/**
 * A span's totals (all unknown when no day of it was stored). Net followers: gained − lost where
 * both are reported, else the change of the daily follower total from `totalBefore` (the last
 * known before the span) to the span's last.
 */
export function totalsOf(sums: SpanSums = noSums, totalBefore: number | null): Totals {
  const { views, engagements, revenue, gained, lost, lastFollowersTotal } = sums;
  let net: number | null = null;
  if (gained !== null && lost !== null) net = gained - lost;
  else if (lastFollowersTotal !== null && totalBefore !== null)
    net = lastFollowersTotal - totalBefore;
  return {
    gained,
    lost,
    net,
    views,
    watchMinutes: sums.watchMinutes,
    engagements,
    engagementRate: views && engagements !== null ? round4(engagements / views) : null,
    revenue: revenue === null ? null : roundToCents(revenue),
  };
}

export function kpisOf(
  current: Totals,
  previous: Totals,
  followersTotal: number | null,
  isComparing: boolean,
): KpiSet {
  return {
    followers: {
      total: followersTotal,
      gained: compare(current.gained, previous.gained, isComparing),
      lost: compare(current.lost, previous.lost, isComparing),
      net: compare(current.net, previous.net, isComparing),
    },
    views: compare(current.views, previous.views, isComparing),
    watchMinutes: compare(current.watchMinutes, previous.watchMinutes, isComparing),
    engagements: compare(current.engagements, previous.engagements, isComparing),
    engagementRate: compare(current.engagementRate, previous.engagementRate, isComparing),
    estimatedRevenue: compare(current.revenue, previous.revenue, isComparing),
  };
}

export function sumTotals(parts: Totals[]): Totals {
  const add = (key: keyof Totals) => sumBy(parts, (part) => part[key]);
  const views = add('views');
  const engagements = add('engagements');
  const revenue = add('revenue');
  return {
    gained: add('gained'),
    lost: add('lost'),
    net: add('net'),
    views,
    watchMinutes: add('watchMinutes'),
    engagements,
    engagementRate: views && engagements !== null ? round4(engagements / views) : null,
    revenue: revenue === null ? null : roundToCents(revenue),
  };
}

/** Gained − lost where both are known, else what was gained (unknown when nothing is). */
export function netOf(gained: number | null, lost: number | null): number | null {
  return gained !== null && lost !== null ? gained - lost : gained;
}

/** One day's net followers, as `netOfDays([day])`. */
export function netOfDay(
  day: Pick<PlatformDay, 'followersGained' | 'followersLost'>,
): number | null {
  return netOf(day.followersGained, day.followersLost);
}
