import { dayNumber, formatDay } from '../../../lib/days';
import type { CampaignInput, DailySeries, DailyTotals } from './roi';

export type Metric = keyof DailyTotals;
export const metrics: Metric[] = ['netFollowers', 'views', 'revenue'];

export type Baseline = {
  from: string;
  to: string;
  knownDays: number;
  /** Days inside `from`..`to` left out because a campaign ran on them. */
  campaignDaysSkipped: number;
  status: 'full' | 'partial' | 'missing';
};

/** How many days before a campaign (its group's first day) make its baseline. */
export const baselineDays = 28;
/**
 * How far back a baseline looks for its days when other campaigns ran just before: the usual pace
 * is a recent one, so a run of campaigns longer than this leaves a partial baseline.
 */
export const baselineLookbackDays = 91;

const dayOf = (day: number) => formatDay(new Date(day * 86_400_000));

/**
 * A group's baseline: the average day of each metric over the `baselineDays` most recent days
 * before it on which no campaign ran (so an earlier campaign's lift is not taken for the usual
 * pace), looking back at most `baselineLookbackDays`, counting only days the platforms reported.
 */
export function baselineOf(daily: DailySeries, groupStart: number, campaignDays: Set<number>) {
  let knownDays = 0;
  let freeDays = 0;
  let campaignDaysSkipped = 0;
  let first = groupStart;
  const sums = { netFollowers: 0, views: 0, revenue: 0 };
  const counts = { netFollowers: 0, views: 0, revenue: 0 };
  const limit = groupStart - baselineLookbackDays;
  for (let day = groupStart - 1; freeDays < baselineDays && day >= limit; day -= 1) {
    first = day;
    if (campaignDays.has(day)) {
      campaignDaysSkipped += 1;
      continue;
    }
    freeDays += 1;
    const totals = daily.get(day);
    if (!totals) continue;
    knownDays += 1;
    for (const metric of metrics) {
      const value = totals[metric];
      if (value === null) continue;
      sums[metric] += value;
      counts[metric] += 1;
    }
  }
  const rate = (metric: Metric) => (counts[metric] > 0 ? sums[metric] / counts[metric] : null);
  const baseline: Baseline = {
    from: dayOf(first),
    to: dayOf(groupStart - 1),
    knownDays,
    campaignDaysSkipped,
    status: knownDays === baselineDays ? 'full' : knownDays === 0 ? 'missing' : 'partial',
  };
  return {
    baseline,
    rates: { netFollowers: rate('netFollowers'), views: rate('views'), revenue: rate('revenue') },
  };
}

/** Every day any of `campaigns` ran. */
export function daysOf(campaigns: CampaignInput[]): Set<number> {
  const days = new Set<number>();
  for (const campaign of campaigns) {
    const end = dayNumber(campaign.endDate);
    for (let day = dayNumber(campaign.startDate); day <= end; day += 1) days.add(day);
  }
  return days;
}
