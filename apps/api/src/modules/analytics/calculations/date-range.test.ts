import { describe, expect, it } from 'vitest';
import { isPreviousCut, resolveDateRange, splitIntoMonths, weekStart } from './date-range';
import { addDays, consecutiveDays, formatDay } from '../../../lib/days';

describe('resolveDateRange', () => {
  it('ends presets on the last complete day with an equal previous period', () => {
    expect(resolveDateRange({ range: '7d' }, '2025-06-13', '2023-01-01')).toEqual({
      from: '2025-06-07',
      to: '2025-06-13',
      days: 7,
      historyLimit: null,
      previous: { from: '2025-05-31', to: '2025-06-06' },
      granularity: 'day',
    });
  });

  it('keeps to the plan’s history window: "all" is labelled from its first day, previous never before it', () => {
    const history = { days: 365 };
    const all = resolveDateRange({ range: 'all' }, '2025-06-13', '2022-06-14', history);
    expect(all).toMatchObject({
      from: '2024-06-14',
      days: 365,
      historyLimit: { since: '2024-06-14', days: 365 },
    });
    expect(all.previous.from >= '2024-06-14').toBe(true);
    expect(isPreviousCut(all)).toBe(true);
    // "Last 12 months" is whole on a plan that keeps 365 days, and not compared with the year before.
    const year = resolveDateRange({ range: '365d' }, '2025-06-13', '2022-06-14', history);
    expect(year).toMatchObject({ from: '2024-06-14', days: 365, historyLimit: null });
    expect(isPreviousCut(year)).toBe(true);
    // A preset inside the window is untouched, with a whole previous period.
    const month = resolveDateRange({ range: '28d' }, '2025-06-13', '2022-06-14', history);
    expect(month).toMatchObject({ from: '2025-05-17', historyLimit: null });
    expect(isPreviousCut(month)).toBe(false);
    // Data younger than the window: "All time" is all of it, unlabelled.
    expect(resolveDateRange({ range: 'all' }, '2025-06-13', '2025-01-01', history)).toMatchObject({
      from: '2025-01-01',
      historyLimit: null,
    });
  });

  it('defaults to 28 days and switches to weekly points beyond 120 days', () => {
    expect(resolveDateRange({}, '2025-06-13', null)).toMatchObject({
      from: '2025-05-17',
      days: 28,
    });
    expect(resolveDateRange({ range: '365d' }, '2025-06-13', null)).toMatchObject({
      days: 365,
      granularity: 'week',
    });
  });

  it('spans all data for "all"', () => {
    expect(resolveDateRange({ range: 'all' }, '2025-06-13', '2022-06-14')).toMatchObject({
      from: '2022-06-14',
      days: 1096,
    });
  });

  it('accepts explicit dates, in either order', () => {
    expect(
      resolveDateRange({ from: '2025-02-10', to: '2025-02-01' }, '2025-06-13', null),
    ).toMatchObject({
      from: '2025-02-01',
      to: '2025-02-10',
      days: 10,
      previous: { from: '2025-01-22', to: '2025-01-31' },
    });
  });

  it('finds the Monday of a week', () => {
    expect(weekStart('2025-06-15')).toBe('2025-06-09'); // Sunday
    expect(weekStart('2025-06-09')).toBe('2025-06-09'); // Monday
  });

  it('walks consecutive days across month and leap-year ends, as toISOString writes them', () => {
    expect(consecutiveDays('2024-02-27', 5)).toEqual([
      '2024-02-27',
      '2024-02-28',
      '2024-02-29',
      '2024-03-01',
      '2024-03-02',
    ]);
    expect(consecutiveDays('2025-06-15', 0)).toEqual([]);
    const start = Date.parse('1999-12-25T00:00:00Z');
    consecutiveDays('1999-12-25', 12_000).forEach((day, index) => {
      const expected = new Date(start + index * 86_400_000).toISOString().slice(0, 10);
      if (day !== expected) expect(day).toBe(expected);
      if (addDays('1999-12-25', index) !== expected)
        expect(addDays('1999-12-25', index)).toBe(expected);
    });
    expect(formatDay(new Date('0999-03-04T00:00:00Z'))).toBe('0999-03-04');
  });
});

describe('splitIntoMonths', () => {
  it('reads whole months as months and the ragged ends day by day', () => {
    expect(splitIntoMonths('2024-06-14', '2025-06-13')).toEqual({
      months: { first: '2024-07-01', last: '2025-05-01' },
      days: [
        { from: '2024-06-14', to: '2024-06-30' },
        { from: '2025-06-01', to: '2025-06-13' },
      ],
    });
  });

  it('needs no days when the range is whole months, across a year and a leap February', () => {
    expect(splitIntoMonths('2023-12-01', '2024-02-29')).toEqual({
      months: { first: '2023-12-01', last: '2024-02-01' },
      days: [],
    });
    expect(splitIntoMonths('2025-02-01', '2025-02-28')).toEqual({
      months: { first: '2025-02-01', last: '2025-02-01' },
      days: [],
    });
  });

  it('keeps a head or a tail alone', () => {
    expect(splitIntoMonths('2025-01-20', '2025-03-31')).toEqual({
      months: { first: '2025-02-01', last: '2025-03-01' },
      days: [{ from: '2025-01-20', to: '2025-01-31' }],
    });
    expect(splitIntoMonths('2025-01-01', '2025-03-30')).toEqual({
      months: { first: '2025-01-01', last: '2025-02-01' },
      days: [{ from: '2025-03-01', to: '2025-03-30' }],
    });
  });

  it('reads day by day when no whole month fits', () => {
    expect(splitIntoMonths('2025-05-17', '2025-06-13')).toEqual({
      months: null,
      days: [{ from: '2025-05-17', to: '2025-06-13' }],
    });
    expect(splitIntoMonths('2025-01-02', '2025-02-27')).toEqual({
      months: null,
      days: [{ from: '2025-01-02', to: '2025-02-27' }],
    });
    expect(splitIntoMonths('2025-03-10', '2025-03-10')).toEqual({
      months: null,
      days: [{ from: '2025-03-10', to: '2025-03-10' }],
    });
  });
});
