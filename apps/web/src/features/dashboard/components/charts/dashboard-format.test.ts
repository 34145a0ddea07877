import { describe, expect, it } from 'vitest';
import { formatCompactNumber } from '@/lib/format';
import {
  describePreviousPeriod,
  formatAudienceKey,
  formatChange,
  formatCountry,
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

  it('names countries and breakdown keys in plain words', () => {
    expect(formatCountry('IT')).toBe('Italy');
    expect(formatCountry('not-a-code')).toBe('not-a-code');
    expect(formatAudienceKey('age', 'age65-')).toBe('65+');
    expect(formatAudienceKey('age', '18-24')).toBe('18–24');
    expect(formatAudienceKey('gender', 'F')).toBe('Female');
    expect(formatAudienceKey('device', 'GAME_CONSOLE')).toBe('Game console');
    expect(formatAudienceKey('traffic_source', 'RELATED_VIDEO')).toBe('Suggested videos');
    expect(formatAudienceKey('traffic_source', 'SOMETHING_NEW')).toBe('Something new');
    expect(formatAudienceKey('city', 'Rome, Lazio')).toBe('Rome, Lazio');
  });

  it('describes the comparison period and dates in server copy', () => {
    expect(describePreviousPeriod(28)).toBe('previous 28 days');
    expect(describePreviousPeriod(365)).toBe('previous 12 months');
    expect(formatDaysInText('spiked on 2026-10-04')).toMatch(/spiked on (Oct 4, 2026|4 Oct 2026)/);
  });
});
