import { DAY_MS } from '../dates';
import { DIGITS, createRng } from '../random';
import type { PersonaBuildInput } from './definitions';
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
  }
>;

export type InstagramAccount = {
  id: string;
  igId: number;
  username: string;
  name: string;
  biography: string;
  website: string;
  profilePictureUrl: string;
  followsCount: number;
  /** Newest first, as the media edge lists them. */
  media: readonly IgMedia[];
  mediaById: ReadonlyMap<string, IgMedia>;
  demographics: DemographicShares;
  activity: InstagramActivity;
};

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
const OTHER_CITIES = [
  'Berlin, Berlin',
  'Paris, Île-de-France',
  'Madrid, Community of Madrid',
  'São Paulo, São Paulo',
  'Toronto, Ontario',
  'Sydney, New South Wales',
];
const IG_COUNTRIES = ['US', 'GB', 'IT', 'DE', 'FR', 'ES', 'BR', 'MX', 'CA', 'AU', 'IN', 'NL'];

export function buildInstagramAccount({
  definition,
  seed,
  anchorDay,
  releaseDays,
}: PersonaBuildInput): InstagramAccount {
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
    media.push({
      id,
      shortcode: rng.chars('ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-', 11),
      mediaType,
      productType,
      caption: `${definition.artistName} — ${productType === 'REELS' ? 'new reel' : 'post'} #${i + 1} (sandbox)`,
      timestampMs: (anchorDay - ageDays) * DAY_MS + rng.int(9 * 3600, 22 * 3600) * 1000,
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
  const cities = [...(CITIES[home] ?? []), ...OTHER_CITIES];
  const demographics: DemographicShares = {
    age: {
      values: ['13-17', '18-24', '25-34', '35-44', '45-54', '55-64', '65+'],
      weights: [0.05, 0.31, 0.35, 0.16, 0.08, 0.03, 0.02],
    },
    gender: { values: ['F', 'M', 'U'], weights: [0.55, 0.43, 0.02] },
    country: {
      values: IG_COUNTRIES,
      weights: IG_COUNTRIES.map((c, i) =>
        c === home ? 0.45 : 0.1 * Math.exp(-i / 5) * (0.4 + rng.next()),
      ),
    },
    city: {
      values: cities,
      weights: cities.map((_, i) => Math.exp(-i / 3) * (0.5 + rng.next())),
    },
  };

  const id = `178414${rng.chars(DIGITS, 11)}`;
  return {
    id,
    igId: Number(`1${rng.chars(DIGITS, 9)}`),
    username: ig.username,
    name: definition.artistName,
    biography: `${definition.artistName} · new music out now · sandbox persona "${definition.id}"`,
    website: `https://example.com/${definition.handle}`,
    profilePictureUrl: `https://sandbox.invalid/instagram/${ig.username}.jpg`,
    followsCount: ig.follows,
    media,
    mediaById: new Map(media.map((m) => [m.id, m])),
    demographics,
    activity: new InstagramActivity(seed, anchorDay, ig.dailyReach, ig.followers, releaseDays),
  };
}
