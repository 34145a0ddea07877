import { describe, expect, it } from 'vitest';
import { formatAudienceKey, formatCountry } from './audience-labels';

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
