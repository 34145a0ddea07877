import { describe, expect, it } from 'vitest';
import {
  describeMeasuredOn,
  toCampaignFieldErrors,
  toCampaignFormValues,
  toCampaignInput,
  validateCampaign,
  type CampaignFormValues,
} from './campaign-form-model';

const valid: CampaignFormValues = {
  name: 'Spring pitching',
  channel: 'playlist_pitching',
  amount: '250',
  currency: 'usd',
  startDate: '2026-10-01',
  endDate: '2026-10-14',
  linkedContentId: '',
  linkedRelease: '',
  songIsrc: '',
  initialSongIsrc: '',
  extraRevenue: '',
  measureOn: '',
  notes: '',
};

describe('campaign form model', () => {
  it('converts the inputs to the contract shape', () => {
    expect(toCampaignInput({ ...valid, amount: '1,200.50', extraRevenue: '12,5' })).toEqual({
      name: 'Spring pitching',
      channel: 'playlist_pitching',
      amount: 1200.5,
      currency: 'USD',
      startDate: '2026-10-01',
      endDate: '2026-10-14',
      linkedContentId: null,
      linkedRelease: null,
      extraRevenue: 12.5,
      notes: null,
    });
    expect(validateCampaign(valid)).toEqual({});
  });

  it('mirrors the contract rules with messages next to each field', () => {
    expect(
      validateCampaign({
        ...valid,
        name: '  ',
        amount: '-5',
        currency: 'dollars',
        extraRevenue: '0.001',
      }),
    ).toEqual({
      name: 'Name is required',
      amount: 'Must not be negative',
      currency: 'Must be a 3-letter currency code such as USD',
      extraRevenue: 'Use at most 2 decimal places',
    });
    expect(validateCampaign({ ...valid, amount: '' }).amount).toBe(
      'Enter how much you spent (0 if nothing)',
    );
    expect(validateCampaign({ ...valid, amount: 'ten' }).amount).toBe('Must be a number');
    expect(validateCampaign({ ...valid, amount: '20000000' }).amount).toBe(
      'Must be at most 10,000,000',
    );
    expect(validateCampaign({ ...valid, endDate: '2026-09-30' })).toEqual({
      endDate: 'End date must be on or after the start date',
    });
    expect(validateCampaign({ ...valid, startDate: '' }).startDate).toBe(
      'Pick the day the campaign started',
    );
  });

  it('sends the chosen song, null once it is cleared, and nothing for a campaign that never had one', () => {
    expect(toCampaignInput({ ...valid, songIsrc: 'USS1Z2400001' })).toMatchObject({
      songIsrc: 'USS1Z2400001',
    });
    expect(toCampaignInput({ ...valid, initialSongIsrc: 'USS1Z2400001' })).toMatchObject({
      songIsrc: null,
    });
    expect(toCampaignInput(valid)).not.toHaveProperty('songIsrc');
  });

  it('starts a new campaign as the last two weeks and an old one as saved', () => {
    const fresh = toCampaignFormValues(null, { currency: 'EUR', today: new Date(2026, 10, 22) });
    expect(fresh).toMatchObject({
      currency: 'EUR',
      startDate: '2026-11-09',
      endDate: '2026-11-22',
    });
    expect(
      toCampaignFieldErrors({ amount: 'Too much', 'notes.0': 'Too long', mystery: 'Odd' }),
    ).toEqual({ amount: 'Too much', notes: 'Too long', form: 'Odd' });
  });

  it('measures ads on their platform unless the artist picks every platform', () => {
    const ads = { ...valid, channel: 'youtube_ads' };
    expect(toCampaignInput(ads)).not.toHaveProperty('measureOn');
    expect(toCampaignInput({ ...ads, measureOn: 'all' }).measureOn).toBe('all');
    // A channel without a platform of its own is always measured everywhere.
    expect(toCampaignInput({ ...valid, measureOn: 'channel' }).measureOn).toBe('all');
    expect(describeMeasuredOn({ channel: 'youtube_ads', measureOn: 'channel' })).toBe(
      'Measured on YouTube',
    );
    expect(describeMeasuredOn({ channel: 'meta_ads', measureOn: 'channel' })).toBe(
      'Measured on Instagram and Facebook',
    );
    expect(describeMeasuredOn({ channel: 'youtube_ads', measureOn: 'all' })).toBe(
      'Measured on every platform',
    );
    expect(describeMeasuredOn({ channel: 'pr', measureOn: 'all' }, ['instagram'])).toBe(
      'Measured on Instagram',
    );
    expect(describeMeasuredOn({ channel: 'youtube_ads', measureOn: 'channel' }, [])).toBe(
      'Not measured on the platforms shown',
    );
  });
});
