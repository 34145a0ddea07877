import { DAY_MS } from '../dates';
import { DIGITS, createRng, hash3, splitTotal, toConditionalShares } from '../random';
import type { PersonaDefinition } from './definitions';

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

/** One day of account-level activity. All values are integers. */
export type IgDay = {
  reach: number;
  views: number;
  accountsEngaged: number;
  likes: number;
  comments: number;
  saves: number;
  shares: number;
  replies: number;
  totalInteractions: number;
  profileLinksTaps: number;
  follows: number;
  unfollows: number;
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

export type FacebookPage = {
  id: string;
  name: string;
  category: string;
  activity: PageActivity;
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

type BuildInput = {
  definition: PersonaDefinition;
  seed: number;
  anchorDay: number;
  releaseDays: readonly number[];
};

export function buildInstagramAccount({
  definition,
  seed,
  anchorDay,
  releaseDays,
}: BuildInput): InstagramAccount {
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

export function buildFacebookPage({
  definition,
  seed,
  anchorDay,
  releaseDays,
}: BuildInput): FacebookPage {
  const rng = createRng(seed ^ 0xfb);
  return {
    id: `1${rng.chars(DIGITS, 14)}`,
    name: definition.facebookPage.name,
    category: 'Musician/Band',
    activity: new PageActivity(
      seed,
      anchorDay,
      definition.facebookPage.dailyMediaViews,
      definition.facebookPage.followers,
      releaseDays,
    ),
  };
}

/** Share of a release's boost left after `age` days; releases lift every daily series. */
function releaseBoost(releaseDays: readonly number[], day: number): number {
  let boost = 1;
  for (const release of releaseDays) {
    const age = day - release;
    if (age >= 0 && age < 60) boost += 0.9 * Math.exp(-age / 8);
  }
  return boost;
}

/**
 * Daily Instagram account activity: a pure function of (seed, day), cached. Follower count at any
 * day is the anchor-day target adjusted by the net follows since, so `followers_count` and the
 * `follows_and_unfollows` / `follower_count` series agree.
 */
export class InstagramActivity {
  private readonly cache = new Map<number, IgDay>();

  constructor(
    private readonly seed: number,
    private readonly anchorDay: number,
    private readonly dailyReach: number,
    private readonly anchorFollowers: number,
    private readonly releaseDays: readonly number[],
  ) {}

  day(day: number): IgDay {
    const cached = this.cache.get(day);
    if (cached) return cached;
    const u = (salt: number): number => hash3(this.seed, day, salt) / 4294967296;
    const weekly = [1.1, 0.95, 0.93, 0.96, 0.98, 1.02, 1.08][(((day + 4) % 7) + 7) % 7] ?? 1;
    const level =
      this.dailyReach * weekly * releaseBoost(this.releaseDays, day) * (0.8 + 0.4 * u(1));
    const reach = Math.floor(level + u(2));
    const likes = Math.floor(reach * (0.07 + 0.03 * u(3)) + u(4));
    const comments = Math.floor(likes * 0.04 + u(5));
    const saves = Math.floor(likes * 0.09 + u(6));
    const shares = Math.floor(likes * 0.06 + u(7));
    const replies = Math.floor(reach * 0.002 + u(8));
    const follows = Math.floor(reach * (0.003 + 0.002 * u(9)) + u(10));
    const value: IgDay = {
      reach,
      views: Math.floor(reach * (2.1 + 0.8 * u(11))),
      accountsEngaged: Math.floor(reach * (0.05 + 0.03 * u(12)) + u(13)),
      likes,
      comments,
      saves,
      shares,
      replies,
      // Meta defines total_interactions as the sum of these interaction types.
      totalInteractions: likes + comments + saves + shares + replies,
      profileLinksTaps: Math.floor(reach * 0.004 + u(14)),
      follows,
      unfollows: Math.floor(follows * (0.25 + 0.15 * u(15)) + u(16)),
    };
    this.cache.set(day, value);
    return value;
  }

  followersAt(day: number): number {
    let followers = this.anchorFollowers;
    for (let d = this.anchorDay + 1; d <= day; d += 1) {
      const { follows, unfollows } = this.day(d);
      followers += follows - unfollows;
    }
    for (let d = day + 1; d <= this.anchorDay; d += 1) {
      const { follows, unfollows } = this.day(d);
      followers -= follows - unfollows;
    }
    return Math.max(0, followers);
  }
}

export type PageDay = {
  mediaViewsUnique: number;
  mediaViews: number;
  postEngagements: number;
  dailyFollows: number;
  dailyUnfollows: number;
};

export class PageActivity {
  private readonly cache = new Map<number, PageDay>();

  constructor(
    private readonly seed: number,
    private readonly anchorDay: number,
    private readonly dailyMediaViews: number,
    private readonly anchorFollowers: number,
    private readonly releaseDays: readonly number[],
  ) {}

  day(day: number): PageDay {
    const cached = this.cache.get(day);
    if (cached) return cached;
    const u = (salt: number): number => hash3(this.seed ^ 0xfa9e, day, salt) / 4294967296;
    const unique = Math.floor(
      this.dailyMediaViews * releaseBoost(this.releaseDays, day) * (0.8 + 0.4 * u(1)) + u(2),
    );
    const follows = Math.floor(unique * 0.002 + u(3));
    const value: PageDay = {
      mediaViewsUnique: unique,
      mediaViews: Math.floor(unique * (1.4 + 0.5 * u(4))),
      postEngagements: Math.floor(unique * (0.03 + 0.02 * u(5)) + u(6)),
      dailyFollows: follows,
      dailyUnfollows: Math.floor(follows * 0.3 + u(7)),
    };
    this.cache.set(day, value);
    return value;
  }

  followersAt(day: number): number {
    let followers = this.anchorFollowers;
    for (let d = this.anchorDay + 1; d <= day; d += 1) {
      const { dailyFollows, dailyUnfollows } = this.day(d);
      followers += dailyFollows - dailyUnfollows;
    }
    for (let d = day + 1; d <= this.anchorDay; d += 1) {
      const { dailyFollows, dailyUnfollows } = this.day(d);
      followers -= dailyFollows - dailyUnfollows;
    }
    return Math.max(0, followers);
  }
}

/** Splits a total by weights into integer parts that sum exactly to the total. */
export function splitByWeights(total: number, weights: readonly number[]): number[] {
  const out = new Float64Array(weights.length);
  splitTotal(total, toConditionalShares(weights), out);
  return Array.from(out);
}
