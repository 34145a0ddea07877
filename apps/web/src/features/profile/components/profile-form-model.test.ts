import { describe, expect, it } from 'vitest';
import {
  normalizeServerFieldErrors,
  toFormValues,
  toProfileInput,
  validateProfile,
} from './profile-form-model';

describe('profile form model', () => {
  it('turns form text into the contract input', () => {
    const values = {
      ...toFormValues(null),
      artistName: ' Nova ',
      genres: 'dream pop, indie,',
      goals: 'Tour\n\nRelease EP',
      country: 'Portugal',
    };
    const input = toProfileInput(values);
    expect(input).toMatchObject({
      artistName: 'Nova',
      genres: ['dream pop', 'indie'],
      goals: ['Tour', 'Release EP'],
      country: 'PT',
      bio: null,
    });
  });

  it('shows a saved country by name, prefills the sign-up name and the browser time zone', () => {
    const values = toFormValues(null, { artistName: 'Juniper Vale' });
    expect(values.artistName).toBe('Juniper Vale');
    expect(values.timezone).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
    expect(toProfileInput({ ...values, country: 'pt' }).country).toBe('PT');
    expect(validateProfile({ ...values, country: 'Portugall' }).country).toBe(
      'Choose a country from the list.',
    );
    expect(validateProfile({ ...values, country: 'Portugal' }).country).toBeUndefined();
  });

  it('validates with the shared contract messages', () => {
    const errors = validateProfile({
      ...toFormValues(null),
      artistName: '',
      timezone: 'Mars/Olympus',
      links: { ...toFormValues(null).links, website: 'http://insecure.example' },
    });
    expect(errors.artistName).toBe('Artist name is required');
    expect(errors.timezone).toBe('Timezone must be an IANA name such as Europe/London');
    expect(errors['links.website']).toBe('Must be an https:// URL');
  });

  it('groups indexed server field names', () => {
    expect(
      normalizeServerFieldErrors({
        'genres.3': 'Too long',
        'links.spotify': 'Must be an https:// URL',
      }),
    ).toEqual({
      genres: 'Too long',
      'links.spotify': 'Must be an https:// URL',
    });
  });
});
