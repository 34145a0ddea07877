import { describe, expect, it } from 'vitest';
import { addDays, dayNumber } from './days';

describe('dayNumber', () => {
  it('counts days since 1970-01-01 UTC, across month ends, leap days and years', () => {
    expect(dayNumber('1970-01-01')).toBe(0);
    expect(dayNumber('1969-12-31')).toBe(-1);
    let day = '2023-12-25';
    for (let offset = 0; offset < 800; offset += 1) {
      expect(dayNumber(day)).toBe(Date.parse(`${day}T00:00:00Z`) / 86_400_000);
      expect(dayNumber(addDays(day, 1))).toBe(dayNumber(day) + 1);
      day = addDays(day, 1);
    }
  });
});
