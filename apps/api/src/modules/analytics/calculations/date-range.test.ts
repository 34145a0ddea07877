import { describe, expect, it } from 'vitest';
import { resolveDateRange, weekStart } from './date-range';

describe('resolveDateRange', () => {
  it('ends presets on the last complete day with an equal previous period', () => {
    expect(resolveDateRange({ range: '7d' }, '2025-06-13', '2023-01-01')).toEqual({
      from: '2025-06-07',
      to: '2025-06-13',
      days: 7,
      previous: { from: '2025-05-31', to: '2025-06-06' },
      granularity: 'day',
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
});
