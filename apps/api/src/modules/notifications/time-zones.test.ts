import { describe, expect, it } from 'vitest';
import {
  afterQuietHours,
  instantOfLocalTime,
  isoWeekOf,
  lastDigestSlot,
  localTimeOf,
  nextDigestSlot,
} from './time-zones';

describe('time zones', () => {
  it('finds the instant of a local hour on either side of a DST change', () => {
    // New York: EST (−5) before 9 March 2025, EDT (−4) after.
    expect(instantOfLocalTime('America/New_York', '2025-03-03', 9).toISOString()).toBe(
      '2025-03-03T14:00:00.000Z',
    );
    expect(instantOfLocalTime('America/New_York', '2025-03-10', 9).toISOString()).toBe(
      '2025-03-10T13:00:00.000Z',
    );
    // 02:00 never happens on the 9th: the clock jumps to 03:00 EDT.
    expect(instantOfLocalTime('America/New_York', '2025-03-09', 2).toISOString()).toBe(
      '2025-03-09T07:00:00.000Z',
    );
    // 01:00 happens twice on 2 November: the first one (EDT).
    expect(instantOfLocalTime('America/New_York', '2025-11-02', 1).toISOString()).toBe(
      '2025-11-02T05:00:00.000Z',
    );
    // A zone ahead of UTC, and one with a half-hour offset.
    expect(instantOfLocalTime('Asia/Tokyo', '2025-06-16', 9).toISOString()).toBe(
      '2025-06-16T00:00:00.000Z',
    );
    expect(instantOfLocalTime('Asia/Kolkata', '2025-06-16', 9).toISOString()).toBe(
      '2025-06-16T03:30:00.000Z',
    );
  });

  it('reads the local day, hour and ISO weekday', () => {
    expect(localTimeOf(new Date('2025-06-15T23:30:00Z'), 'Asia/Tokyo')).toMatchObject({
      date: '2025-06-16',
      hour: 8,
      isoDay: 1,
    });
    expect(localTimeOf(new Date('2025-06-16T03:00:00Z'), 'America/Los_Angeles')).toMatchObject({
      date: '2025-06-15',
      hour: 20,
      isoDay: 7,
    });
  });

  it('names ISO weeks by their Thursday', () => {
    expect(isoWeekOf('2025-06-16')).toBe('2025-W25');
    expect(isoWeekOf('2025-06-22')).toBe('2025-W25');
    expect(isoWeekOf('2024-12-30')).toBe('2025-W01');
    expect(isoWeekOf('2021-01-03')).toBe('2020-W53');
  });

  it('finds the last and next weekly slot across the DST week', () => {
    const schedule = { dayOfWeek: 1, hour: 9 };
    const before = new Date('2025-03-10T12:59:00Z'); // 08:59 EDT, Monday after the change
    expect(lastDigestSlot(before, 'America/New_York', schedule).at.toISOString()).toBe(
      '2025-03-03T14:00:00.000Z',
    );
    expect(nextDigestSlot(before, 'America/New_York', schedule).at.toISOString()).toBe(
      '2025-03-10T13:00:00.000Z',
    );
    const after = new Date('2025-03-10T13:00:00Z');
    expect(lastDigestSlot(after, 'America/New_York', schedule)).toMatchObject({
      localDate: '2025-03-10',
      week: '2025-W11',
    });
  });

  it('moves a time inside quiet hours to their end, past midnight too', () => {
    const quiet = { start: 22, end: 7 };
    // 23:00 in London (BST) → 07:00 next morning.
    expect(
      afterQuietHours(new Date('2025-06-16T22:00:00Z'), 'Europe/London', quiet).toISOString(),
    ).toBe('2025-06-17T06:00:00.000Z');
    // 03:00 → 07:00 the same morning.
    expect(
      afterQuietHours(new Date('2025-06-17T02:00:00Z'), 'Europe/London', quiet).toISOString(),
    ).toBe('2025-06-17T06:00:00.000Z');
    // Outside quiet hours nothing moves.
    const noon = new Date('2025-06-17T11:00:00Z');
    expect(afterQuietHours(noon, 'Europe/London', quiet)).toBe(noon);
    expect(afterQuietHours(noon, 'Europe/London', null)).toBe(noon);
  });
});
