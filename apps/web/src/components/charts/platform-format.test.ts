import { describe, expect, it } from 'vitest';
import { formatWatchHours } from './platform-format';

describe('platform formatting', () => {
  it('turns watch minutes into hours', () => {
    expect(formatWatchHours(150)).toBe('2.5 hr');
    expect(formatWatchHours(18_310)).toBe('305 hr');
    expect(formatWatchHours(118_013)).toBe('2K hr');
    expect(formatWatchHours(null)).toBe('—');
  });
});
