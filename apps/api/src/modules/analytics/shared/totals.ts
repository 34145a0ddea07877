import type { ComparedValue, KpiSet } from '@crescendo/contracts';
import { roundToCents } from '../calculations/rounding';
import type { PlatformDay } from '../days/list-platform-days';

export const round4 = (value: number) => Number(value.toFixed(4));

/** Likes, comments, shares and saves where the platform gives them; its own total otherwise. */
export function engagementsOf(
  day: Pick<PlatformDay, 'likes' | 'comments' | 'shares' | 'saves' | 'totalInteractions'>,
): number | null {
  // Added one by one: this runs for every day of a request, and an array per call showed up in
  // allocation profiles.
  const total = addKnown(
    addKnown(addKnown(addKnown(null, day.likes), day.comments), day.shares),
    day.saves,
  );
  return total ?? day.totalInteractions;
}

/** A running sum that stays null until a known value arrives (as `sumBy` over the same values). */
export function addKnown(total: number | null, value: number | null): number | null {
  return value === null ? total : (total ?? 0) + value;
}

/** The last of `days` (in their order) whose `followersTotal` is known and that `isIncluded`. */
export function lastFollowersTotal(
  days: readonly PlatformDay[],
  isIncluded: (day: PlatformDay) => boolean = () => true,
): number | null {
  for (let index = days.length - 1; index >= 0; index -= 1) {
    const day = days[index]!;
    if (day.followersTotal !== null && isIncluded(day)) return day.followersTotal;
  }
  return null;
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

/** Net followers: gained − lost where both are reported, else the change of the daily total. */
export function netFollowersOf(days: PlatformDay[], totalBefore: number | null): number | null {
  const gained = sumBy(days, (day) => day.followersGained);
  const lost = sumBy(days, (day) => day.followersLost);
  if (gained !== null && lost !== null) return gained - lost;
  const lastTotal = lastFollowersTotal(days);
  if (lastTotal !== null && totalBefore !== null) return lastTotal - totalBefore;
  return null;
}

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

export function totalsOf(days: PlatformDay[], totalBefore: number | null): Totals {
  const views = sumBy(days, (day) => day.views);
  const engagements = sumBy(days, engagementsOf);
  const revenue = sumBy(days, (day) => day.estimatedRevenue);
  return {
    gained: sumBy(days, (day) => day.followersGained),
    lost: sumBy(days, (day) => day.followersLost),
    net: netFollowersOf(days, totalBefore),
    views,
    watchMinutes: sumBy(days, (day) => day.watchMinutes),
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

/** The follower count at the end of a day, read back from today's total and daily nets. */
export function followersTotalBefore(days: PlatformDay[], day: string): number | null {
  return lastFollowersTotal(days, (entry) => entry.day <= day);
}

/** Gained − lost where both are known, else what was gained (unknown when nothing is). */
export function netOf(gained: number | null, lost: number | null): number | null {
  return gained !== null && lost !== null ? gained - lost : gained;
}

export function netOfDays(days: PlatformDay[]): number | null {
  return netOf(
    sumBy(days, (day) => day.followersGained),
    sumBy(days, (day) => day.followersLost),
  );
}

/** One day's net followers, as `netOfDays([day])`. */
export function netOfDay(
  day: Pick<PlatformDay, 'followersGained' | 'followersLost'>,
): number | null {
  return netOf(day.followersGained, day.followersLost);
}
