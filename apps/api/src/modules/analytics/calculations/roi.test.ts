import { describe, expect, it } from 'vitest';
import { dayNumber } from '../../../lib/days';
import {
  addDays,
  evaluateCampaign,
  totalCampaigns,
  type DailySeries,
  type DailyTotals,
} from './roi';

/** Ten days of steady data from 2025-03-01: 10 followers, 1,000 views, 2.00 revenue a day. */
function steadyDays(
  overrides: Record<string, Partial<DailyTotals>> = {},
  first = '2025-03-01',
  count = 10,
) {
  const daily = new Map<string, DailyTotals>();
  for (let offset = 0; offset < count; offset += 1) {
    const day = addDays(first, offset);
    daily.set(day, { netFollowers: 10, views: 1000, revenue: 2, ...overrides[day] });
  }
  const series: DailySeries = new Map();
  for (const [day, totals] of daily) series.set(dayNumber(day), totals);
  return series;
}

describe('evaluateCampaign (hand-worked)', () => {
  it('measures growth above the equal window before the campaign', () => {
    // Campaign 03-06..03-07 (2 days); baseline 03-04..03-05 (20 followers, 2,000 views).
    const daily = steadyDays({
      '2025-03-06': { netFollowers: 40, views: 5000 },
      '2025-03-07': { netFollowers: 30, views: 3000 },
    });
    const result = evaluateCampaign(
      { id: 'c1', startDate: '2025-03-06', endDate: '2025-03-07', spend: 100, enteredRevenue: 50 },
      daily,
    );
    expect(result).toEqual({
      id: 'c1',
      days: 2,
      spend: 100,
      followersDuring: 70,
      followersBaseline: 20,
      followerLift: 50,
      viewsDuring: 8000,
      viewsBaseline: 2000,
      viewLift: 6000,
      costPerNetNewFollower: 2, // 100 / 50
      costPerThousandViews: 16.6667, // 100 / 6000 * 1000
      platformRevenue: 4, // 2 days × 2.00
      enteredRevenue: 50,
      revenue: 54,
      roi: -0.46, // (54 − 100) / 100
    });
  });

  it('zero spend: no ROI and no costs, growth still reported', () => {
    const result = evaluateCampaign(
      { id: 'c', startDate: '2025-03-06', endDate: '2025-03-06', spend: 0, enteredRevenue: 0 },
      steadyDays({ '2025-03-06': { netFollowers: 25 } }),
    );
    expect(result).toMatchObject({ roi: null, followerLift: 15, costPerNetNewFollower: 0 });
  });

  it('no revenue at all: ROI is −1 (all spend lost)', () => {
    const daily = steadyDays();
    for (const value of daily.values()) value.revenue = null;
    const result = evaluateCampaign(
      { id: 'c', startDate: '2025-03-06', endDate: '2025-03-07', spend: 80, enteredRevenue: 0 },
      daily,
    );
    expect(result).toMatchObject({ platformRevenue: null, revenue: 0, roi: -1 });
  });

  it('campaign before any data: growth unknown, never zero', () => {
    const result = evaluateCampaign(
      { id: 'c', startDate: '2024-01-01', endDate: '2024-01-05', spend: 100, enteredRevenue: 120 },
      steadyDays(),
    );
    expect(result).toMatchObject({
      followersDuring: null,
      followerLift: null,
      viewLift: null,
      costPerNetNewFollower: null,
      costPerThousandViews: null,
      revenue: 120,
      roi: 0.2,
    });
  });

  it('no lift (growth at or below baseline): no cost per follower', () => {
    const result = evaluateCampaign(
      { id: 'c', startDate: '2025-03-06', endDate: '2025-03-06', spend: 10, enteredRevenue: 0 },
      steadyDays(),
    );
    expect(result).toMatchObject({
      followerLift: 0,
      costPerNetNewFollower: null,
      viewLift: 0,
      costPerThousandViews: null,
    });
  });

  it('overlapping campaigns: each judged on its own window, totals count shared days once', () => {
    const daily = steadyDays({}, '2025-03-01', 20);
    const campaigns = [
      { id: 'a', startDate: '2025-03-10', endDate: '2025-03-12', spend: 30, enteredRevenue: 0 },
      { id: 'b', startDate: '2025-03-11', endDate: '2025-03-14', spend: 20, enteredRevenue: 5 },
    ];
    expect(evaluateCampaign(campaigns[0]!, daily).platformRevenue).toBe(6);
    expect(evaluateCampaign(campaigns[1]!, daily).platformRevenue).toBe(8);
    // Union 03-10..03-14 = 5 days × 2.00 = 10.00, plus 5 entered.
    expect(totalCampaigns(campaigns, daily)).toEqual({
      spend: 50,
      platformRevenue: 10,
      revenue: 15,
      roi: -0.7,
    });
  });
});
