import { dayNumber } from '../../../lib/days';
import { baselineOf, daysOf, metrics, type Baseline, type Metric } from './roi-baseline';

export { baselineDays, baselineLookbackDays, type Baseline } from './roi-baseline';

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
  measuredDays: number;
  baseline: Baseline;
  overlapsWith: string[];
  followersDuring: number | null;
  followersBaseline: number | null;
  followerLift: number | null;
  viewsDuring: number | null;
  viewsBaseline: number | null;
  viewLift: number | null;
  costPerNetNewFollower: number | null;
  costPerThousandViews: number | null;
  platformRevenue: number | null;
  revenueBaseline: number | null;
  revenueLift: number | null;
  enteredRevenue: number;
  revenue: number | null;
  roi: number | null;
};

/**
 * Daily totals keyed by day number (days since 1970-01-01, UTC, from `dayNumber`): a campaign's
 * windows are walked as numbers, without building a day string per day.
 */
export type DailySeries = Map<number, DailyTotals>;

const round = (value: number, digits = 4) => Number(value.toFixed(digits));

type Span = { input: CampaignInput; start: number; end: number; dailySpend: number };
/** Campaigns that share days, directly or through one another, and the days they cover. */
type Group = { start: number; end: number; members: Span[] };

/** Groups campaigns whose dates overlap (a chain of overlaps is one group). */
function groupsOf(campaigns: CampaignInput[]): Group[] {
  const spans = campaigns
    .map((input) => {
      const start = dayNumber(input.startDate);
      const end = dayNumber(input.endDate);
      return { input, start, end, dailySpend: input.spend / (end - start + 1) };
    })
    .sort((a, b) => a.start - b.start);
  const groups: Group[] = [];
  for (const span of spans) {
    const last = groups.at(-1);
    if (last && span.start <= last.end) {
      last.members.push(span);
      last.end = Math.max(last.end, span.end);
    } else groups.push({ start: span.start, end: span.end, members: [span] });
  }
  return groups;
}

type Accumulator = Record<Metric, { during: number; expected: number; lift: number; days: number }>;

/**
 * Every campaign's return, measured against the run-rate before it. Each day a campaign runs,
 * the lift of a metric is that day's value minus the baseline's average day; campaigns that
 * overlap share one baseline (before the first of them) and split each shared day's lift in
 * proportion to their daily spend (equally when none has spend). So the lifts of overlapping
 * campaigns add up to the lift of their union, and nothing is counted twice. ROI is
 * (revenue lift + entered revenue − spend) ÷ spend; a lift below the run-rate stays negative.
 * A baseline leaves out the days of every campaign in `allCampaigns` (those evaluated apart, in
 * another currency, lift the platforms' figures too).
 */
export function evaluateCampaigns(
  campaigns: CampaignInput[],
  daily: DailySeries,
  allCampaigns: CampaignInput[] = campaigns,
): Map<string, CampaignResult> {
  const results = new Map<string, CampaignResult>();
  const campaignDays = daysOf(allCampaigns);
  for (const group of groupsOf(campaigns)) {
    const { baseline, rates } = baselineOf(daily, group.start, campaignDays);
    const acc = new Map<string, Accumulator>();
    const measured = new Map<string, number>();
    for (const span of group.members) {
      acc.set(span.input.id, {
        netFollowers: { during: 0, expected: 0, lift: 0, days: 0 },
        views: { during: 0, expected: 0, lift: 0, days: 0 },
        revenue: { during: 0, expected: 0, lift: 0, days: 0 },
      });
      measured.set(span.input.id, 0);
    }
    for (let day = group.start; day <= group.end; day += 1) {
      const totals = daily.get(day);
      if (!totals) continue;
      const running = group.members.filter((span) => span.start <= day && day <= span.end);
      const spendThatDay = running.reduce((sum, span) => sum + span.dailySpend, 0);
      for (const span of running) {
        const id = span.input.id;
        measured.set(id, measured.get(id)! + 1);
        const share = spendThatDay > 0 ? span.dailySpend / spendThatDay : 1 / running.length;
        for (const metric of metrics) {
          const value = totals[metric];
          if (value === null) continue;
          const entry = acc.get(id)![metric];
          entry.during += value;
          entry.days += 1;
          entry.expected += rates[metric] ?? 0;
          entry.lift += share * (value - (rates[metric] ?? 0));
        }
      }
    }
    for (const span of group.members) {
      const id = span.input.id;
      const overlapsWith = group.members
        .filter((other) => other !== span && other.start <= span.end && span.start <= other.end)
        .map((other) => other.input.id);
      results.set(
        id,
        resultOf(span, measured.get(id)!, acc.get(id)!, rates, baseline, overlapsWith),
      );
    }
  }
  return results;
}

function resultOf(
  span: Span,
  measuredDays: number,
  acc: Accumulator,
  rates: Record<Metric, number | null>,
  baseline: Baseline,
  overlapsWith: string[],
): CampaignResult {
  const { spend, enteredRevenue } = span.input;
  const during = (metric: Metric, digits: number) =>
    acc[metric].days > 0 ? round(acc[metric].during, digits) : null;
  const figure = (metric: Metric, key: 'expected' | 'lift', digits: number) =>
    acc[metric].days > 0 && rates[metric] !== null ? round(acc[metric][key], digits) : null;
  const followerLift = figure('netFollowers', 'lift', 2);
  const viewLift = figure('views', 'lift', 2);
  const platformRevenue = during('revenue', 2);
  // No revenue reported on measured days (e.g. an account without monetisation): none to lift.
  const revenueLift =
    measuredDays === 0 ? null : platformRevenue === null ? 0 : figure('revenue', 'lift', 2);
  const revenue = revenueLift === null ? null : round(revenueLift + enteredRevenue, 2);
  return {
    id: span.input.id,
    days: span.end - span.start + 1,
    measuredDays,
    baseline,
    overlapsWith,
    followersDuring: during('netFollowers', 0),
    followersBaseline: figure('netFollowers', 'expected', 2),
    followerLift,
    viewsDuring: during('views', 0),
    viewsBaseline: figure('views', 'expected', 2),
    viewLift,
    costPerNetNewFollower:
      followerLift !== null && followerLift > 0 ? round(spend / followerLift) : null,
    costPerThousandViews:
      viewLift !== null && viewLift > 0 ? round((spend / viewLift) * 1000) : null,
    platformRevenue,
    revenueBaseline: platformRevenue === null ? null : figure('revenue', 'expected', 2),
    revenueLift: platformRevenue === null ? null : revenueLift,
    enteredRevenue,
    revenue,
    roi: spend > 0 && revenue !== null ? round((revenue - spend) / spend) : null,
  };
}

export type CampaignTotals = {
  spend: number;
  platformRevenue: number;
  revenueLift: number | null;
  enteredRevenue: number;
  revenue: number | null;
  followerLift: number | null;
  viewLift: number | null;
  roi: number | null;
};

/**
 * Totals of campaigns evaluated together: their lifts add up without double counting (shared
 * days are split), and platform revenue counts each day once, however many campaigns ran.
 */
export function totalCampaigns(
  campaigns: CampaignInput[],
  results: Map<string, CampaignResult>,
  daily: DailySeries,
): CampaignTotals {
  let platformRevenue = 0;
  for (const day of daysOf(campaigns)) platformRevenue += daily.get(day)?.revenue ?? 0;
  const of = campaigns.map((campaign) => results.get(campaign.id)!);
  const sum = (pick: (result: CampaignResult) => number | null) =>
    of.some((result) => pick(result) === null)
      ? null
      : round(
          of.reduce((total, result) => total + pick(result)!, 0),
          2,
        );
  const spend = round(
    campaigns.reduce((total, campaign) => total + campaign.spend, 0),
    2,
  );
  const enteredRevenue = round(
    campaigns.reduce((total, campaign) => total + campaign.enteredRevenue, 0),
    2,
  );
  const revenueLift = sum((result) => result.revenueLift ?? (result.revenue === null ? null : 0));
  const revenue = revenueLift === null ? null : round(revenueLift + enteredRevenue, 2);
  return {
    spend,
    platformRevenue: round(platformRevenue, 2),
    revenueLift,
    enteredRevenue,
    revenue,
    followerLift: sum((result) => result.followerLift),
    viewLift: sum((result) => result.viewLift),
    roi: spend > 0 && revenue !== null ? round((revenue - spend) / spend) : null,
  };
}
