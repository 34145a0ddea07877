import { describe, expect, it } from 'vitest';
import { formatCompactNumber } from '@/lib/format';
import {
  describePreviousPeriod,
  formatChange,
  formatDaysInText,
  formatRate,
  formatRevenue,
  formatWatchHours,
} from './dashboard-format';

describe('dashboard formatting', () => {
  it('shows absent figures as a dash, never zero', () => {
    for (const format of [formatCompactNumber, formatChange, formatRate, formatWatchHours])
      expect(format(null)).toBe('—');
    expect(formatRevenue(undefined)).toBe('—');
    expect(formatCompactNumber(0)).toBe('0');
  });

  it('formats changes, rates, watch hours and revenue', () => {
    expect(formatChange(0.123)).toBe('+12.3%');
    expect(formatChange(-0.0932)).toBe('-9.3%');
    expect(formatRate(0.0412)).toBe('4.12%');
    expect(formatWatchHours(1_600_485)).toMatch(/^26\.7K\s?hr$/);
    expect(formatRevenue(990.58)).toBe('$991');
  });

  it('describes the comparison period and dates in server copy', () => {
    expect(describePreviousPeriod(28)).toBe('previous 28 days');
    expect(describePreviousPeriod(365)).toBe('previous 12 months');
    expect(formatDaysInText('spiked on 2026-10-04')).toMatch(/spiked on (Oct 4, 2026|4 Oct 2026)/);
  });
});
