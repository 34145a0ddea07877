import { DAY_MS } from '../dates';
import { DIGITS, createRng, hash3 } from '../random';
import type { PersonaBuildInput } from './definitions';
import type { Song } from './tiktok-account';
import { InstagramActivity } from './meta-activity';

/** The persona's Instagram professional account: profile, generated media, audience shares. */
export type IgMediaType = 'IMAGE' | 'VIDEO' | 'CAROUSEL_ALBUM';
export type IgProductType = 'FEED' | 'REELS';

export type IgMedia = {
  id: string;
  shortcode: string;
  mediaType: IgMediaType;
  productType: IgProductType;
  caption: string;
  timestampMs: number;
  reach: number;
  views: number;
  likes: number;
  comments: number;
  saved: number;
  shares: number;
  /** Reels only, in milliseconds as Meta reports them. */
  averageWatchTimeMs: number;
  totalWatchTimeMs: number;
};

export type DemographicShares = Record<
  'age' | 'gender' | 'country' | 'city',
  {
    values: readonly string[];
    weights: readonly number[];
    /**
     * The weights are shares of the whole audience and add up to less than one: the rest lives in
     * places not listed (cities only; Instagram lists the top cities, never everyone).
     */
    isPartial?: boolean;
  }
>;

export type InstagramAccount = {
  id: string;
  igId: number;
  username: string;
  name: string;
  biography: string;
  website: string;
  followsCount: number;
  /** Newest first, as the media edge lists them. */
  media: readonly IgMedia[];
  mediaById: ReadonlyMap<string, IgMedia>;
  demographics: DemographicShares;
  activity: InstagramActivity;
};

/** The home country's listed cities; every other listed city is in the country after its name. */
const CITIES: Record<string, string[]> = {
  GB: ['London, England', 'Manchester, England', 'Bristol, England', 'Glasgow, Scotland'],
  IT: [
    'Milan, Lombardy',
    'Rome, Lazio',
    'Turin, Piedmont',
    'Naples, Campania',
    'Bologna, Emilia-Romagna',
  ],
  US: [
    'Los Angeles, California',
    'New York, New York',
    'Chicago, Illinois',
    'Austin, Texas',
    'Atlanta, Georgia',
  ],
};
const OTHER_CITIES: readonly (readonly [city: string, country: string])[] = [
  ['Berlin, Berlin', 'DE'],
  ['Paris, Île-de-France', 'FR'],
  ['Madrid, Community of Madrid', 'ES'],
  ['São Paulo, São Paulo', 'BR'],
  ['Toronto, Ontario', 'CA'],
  ['Sydney, New South Wales', 'AU'],
];
/**
 * The share of a country's followers who live in its listed cities: most of the home country's
 * fans are in its big cities, a foreign country's in its capital, and never all of them.
 */
const HOME_CITY_COVERAGE = 0.6;
const FOREIGN_CITY_COVERAGE = 0.3;
const IG_COUNTRIES = ['US', 'GB', 'IT', 'DE', 'FR', 'ES', 'BR', 'MX', 'CA', 'AU', 'IN', 'NL'];

/** What a reel says about its song, and what a post says; picked by index so no draw is added. */
const REEL_CAPTIONS = [
  (song: string) => `${song} is out now. Link in bio`,
  (song: string) => `A little bit of ${song}, turn it up`,
  (song: string) => `${song}, live from the rehearsal room`,
  (song: string) => `The story behind ${song}`,
  (song: string) => `${song} (acoustic)`,
];
const POST_CAPTIONS = [
  (song: string) => `Thank you for all the love on ${song}`,
  () => 'Studio day. Something new is on the way.',
  () => 'Tour dates soon — where should we play?',
  (song: string) => `${song} artwork, shot on film`,
  () => 'Backstage, before the show',
];

export function buildInstagramAccount({
  definition,
  seed,
  anchorDay,
  releaseDays,
  songs,
}: PersonaBuildInput & { songs: readonly Song[] }): InstagramAccount {
  const rng = createRng(seed);
  const ig = definition.instagram;
  const historyDays = definition.youtube.historyDays;
  const media: IgMedia[] = [];
  const usedIds = new Set<string>();
  for (let i = 0; i < ig.mediaCount; i += 1) {
    let id = `17${rng.chars(DIGITS, 15)}`;
    while (usedIds.has(id)) id = `17${rng.chars(DIGITS, 15)}`;
    usedIds.add(id);
    const roll = rng.next();
    const productType: IgProductType = roll < 0.45 ? 'REELS' : 'FEED';
    const mediaType: IgMediaType =
      productType === 'REELS' ? 'VIDEO' : roll < 0.75 ? 'IMAGE' : 'CAROUSEL_ALBUM';
    const ageDays = Math.floor(Math.pow(rng.next(), 1.3) * historyDays) + 1;
    const reach = Math.max(
      1,
      Math.round(ig.dailyReach * (0.3 + 1.2 * rng.next()) * (productType === 'REELS' ? 1.8 : 1)),
    );
    const likes = Math.round(reach * (0.06 + 0.06 * rng.next()));
    const durationMs = rng.int(8_000, 60_000);
    const plays = Math.round(reach * (1.3 + 1.2 * rng.next()));
    const averageWatchTimeMs =
      productType === 'REELS' ? Math.round(durationMs * (0.35 + 0.4 * rng.next())) : 0;
    // Drawn in the order the fields used to be, so every figure stays where it was.
    const shortcode = rng.chars(
      'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-',
      11,
    );
    const timestampMs = (anchorDay - ageDays) * DAY_MS + rng.int(9 * 3600, 22 * 3600) * 1000;
    media.push({
      id,
      shortcode,
      mediaType,
      productType,
      caption: writeCaption(productType, songOn(songs, anchorDay - ageDays, i), i),
      timestampMs,
      reach,
      views: plays,
      likes,
      comments: Math.round(likes * (0.02 + 0.04 * rng.next())),
      saved: Math.round(likes * (0.05 + 0.1 * rng.next())),
      shares: Math.round(likes * (0.03 + 0.07 * rng.next())),
      averageWatchTimeMs,
      totalWatchTimeMs: averageWatchTimeMs * plays,
    });
  }
  media.sort((a, b) => b.timestampMs - a.timestampMs);

  const home = definition.homeCountry;
  const cities: (readonly [city: string, country: string])[] = [
    ...(CITIES[home] ?? []).map((city) => [city, home] as const),
    ...OTHER_CITIES.filter(([, country]) => country !== home),
  ];
  const countryWeights = IG_COUNTRIES.map((c, i) =>
    c === home ? 0.45 : 0.1 * Math.exp(-i / 5) * (0.4 + rng.next()),
  );
  // The same number of draws as the cities listed, in order, so the figures after them stay put.
  const cityDraws = cities.map((_, i) => Math.exp(-i / 3) * (0.5 + rng.next()));
  const demographics: DemographicShares = {
    age: {
      values: ['13-17', '18-24', '25-34', '35-44', '45-54', '55-64', '65+'],
      weights: [0.05, 0.31, 0.35, 0.16, 0.08, 0.03, 0.02],
    },
    gender: { values: ['F', 'M', 'U'], weights: [0.55, 0.43, 0.02] },
    country: { values: IG_COUNTRIES, weights: countryWeights },
    city: {
      values: cities.map(([city]) => city),
      weights: shareCitiesWithinCountries(cities, cityDraws, IG_COUNTRIES, countryWeights, home),
      isPartial: true,
    },
  };

  const id = `178414${rng.chars(DIGITS, 11)}`;
  return {
    id,
    igId: Number(`1${rng.chars(DIGITS, 9)}`),
    username: ig.username,
    name: definition.artistName,
    biography: `${definition.artistName} · new music out now`,
    website: `https://example.com/${definition.handle}`,
    followsCount: ig.follows,
    media,
    mediaById: new Map(media.map((m) => [m.id, m])),
    demographics,
    activity: new InstagramActivity(seed, anchorDay, ig.dailyReach, ig.followers, releaseDays),
  };
}

/**
 * Each city's share of the whole audience: its country's share, split among that country's listed
 * cities by their draws, times the part of the country living in listed cities. So a country's
 * cities never add up to more than the country, and no city is the whole of its country.
 */
function shareCitiesWithinCountries(
  cities: readonly (readonly [city: string, country: string])[],
  draws: readonly number[],
  countries: readonly string[],
  countryWeights: readonly number[],
  home: string,
): number[] {
  const countryTotal = countryWeights.reduce((sum, weight) => sum + weight, 0);
  const drawsByCountry = new Map<string, number>();
  cities.forEach(([, country], i) =>
    drawsByCountry.set(country, (drawsByCountry.get(country) ?? 0) + (draws[i] ?? 0)),
  );
  return cities.map(([, country], i) => {
    const countryShare = (countryWeights[countries.indexOf(country)] ?? 0) / countryTotal;
    const coverage = country === home ? HOME_CITY_COVERAGE : FOREIGN_CITY_COVERAGE;
    return (countryShare * coverage * (draws[i] ?? 0)) / (drawsByCountry.get(country) ?? 1);
  });
}

/**
 * The song a post is about: mostly the latest release on its day, sometimes an earlier one (by a
 * hash of its index, so no random draw is added). Titles are the YouTube releases' own.
 */
function songOn(songs: readonly Song[], day: number, index: number): string | null {
  const released = songs.filter((song) => song.day <= day);
  if (released.length === 0) return songs[0]?.title ?? null;
  const pick = hash3(index, day, 0x1a) % 3 === 0 ? hash3(index, 0, 0x1b) % released.length : -1;
  return (released.at(pick) ?? released.at(-1))!.title;
}

function writeCaption(productType: IgProductType, song: string | null, index: number): string {
  const templates = productType === 'REELS' ? REEL_CAPTIONS : POST_CAPTIONS;
  const write = templates[index % templates.length]!;
  return song ? write(song) : 'New music soon.';
}
