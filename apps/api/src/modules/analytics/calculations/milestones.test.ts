import { describe, expect, it } from 'vitest';
import { forecastNextMilestone, milestoneLadder, milestonesCrossed } from './milestones';

describe('milestones', () => {
  it('climbs 1 – 2.5 – 5 per decade', () => {
    expect(milestoneLadder.slice(0, 7)).toEqual([100, 250, 500, 1000, 2500, 5000, 10000]);
    expect(milestoneLadder.at(-1)).toBe(1_000_000_000);
  });

  it('lists every milestone crossed, counting an exact landing', () => {
    expect(milestonesCrossed(44_000, 50_000)).toEqual([50_000]);
    expect(milestonesCrossed(900, 10_000)).toEqual([1000, 2500, 5000, 10000]);
    expect(milestonesCrossed(50_000, 50_000)).toEqual([]);
  });

  it('forecasts the next milestone at the 28-day pace', () => {
    // 45,000 now, 43,600 four weeks ago: 50/day; 5,000 to go → 100 days.
    expect(forecastNextMilestone(45_000, 43_600, '2025-06-01')).toEqual({
      current: 45_000,
      next: 50_000,
      dailyPace: 50,
      daysToNext: 100,
      expectedDate: '2025-09-09',
    });
  });

  it('gives no date when the audience is not growing', () => {
    expect(forecastNextMilestone(900, 950, '2025-06-01')).toMatchObject({
      next: 1000,
      daysToNext: null,
      expectedDate: null,
    });
  });
});
