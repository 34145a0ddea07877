import { describe, expect, it } from 'vitest';
import {
  formatCompactNumber,
  formatDuration,
  formatRelativeTime,
  formatSignedCompactNumber,
  shiftDay,
  sumPresent,
} from './format';

describe('formatting', () => {
  it('shows absent numbers as a dash, and a real zero as 0', () => {
    expect(formatCompactNumber(null)).toBe('—');
    expect(formatCompactNumber(undefined)).toBe('—');
    expect(formatCompactNumber(0)).toBe('0');
    expect(formatCompactNumber(60_709)).toBe('60.7K');
    expect(formatSignedCompactNumber(285)).toBe('+285');
    expect(formatSignedCompactNumber(null)).toBe('—');
  });

  it('formats durations like a video player', () => {
    expect(formatDuration(261)).toBe('4:21');
    expect(formatDuration(3723)).toBe('1:02:03');
    expect(formatDuration(null)).toBe('—');
  });

  it('keeps "nothing reported" apart from zero when summing', () => {
    expect(sumPresent([null, null])).toBeNull();
    expect(sumPresent([null, 0])).toBe(0);
    expect(sumPresent([2, null, 3])).toBe(5);
  });

  it('shifts calendar days and describes recent times', () => {
    expect(shiftDay('2026-11-20', -89)).toBe('2026-08-23');
    expect(shiftDay('2024-02-28', 1)).toBe('2024-02-29');
    const now = Date.parse('2026-11-22T10:00:00Z');
    expect(formatRelativeTime('2026-11-22T07:00:00Z', now)).toBe('3 hours ago');
    expect(formatRelativeTime('2026-11-22T09:59:30Z', now)).toBe('just now');
    expect(formatRelativeTime(null, now)).toBe('—');
  });

  it('counts minutes from a shorter "just now" when told', () => {
    const now = Date.parse('2025-03-10T12:00:00Z');
    const options = { justNowSeconds: 45 };
    expect(formatRelativeTime('2025-03-10T11:59:50Z', now, options)).toBe('just now');
    expect(formatRelativeTime('2025-03-10T11:59:10Z', now, options)).toMatch(/1 minute ago/);
    expect(formatRelativeTime('2025-03-10T11:55:00Z', now, options)).toMatch(/5 minutes ago/);
    expect(formatRelativeTime('2025-03-10T09:00:00Z', now, options)).toMatch(/3 hours ago/);
    expect(formatRelativeTime('2025-03-09T12:00:00Z', now, options)).toMatch(/yesterday/);
  });
});
