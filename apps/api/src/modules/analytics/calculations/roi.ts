import { addDays, dayNumber, daysBetween, formatDay } from '../../../lib/days';

export type DailyTotals = {
  /** Net new followers/subscribers that day across the platforms in scope; null if unknown. */
  netFollowers: number | null;
  views: number | null;
  /** Platform-estimated revenue that day (same currency as spend); null if unknown. */
  revenue: number | null;
};

export type CampaignInput = {
  id: string;
  /** Inclusive ISO days (YYYY-MM-DD). */
  startDate: string;
  endDate: string;
  spend: number;
  enteredRevenue: number;
};

export type CampaignResult = {
  id: string;
  days: number;
  spend: number;
  followersDuring: number | null;
  followersBaseline: number | null;
  /** Net new followers above the equal window before the campaign; null when either is unknown. */
  followerLift: number | null;
  viewsDuring: number | null;
  viewsBaseline: number | null;
  viewLift: number | null;
  costPerNetNewFollower: number | null;
  costPerThousandViews: number | null;
  platformRevenue: number | null;
  enteredRevenue: number;
  revenue: number;
  /** (revenue − spend) / spend; null when nothing was spent. */
  roi: number | null;
};

// Day keys, shared with the platform syncs.
export { addDays, formatDay };

/**
 * Daily totals keyed by day number (days since 1970-01-01, UTC, from `dayNumber`): a campaign's
 * windows are walked as numbers, without building a day string per day.
 */
export type DailySeries = Map<number, DailyTotals>;

export function daysBetweenInclusive(start: string, end: string): number {
  return daysBetween(start, end) + 1;
}

/** `count` consecutive days from `start` (one date walk instead of a parse per day). */
export function consecutiveDays(start: string, count: number): string[] {
  const date = new Date(`${start}T00:00:00Z`);
  const days: string[] = [];
  for (let index = 0; index < count; index += 1) {
    days.push(formatDay(date));
    date.setUTCDate(date.getUTCDate() + 1);
  }
  return days;
}

/**
 * Sum of a metric over `count` days from day number `first`, in day order; null when any day of
 * the window is unknown (or, with `allowGaps`, when every day is).
 */
function sumWindow(
  daily: DailySeries,
  first: number,
  count: number,
  metric: keyof DailyTotals,
  allowGaps = false,
): number | null {
  let total = 0;
  let known = 0;
  for (let day = first; day < first + count; day += 1) {
    const value = daily.get(day)?.[metric];
    if (value === null || value === undefined) {
      if (!allowGaps) return null;
      continue;
    }
    total += value;
    known += 1;
  }
  return allowGaps && known === 0 ? null : total;
}

const round = (value: number, digits = 4) => Number(value.toFixed(digits));

/**
 * One campaign's return: growth during it above the baseline of the equal window right before
 * it, costs per net new follower and per 1,000 views of lift, and ROI on platform plus entered
 * revenue. A window with an unknown day has no growth figure rather than a wrong one.
 */
export function evaluateCampaign(campaign: CampaignInput, daily: DailySeries): CampaignResult {
  const start = dayNumber(campaign.startDate);
  const days = dayNumber(campaign.endDate) - start + 1;
  const baseline = start - days;
  const followersDuring = sumWindow(daily, start, days, 'netFollowers');
  const followersBaseline = sumWindow(daily, baseline, days, 'netFollowers');
  const viewsDuring = sumWindow(daily, start, days, 'views');
  const viewsBaseline = sumWindow(daily, baseline, days, 'views');
  const followerLift =
    followersDuring !== null && followersBaseline !== null
      ? followersDuring - followersBaseline
      : null;
  const viewLift =
    viewsDuring !== null && viewsBaseline !== null ? viewsDuring - viewsBaseline : null;
  const platformRevenue = sumWindow(daily, start, days, 'revenue', true);
  const revenue = round((platformRevenue ?? 0) + campaign.enteredRevenue, 2);
  return {
    id: campaign.id,
    days,
    spend: campaign.spend,
    followersDuring,
    followersBaseline,
    followerLift,
    viewsDuring,
    viewsBaseline,
    viewLift,
    costPerNetNewFollower:
      followerLift !== null && followerLift > 0 ? round(campaign.spend / followerLift) : null,
    costPerThousandViews:
      viewLift !== null && viewLift > 0 ? round((campaign.spend / viewLift) * 1000) : null,
    platformRevenue: platformRevenue === null ? null : round(platformRevenue, 2),
    enteredRevenue: campaign.enteredRevenue,
    revenue,
    roi: campaign.spend > 0 ? round((revenue - campaign.spend) / campaign.spend) : null,
  };
}

export type CampaignTotals = {
  spend: number;
  revenue: number;
  roi: number | null;
  platformRevenue: number;
};

/** Totals count each day's platform revenue once, however many campaigns overlap it. */
export function totalCampaigns(campaigns: CampaignInput[], daily: DailySeries): CampaignTotals {
  const coveredDays = new Set<number>();
  for (const campaign of campaigns) {
    const end = dayNumber(campaign.endDate);
    for (let day = dayNumber(campaign.startDate); day <= end; day += 1) coveredDays.add(day);
  }
  const platformRevenue = round(
    [...coveredDays].reduce((total, day) => total + (daily.get(day)?.revenue ?? 0), 0),
    2,
  );
  const spend = round(
    campaigns.reduce((total, campaign) => total + campaign.spend, 0),
    2,
  );
  const revenue = round(
    platformRevenue + campaigns.reduce((total, campaign) => total + campaign.enteredRevenue, 0),
    2,
  );
  return {
    spend,
    revenue,
    platformRevenue,
    roi: spend > 0 ? round((revenue - spend) / spend) : null,
  };
}
