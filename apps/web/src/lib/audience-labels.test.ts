import { describe, expect, it } from 'vitest';
import { formatAudienceKey, formatCountry, inAgeOrder } from './audience-labels';

describe('audience labels', () => {
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
});

describe('inAgeOrder', () => {
  it('puts age groups youngest first, from keys or labels', () => {
    expect(inAgeOrder(['age65-', 'age18-24', 'age13-17', 'age35-44'], (key) => key)).toEqual([
      'age13-17',
      'age18-24',
      'age35-44',
      'age65-',
    ]);
    expect(inAgeOrder(['65+', '25–34', '18–24'], (label) => label)).toEqual([
      '18–24',
      '25–34',
      '65+',
    ]);
  });
});
