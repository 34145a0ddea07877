import {
  artistProfileInputSchema,
  profileLinkKeys,
  type ArtistProfile,
  type ArtistProfileInput,
} from '@crescendo/contracts';
import { browserTimeZone, countryName, findCountryCode } from '@/lib/places';
import { platformNames } from '@/lib/platforms';

export type LinkKey = (typeof profileLinkKeys)[number];

export type ProfileFormValues = {
  artistName: string;
  bio: string;
  genres: string;
  country: string;
  city: string;
  careerStage: string;
  goals: string;
  timezone: string;
  avatarUrl: string;
  links: Record<LinkKey, string>;
};

export const linkLabels: Record<LinkKey, string> = {
  website: 'Website',
  spotify: 'Spotify',
  appleMusic: 'Apple Music',
  soundcloud: 'SoundCloud',
  bandcamp: 'Bandcamp',
  tiktok: platformNames.tiktok,
  instagram: platformNames.instagram,
  youtube: platformNames.youtube,
};

/**
 * The form's values: the saved profile, or a new one with the name the artist signed up with and
 * the browser's time zone. Country is shown by name and saved as its ISO code.
 */
export function toFormValues(
  profile: ArtistProfile | null,
  defaults: { artistName?: string } = {},
): ProfileFormValues {
  const links = Object.fromEntries(
    profileLinkKeys.map((key) => [key, profile?.links[key] ?? '']),
  ) as Record<LinkKey, string>;
  return {
    artistName: profile?.artistName ?? defaults.artistName ?? '',
    bio: profile?.bio ?? '',
    genres: profile?.genres.join(', ') ?? '',
    country: countryName(profile?.country),
    city: profile?.city ?? '',
    careerStage: profile?.careerStage ?? '',
    goals: profile?.goals.join('\n') ?? '',
    timezone: profile?.timezone ?? browserTimeZone(),
    avatarUrl: profile?.avatarUrl ?? '',
    links,
  };
}

const emptyToNull = (value: string) => (value.trim() === '' ? null : value.trim());

export function toProfileInput(values: ProfileFormValues): ArtistProfileInput {
  const links = Object.fromEntries(
    profileLinkKeys.map((key) => [key, emptyToNull(values.links[key])]),
  ) as ArtistProfileInput['links'];
  return {
    artistName: values.artistName.trim(),
    bio: emptyToNull(values.bio),
    genres: values.genres
      .split(',')
      .map((genre) => genre.trim())
      .filter(Boolean),
    country: findCountryCode(values.country) ?? emptyToNull(values.country),
    city: emptyToNull(values.city),
    careerStage: (emptyToNull(values.careerStage) as ArtistProfileInput['careerStage']) ?? null,
    goals: values.goals
      .split('\n')
      .map((goal) => goal.trim())
      .filter(Boolean),
    timezone: emptyToNull(values.timezone),
    avatarUrl: emptyToNull(values.avatarUrl),
    links,
  };
}

/**
 * What onboarding needs before it moves on: where the artist is based (the assistant's touring
 * answers and the insights' timing read it) and a valid time zone. Settings may leave them empty.
 */
export const onboardingMessages = {
  country: 'Choose the country you are based in.',
  city: 'Enter the city you are based in.',
  timezone: 'Choose your time zone, e.g. Europe/Lisbon.',
} as const;

/** Field path (e.g. `links.website`, `genres.0`) → first message, from the shared contract. */
export function validateProfile(
  values: ProfileFormValues,
  options: { isOnboarding?: boolean } = {},
): Record<string, string> {
  const errors: Record<string, string> = {};
  if (options.isOnboarding) {
    for (const key of ['country', 'city', 'timezone'] as const) {
      if (!values[key].trim()) errors[key] = onboardingMessages[key];
    }
  }
  if (values.country.trim() && !findCountryCode(values.country)) {
    errors.country = 'Choose a country from the list.';
  }
  const result = artistProfileInputSchema.safeParse(toProfileInput(values));
  if (result.success) return errors;
  for (const issue of result.error.issues) {
    const path = issue.path.map(String);
    const key = path[0] === 'genres' || path[0] === 'goals' ? path[0] : path.join('.');
    errors[key] ??= issue.message;
  }
  return errors;
}

/** Server field names may carry array indexes (`genres.2`); group them like the client does. */
export function normalizeServerFieldErrors(fields: Record<string, string>): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const [field, message] of Object.entries(fields)) {
    const [head] = field.split('.');
    const key = head === 'genres' || head === 'goals' ? head : field;
    errors[key] ??= message;
  }
  return errors;
}
