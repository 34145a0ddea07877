import { describe, expect, it } from 'vitest';
import { addDays, dayNumber } from '../../../lib/days';
import {
  baselineDays,
  evaluateCampaigns,
  totalCampaigns,
  type CampaignInput,
  type DailySeries,
  type DailyTotals,
} from './roi';

/**
 * Steady data from 2025-03-01 (40 days unless told): 10 followers, 1,000 views, 2.00 revenue a
 * day. The 28-day baseline of a campaign starting 03-29 is 03-01..03-28.
 */
function steadyDays(
  overrides: Record<string, Partial<DailyTotals>> = {},
  first = '2025-03-01',
  count = 40,
) {
  const series: DailySeries = new Map();
  for (let offset = 0; offset < count; offset += 1) {
    const day = addDays(first, offset);
    series.set(dayNumber(day), { netFollowers: 10, views: 1000, revenue: 2, ...overrides[day] });
  }
  return series;
}

const campaign = (
  id: string,
  startDate: string,
  endDate: string,
  spend: number,
  enteredRevenue = 0,
): CampaignInput => ({ id, startDate, endDate, spend, enteredRevenue });

const evaluate = (input: CampaignInput[], daily: DailySeries) => {
  const results = evaluateCampaigns(input, daily);
  return { results, totals: totalCampaigns(input, results, daily) };
};

describe('evaluateCampaigns (hand-worked)', () => {
  it('credits only the growth and revenue above the 28-day run-rate before the campaign', () => {
    // Campaign 03-29..03-30; the run-rate of 03-01..03-28 is 10 followers, 1,000 views, 2.00.
    const daily = steadyDays({
      '2025-03-29': { netFollowers: 40, views: 5000, revenue: 7 },
      '2025-03-30': { netFollowers: 30, views: 3000, revenue: 5 },
    });
    const { results } = evaluate([campaign('c1', '2025-03-29', '2025-03-30', 100, 50)], daily);
    expect(results.get('c1')).toEqual({
      id: 'c1',
      days: 2,
      measuredDays: 2,
      baseline: {
        from: '2025-03-01',
        to: '2025-03-28',
        knownDays: baselineDays,
        campaignDaysSkipped: 0,
        status: 'full',
      },
      overlapsWith: [],
      followersDuring: 70,
      followersBaseline: 20,
      followerLift: 50,
      viewsDuring: 8000,
      viewsBaseline: 2000,
      viewLift: 6000,
      costPerNetNewFollower: 2, // 100 / 50
      costPerThousandViews: 16.6667, // 100 / 6000 * 1000
      platformRevenue: 12,
      revenueBaseline: 4,
      revenueLift: 8, // 12 − 2 days × 2.00
      enteredRevenue: 50,
      revenue: 58,
      roi: -0.42, // (58 − 100) / 100
    });
  });

  it('a campaign during a decline has negative lift and negative ROI, never clamped', () => {
    const daily = steadyDays({
      '2025-03-29': { netFollowers: -5, views: 400, revenue: 0.5 },
      '2025-03-30': { netFollowers: -8, views: 300, revenue: 0.5 },
    });
    const { results, totals } = evaluate([campaign('c', '2025-03-29', '2025-03-30', 300)], daily);
    expect(results.get('c')).toMatchObject({
      followerLift: -33, // −13 − 20
      viewLift: -1300, // 700 − 2,000
      revenueLift: -3, // 1.00 − 4.00
      revenue: -3,
      roi: -1.01, // (−3 − 300) / 300
      costPerNetNewFollower: null,
      costPerThousandViews: null,
    });
    expect(totals).toMatchObject({ revenueLift: -3, followerLift: -33, roi: -1.01 });
  });

  it('says a baseline is partial when history starts inside it, and missing with none', () => {
    // History starts 03-01; a campaign on 03-11 has 9 days of baseline (03-01 had a campaign),
    // one on 03-01 none.
    const daily = steadyDays({ '2025-03-11': { views: 1500 } });
    const { results } = evaluate(
      [
        campaign('late', '2025-03-11', '2025-03-11', 10),
        campaign('first', '2025-03-01', '2025-03-01', 10, 20),
      ],
      daily,
    );
    expect(results.get('late')).toMatchObject({
      baseline: {
        from: '2025-02-10',
        to: '2025-03-10',
        knownDays: 9,
        campaignDaysSkipped: 1,
        status: 'partial',
      },
      viewLift: 500,
    });
    expect(results.get('first')).toMatchObject({
      baseline: {
        from: '2025-02-01',
        to: '2025-02-28',
        knownDays: 0,
        campaignDaysSkipped: 0,
        status: 'missing',
      },
      followerLift: null,
      viewLift: null,
      revenueLift: null,
      revenue: null,
      roi: null,
    });
  });

  it('a campaign with no published day yet has no figures, not a loss', () => {
    const { results } = evaluate(
      [campaign('future', '2025-05-01', '2025-05-05', 100, 20)],
      steadyDays(),
    );
    expect(results.get('future')).toMatchObject({
      measuredDays: 0,
      followersDuring: null,
      viewLift: null,
      revenue: null,
      roi: null,
    });
  });

  it('no platform revenue at all: revenue is what was entered', () => {
    const daily = steadyDays();
    for (const value of daily.values()) value.revenue = null;
    const { results } = evaluate([campaign('c', '2025-03-29', '2025-03-30', 80, 20)], daily);
    expect(results.get('c')).toMatchObject({
      platformRevenue: null,
      revenueLift: null,
      revenue: 20,
      roi: -0.75,
    });
  });

  it('overlapping campaigns split shared days by daily spend and add up to their union', () => {
    const lifted = { netFollowers: 30, views: 3000, revenue: 6 }; // +20, +2,000, +4.00 a day
    const overrides: Record<string, Partial<DailyTotals>> = {};
    for (let day = 0; day < 6; day += 1) overrides[addDays('2025-03-29', day)] = lifted;
    const daily = steadyDays(overrides, '2025-03-01', 40);
    // a: 03-29..03-31, 30 a day; b: 03-31..04-03, 10 a day. Shared 03-31: a ¾, b ¼.
    const a = campaign('a', '2025-03-29', '2025-03-31', 90);
    const b = campaign('b', '2025-03-31', '2025-04-03', 40, 5);
    const { results, totals } = evaluate([a, b], daily);
    expect(results.get('a')).toMatchObject({
      overlapsWith: ['b'],
      platformRevenue: 18, // its own three days, in full
      revenueLift: 11, // 4 + 4 + ¾ × 4
      viewLift: 5500,
    });
    expect(results.get('b')).toMatchObject({
      overlapsWith: ['a'],
      baseline: { from: '2025-03-01', to: '2025-03-28' }, // the group's, before 03-29
      revenueLift: 13, // ¼ × 4 + 3 × 4
      followerLift: 65,
    });
    // The union 03-29..04-03: six days of +4.00 counted once: 24, never 11 + 16.
    const union = evaluate([campaign('u', '2025-03-29', '2025-04-03', 130, 5)], daily).totals;
    expect(totals).toEqual({
      spend: 130,
      platformRevenue: 36, // six days × 6.00, once
      revenueLift: 24,
      enteredRevenue: 5,
      revenue: 29,
      followerLift: 120,
      viewLift: 12000,
      roi: round4((29 - 130) / 130),
    });
    expect(totals).toEqual(union);
    expect(totals.revenueLift!).toBeLessThanOrEqual(totals.platformRevenue);
  });

  it('a campaign right after another is measured against the pace before the first one', () => {
    // a: 03-29..03-30 lifts views to 5,000; b: 03-31..04-01 at 3,000. b's baseline leaves out
    // a's days: the 28 days 03-01..03-28 (1,000 a day), not a pace raised by a's boost.
    const daily = steadyDays({
      '2025-03-29': { views: 5000 },
      '2025-03-30': { views: 5000 },
      '2025-03-31': { views: 3000 },
      '2025-04-01': { views: 3000 },
    });
    const a = campaign('a', '2025-03-29', '2025-03-30', 50);
    const b = campaign('b', '2025-03-31', '2025-04-01', 50);
    const { results } = evaluate([a, b], daily);
    expect(results.get('b')).toMatchObject({
      overlapsWith: [],
      baseline: {
        from: '2025-03-01',
        to: '2025-03-30',
        knownDays: 28,
        campaignDaysSkipped: 2,
        status: 'full',
      },
      viewsBaseline: 2000,
      viewLift: 4000, // 6,000 − 2 × 1,000
    });
    // Campaigns evaluated apart (another currency) still keep their days out of the baseline.
    const apart = evaluateCampaigns([b], daily, [a, b]).get('b');
    expect(apart).toMatchObject({ viewLift: 4000, baseline: { campaignDaysSkipped: 2 } });
    expect(evaluateCampaigns([b], daily).get('b')).not.toMatchObject({ viewLift: 4000 });
  });

  it('looks back at most 91 days for days without a campaign', () => {
    // Campaigns back to back from 01-01 leave b (04-02) no campaign-free day within 91 days.
    const daily = steadyDays({}, '2024-12-01', 130);
    const run = campaign('run', '2025-01-01', '2025-04-01', 900);
    const b = campaign('b', '2025-04-02', '2025-04-02', 10);
    const { results } = evaluate([run, b], daily);
    expect(results.get('b')).toMatchObject({
      baseline: {
        from: '2025-01-01',
        to: '2025-04-01',
        knownDays: 0,
        campaignDaysSkipped: 91,
        status: 'missing',
      },
      viewLift: null,
    });
  });

  it('campaigns without spend share their overlap days equally', () => {
    const daily = steadyDays({ '2025-03-30': { views: 3000 } });
    const { results } = evaluate(
      [campaign('a', '2025-03-29', '2025-03-30', 0), campaign('b', '2025-03-30', '2025-03-30', 0)],
      daily,
    );
    expect(results.get('a')).toMatchObject({ viewLift: 1000, roi: null });
    expect(results.get('b')).toMatchObject({ viewLift: 1000, roi: null });
  });
});

const round4 = (value: number) => Number(value.toFixed(4));
