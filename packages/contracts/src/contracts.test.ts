import { describe, expect, it } from 'vitest';
import { artistProfileInputSchema } from './profile';
import { emailSchema } from './auth';
import { errorCodes, errorStatusByCode } from './errors';
import { campaignInputSchema } from './analytics-roi';

describe('emailSchema', () => {
  it('trims and lower-cases', () => {
    expect(emailSchema.parse('  Nova@Example.COM ')).toBe('nova@example.com');
  });
  it('rejects non-emails with a readable message', () => {
    const result = emailSchema.safeParse('nova');
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('Enter a valid email address');
  });
});

describe('artistProfileInputSchema', () => {
  it('accepts a minimal profile and fills defaults', () => {
    expect(artistProfileInputSchema.parse({ artistName: ' Nova ' })).toEqual({
      artistName: 'Nova',
      genres: [],
      goals: [],
      links: {},
    });
  });
  it('only accepts https links', () => {
    const result = artistProfileInputSchema.safeParse({
      artistName: 'Nova',
      links: { spotify: 'http://open.spotify.com/x' },
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({
      path: ['links', 'spotify'],
      message: 'Must be an https:// URL',
    });
  });
});

describe('error codes', () => {
  it('map every code to a 4xx or 5xx status', () => {
    for (const code of errorCodes) expect(errorStatusByCode[code]).toBeGreaterThanOrEqual(400);
  });
});

describe('campaignInputSchema songIsrc', () => {
  const campaign = {
    name: 'Release ads',
    channel: 'meta_ads',
    amount: 100,
    startDate: '2026-10-01',
    endDate: '2026-10-14',
  };

  it('takes an optional song by ISRC, normalised, or null', () => {
    expect(campaignInputSchema.parse({ ...campaign, songIsrc: 'us-s1z-24-00001' }).songIsrc).toBe(
      'USS1Z2400001',
    );
    expect(campaignInputSchema.parse({ ...campaign, songIsrc: null }).songIsrc).toBeNull();
    expect(campaignInputSchema.parse(campaign).songIsrc).toBeUndefined();
  });

  it('refuses something that is no ISRC', () => {
    const result = campaignInputSchema.safeParse({ ...campaign, songIsrc: 'not an isrc' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(['songIsrc']);
  });
});
