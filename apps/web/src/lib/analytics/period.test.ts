import { describe, expect, it } from 'vitest';
import {
  ALL_TIME_FROM,
  defaultPeriod,
  describeCommonWindow,
  describeHistoryLimit,
  lastCompleteDayOf,
  parseCustomWindow,
  parsePeriod,
  periodDays,
  periodLabels,
  shownFrom,
} from './period';

describe('the analytics period', () => {
  it('defaults to the last 28 days and reads only known presets', () => {
    expect(defaultPeriod).toBe('28d');
    expect(parsePeriod(null)).toBe('28d');
    expect(parsePeriod('90')).toBe('28d');
    expect(parsePeriod('365d')).toBe('365d');
  });

  it('labels a period the plan cut, and an all-platform window unlike a platform’s own days', () => {
    const format = (day: string) => `<${day}>`;
    expect(describeHistoryLimit({ historyLimit: { since: '2025-11-28', days: 365 } }, format)).toBe(
      'since <2025-11-28> (your plan keeps 365 days)',
    );
    expect(describeHistoryLimit({ historyLimit: null }, format)).toBe('');
    const range = { from: '2026-10-28', to: '2026-11-24' };
    expect(
      describeCommonWindow({
        platform: 'all',
        range,
        platformRanges: { youtube: { from: '2026-10-29', to: '2026-11-25' }, instagram: range },
      }),
    ).toBe('the days every platform has reported');
    expect(
      describeCommonWindow({ platform: 'all', range, platformRanges: { instagram: range } }),
    ).toBe('');
    expect(describeCommonWindow({ platform: 'youtube', range })).toBe('');
  });

  it('uses the contracts’ presets: the same days and labels as the API and every export', () => {
    expect(periodDays).toEqual({ '7d': 7, '28d': 28, '90d': 90, '365d': 365 });
    expect(periodLabels['28d']).toBe('Last 28 days');
  });

  it('takes the earliest complete day of several platforms, as the dashboard does', () => {
    expect(lastCompleteDayOf(['2026-11-22', null, '2026-11-21'])).toBe('2026-11-21');
    expect(lastCompleteDayOf([null])).toBeNull();
  });

  it('shows "All time" from the first day with data, other ranges from their own first day', () => {
    const daily = [{ day: '2024-06-01' }, { day: '2024-06-02' }];
    expect(shownFrom(ALL_TIME_FROM, daily)).toBe('2024-06-01');
    expect(shownFrom(ALL_TIME_FROM, [])).toBe(ALL_TIME_FROM);
    expect(shownFrom('2026-10-24', daily)).toBe('2026-10-24');
  });

  it('reads a custom window only when both days are real and in order', () => {
    const read = (query: string) => parseCustomWindow(new URLSearchParams(query));
    expect(read('from=2026-10-01&to=2026-10-31')).toEqual({ from: '2026-10-01', to: '2026-10-31' });
    expect(read('from=2026-10-05&to=2026-10-05')).toEqual({ from: '2026-10-05', to: '2026-10-05' });
    expect(read('from=2026-10-01')).toBeNull();
    expect(read('from=2026-10-31&to=2026-10-01')).toBeNull();
    expect(read('from=2026-02-30&to=2026-03-01')).toBeNull();
    expect(read('from=yesterday&to=2026-03-01')).toBeNull();
  });
});
