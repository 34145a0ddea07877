import { DAY_MS } from '../dates';
import { BASE64URL_ALPHABET, createRng, hash3, toConditionalShares } from '../random';
import type { PersonaDefinition } from './definitions';

export type ContentType = 'VIDEO_ON_DEMAND' | 'SHORTS' | 'LIVE_STREAM';
export const CONTENT_TYPES: readonly ContentType[] = ['VIDEO_ON_DEMAND', 'SHORTS', 'LIVE_STREAM'];

/**
 * Additive metrics defined per video as floor(rate × cumulative views). Because each is a
 * non-decreasing function of the cumulative count, daily values (differences) are never negative
 * and any range total telescopes to the same number whether it is read per day, per video or in one
 * row: the analytics consistency guarantee rests on this.
 */
export const BASE_METRICS = [
  'views',
  'engagedViews',
  'estimatedMinutesWatched',
  'likes',
  'dislikes',
  'comments',
  'shares',
  'subscribersGained',
  'subscribersLost',
  'estimatedRevenue',
] as const;
export type BaseMetric = (typeof BASE_METRICS)[number];
export const BASE_METRIC_INDEX = Object.fromEntries(BASE_METRICS.map((m, i) => [m, i])) as Record<
  BaseMetric,
  number
>;

export type Video = {
  index: number;
  id: string;
  title: string;
  description: string;
  tags: string[];
  publishDay: number;
  publishedAtMs: number;
  contentType: ContentType;
  typeIndex: number;
  durationSeconds: number;
  /** Expected first-day views before calibration. */
  base: number;
  /** Per-view rate of each BASE_METRICS entry (revenue in US cents). */
  rates: Float64Array;
};

export type CategoryShares = {
  categories: readonly string[];
  /** Conditional shares per content type index, ready for splitTotal. */
  byType: readonly Float64Array[];
};

export type SplitDimension = 'country' | 'deviceType' | 'insightTrafficSourceType';

export type YouTubeChannel = {
  id: string;
  title: string;
  handle: string;
  description: string;
  publishedAtMs: number;
  country: string;
  uploadsPlaylistId: string;
  isBelowPrivacyThreshold: boolean;
  videos: readonly Video[];
  videosById: ReadonlyMap<string, Video>;
  splits: Record<SplitDimension, CategoryShares>;
  /** Viewer share per (ageGroup × gender) cell, per content type; sums to 1. */
  demographics: readonly Float64Array[];
  series: ChannelSeries;
};

export const AGE_GROUPS = [
  'age13-17',
  'age18-24',
  'age25-34',
  'age35-44',
  'age45-54',
  'age55-64',
  'age65-',
] as const;
export const GENDERS = ['female', 'male', 'user_specified'] as const;

const COUNTRIES = [
  'US',
  'GB',
  'IT',
  'DE',
  'FR',
  'ES',
  'BR',
  'MX',
  'CA',
  'AU',
  'IN',
  'JP',
  'NL',
  'SE',
  'PL',
  'AR',
  'TR',
  'ID',
  'PH',
  'KR',
];

const DEVICE_WEIGHTS: Record<string, [number, number]> = {
  MOBILE: [0.62, 0.94],
  DESKTOP: [0.17, 0.03],
  TV: [0.15, 0.01],
  TABLET: [0.05, 0.019],
  GAME_CONSOLE: [0.006, 0.0005],
  UNKNOWN_PLATFORM: [0.004, 0.0005],
};

const TRAFFIC_WEIGHTS: Record<string, [number, number]> = {
  RELATED_VIDEO: [0.28, 0.01],
  YT_SEARCH: [0.2, 0.04],
  SUBSCRIBER: [0.1, 0.02],
  PLAYLIST: [0.09, 0.001],
  YT_CHANNEL: [0.08, 0.05],
  EXT_URL: [0.06, 0.005],
  NO_LINK_OTHER: [0.05, 0.01],
  NOTIFICATION: [0.04, 0.002],
  YT_OTHER_PAGE: [0.04, 0.003],
  END_SCREEN: [0.03, 0.0005],
  SHORTS: [0.015, 0.82],
  HASHTAGS: [0.005, 0.02],
  SOUND_PAGE: [0.0005, 0.03],
  ADVERTISING: [0.01, 0.0005],
};

const AGE_WEIGHTS_LONG = [0.04, 0.24, 0.33, 0.18, 0.11, 0.06, 0.04];
const AGE_WEIGHTS_SHORTS = [0.12, 0.38, 0.28, 0.12, 0.06, 0.03, 0.01];

const TITLE_WORDS_A = [
  'Golden',
  'Paper',
  'Electric',
  'Quiet',
  'Northern',
  'Velvet',
  'Neon',
  'Silver',
  'Broken',
  'Midnight',
  'Wild',
  'Glass',
  'Summer',
  'Hollow',
  'Crimson',
  'Distant',
  'Lucid',
  'Open',
];
const TITLE_WORDS_B = [
  'Hearts',
  'Skyline',
  'Rivers',
  'Signals',
  'Lights',
  'Waves',
  'Roads',
  'Echoes',
  'Gardens',
  'Letters',
  'Fires',
  'Tides',
  'Dreams',
  'Windows',
  'Streets',
  'Satellites',
  'Shadows',
  'Horizons',
];
const LONG_SUFFIXES = [
  '(Official Video)',
  '(Official Audio)',
  '(Lyric Video)',
  '(Live Session)',
  '(Acoustic)',
  '(Visualizer)',
  '(Behind the Scenes)',
  '(Remix)',
];

type BuildInput = {
  definition: PersonaDefinition;
  seed: number;
  anchorDay: number;
  releaseDays: readonly number[];
};

export function buildYouTubeChannel({
  definition,
  seed,
  anchorDay,
  releaseDays,
}: BuildInput): YouTubeChannel {
  const rng = createRng(seed);
  const config = definition.youtube;
  const startDay = anchorDay - config.historyDays;
  const idCore = rng.chars(BASE64URL_ALPHABET, 22);
  const channelId = `UC${idCore}`;

  const publishDays: { day: number; type: ContentType; isRelease: boolean }[] = [];
  // Each release gets an official video and a teaser Short on the day: the spikes in the series.
  for (const day of releaseDays) {
    publishDays.push({ day, type: 'VIDEO_ON_DEMAND', isRelease: true });
    publishDays.push({ day, type: 'SHORTS', isRelease: true });
  }
  for (let i = 0; i < config.liveStreamCount; i += 1) {
    publishDays.push({
      day: startDay + rng.int(0, config.historyDays - 3),
      type: 'LIVE_STREAM',
      isRelease: false,
    });
  }
  while (publishDays.length < config.videoCount) {
    const type: ContentType = rng.next() < config.shortsShare ? 'SHORTS' : 'VIDEO_ON_DEMAND';
    // Uploads become more frequent as the artist grows: bias days towards the present.
    const position = Math.sqrt(rng.next());
    publishDays.push({
      day: startDay + Math.floor(position * (config.historyDays - 2)),
      type,
      isRelease: false,
    });
  }
  publishDays.sort((a, b) => a.day - b.day);

  const usedIds = new Set<string>();
  const videos: Video[] = publishDays.map((entry, index) => {
    let id = rng.chars(BASE64URL_ALPHABET, 11);
    while (usedIds.has(id)) id = rng.chars(BASE64URL_ALPHABET, 11);
    usedIds.add(id);
    const typeIndex = CONTENT_TYPES.indexOf(entry.type);
    const growth = 0.35 + 0.65 * ((entry.day - startDay) / config.historyDays);
    const typeFactor = entry.type === 'SHORTS' ? 1.6 : entry.type === 'LIVE_STREAM' ? 0.4 : 1;
    const releaseFactor = entry.isRelease ? 5 : 1;
    const base = Math.exp(0.9 * rng.normal()) * growth * typeFactor * releaseFactor;
    const durationSeconds =
      entry.type === 'SHORTS'
        ? rng.int(12, 59)
        : entry.type === 'LIVE_STREAM'
          ? rng.int(2400, 7200)
          : rng.next() < 0.1
            ? rng.int(1800, 3600)
            : rng.int(150, 330);
    const wordA = rng.pick(TITLE_WORDS_A);
    const wordB = rng.pick(TITLE_WORDS_B);
    const title =
      entry.type === 'SHORTS'
        ? `${wordA} ${wordB} #shorts`
        : entry.type === 'LIVE_STREAM'
          ? `${definition.artistName} — Live stream: ${wordA} ${wordB}`
          : `${definition.artistName} - ${wordA} ${wordB} ${entry.isRelease ? '(Official Video)' : rng.pick(LONG_SUFFIXES)}`;
    const rates = new Float64Array(BASE_METRICS.length);
    const isShort = entry.type === 'SHORTS';
    const between = (min: number, max: number): number => min + (max - min) * rng.next();
    rates[BASE_METRIC_INDEX.views] = 1;
    rates[BASE_METRIC_INDEX.engagedViews] = isShort ? between(0.6, 0.8) : 1;
    const retention = isShort
      ? between(0.75, 1.15)
      : entry.type === 'LIVE_STREAM'
        ? between(0.08, 0.15)
        : between(0.32, 0.55);
    rates[BASE_METRIC_INDEX.estimatedMinutesWatched] = (durationSeconds * retention) / 60;
    rates[BASE_METRIC_INDEX.likes] = isShort ? between(0.035, 0.07) : between(0.025, 0.05);
    rates[BASE_METRIC_INDEX.dislikes] = between(0.0008, 0.002);
    rates[BASE_METRIC_INDEX.comments] = isShort ? between(0.0008, 0.002) : between(0.0015, 0.004);
    rates[BASE_METRIC_INDEX.shares] = between(0.002, 0.005);
    // Filled in after calibration, below.
    rates[BASE_METRIC_INDEX.subscribersGained] = isShort
      ? 0.35
      : entry.type === 'LIVE_STREAM'
        ? 0.6
        : 1;
    rates[BASE_METRIC_INDEX.subscribersLost] = between(0.08, 0.12);
    rates[BASE_METRIC_INDEX.estimatedRevenue] = !config.isMonetized
      ? 0
      : isShort
        ? between(0.004, 0.009)
        : entry.type === 'LIVE_STREAM'
          ? between(0.1, 0.2)
          : between(0.12, 0.35);
    const publishedAtMs = entry.day * DAY_MS + rng.int(8 * 3600, 21 * 3600) * 1000;
    return {
      index,
      id,
      title,
      description: `${title}\n\nStream ${definition.artistName} everywhere. Sandbox video generated for Crescendo tests.`,
      tags: [definition.artistName, wordA.toLowerCase(), wordB.toLowerCase(), 'music'],
      publishDay: entry.day,
      publishedAtMs,
      contentType: entry.type,
      typeIndex,
      durationSeconds,
      base,
      rates,
    };
  });

  const series = new ChannelSeries({
    seed,
    startDay,
    anchorDay,
    videos,
    releaseDays,
    targetLifetimeViews: config.targetLifetimeViews,
  });

  // Subscribers: weight each video's conversion, then scale so the lifetime net lands on target.
  let weightedViews = 0;
  let lostShare = 0;
  for (const video of videos) {
    const weight =
      (video.rates[BASE_METRIC_INDEX.subscribersGained] ?? 0) * (0.7 + 0.6 * rng.next());
    video.rates[BASE_METRIC_INDEX.subscribersGained] = weight;
    weightedViews += weight * series.expectedLifetimeViews(video);
    lostShare += video.rates[BASE_METRIC_INDEX.subscribersLost] ?? 0;
  }
  lostShare /= Math.max(1, videos.length);
  const conversion = config.targetSubscribers / (weightedViews * (1 - lostShare) || 1);
  for (const video of videos) {
    const gained = (video.rates[BASE_METRIC_INDEX.subscribersGained] ?? 0) * conversion;
    video.rates[BASE_METRIC_INDEX.subscribersGained] = gained;
    video.rates[BASE_METRIC_INDEX.subscribersLost] =
      gained * (video.rates[BASE_METRIC_INDEX.subscribersLost] ?? 0);
  }

  const countryWeights = COUNTRIES.map((country, i) => {
    if (country === definition.homeCountry) return 0.3;
    if (country === 'US') return 0.12;
    return 0.1 * Math.exp(-i / 6) * (0.3 + rng.next());
  });
  const shortsCountryWeights = countryWeights.map((w, i) =>
    COUNTRIES[i] === definition.homeCountry ? w * 0.6 : w,
  );
  const femaleShare = 0.42 + 0.18 * rng.next();
  const demographics = [AGE_WEIGHTS_LONG, AGE_WEIGHTS_SHORTS, AGE_WEIGHTS_LONG].map((ages) => {
    const cells = new Float64Array(AGE_GROUPS.length * GENDERS.length);
    const ageSum = ages.reduce((a, b) => a + b, 0);
    ages.forEach((age, a) => {
      const genderShares = [femaleShare * 0.99, (1 - femaleShare) * 0.99, 0.01];
      genderShares.forEach((g, gi) => {
        cells[a * GENDERS.length + gi] = (age / ageSum) * g;
      });
    });
    return cells;
  });

  const byTypes = (weights: Record<string, [number, number]>): CategoryShares => {
    const categories = Object.keys(weights);
    const long = toConditionalShares(categories.map((c) => weights[c]?.[0] ?? 0));
    const shorts = toConditionalShares(categories.map((c) => weights[c]?.[1] ?? 0));
    return { categories, byType: [long, shorts, long] };
  };
  const countryLong = toConditionalShares(countryWeights);

  return {
    id: channelId,
    title: definition.artistName,
    handle: `@${definition.handle}`,
    description: `Official YouTube channel of ${definition.artistName}. (Crescendo platform sandbox persona "${definition.id}".)`,
    publishedAtMs: startDay * DAY_MS + 10 * 3_600_000,
    country: definition.homeCountry,
    uploadsPlaylistId: `UU${idCore}`,
    isBelowPrivacyThreshold: config.isBelowPrivacyThreshold,
    videos,
    videosById: new Map(videos.map((v) => [v.id, v])),
    splits: {
      country: {
        categories: COUNTRIES,
        byType: [countryLong, toConditionalShares(shortsCountryWeights), countryLong],
      },
      deviceType: byTypes(DEVICE_WEIGHTS),
      insightTrafficSourceType: byTypes(TRAFFIC_WEIGHTS),
    },
    demographics,
    series,
  };
}

type SeriesInput = {
  seed: number;
  startDay: number;
  anchorDay: number;
  videos: readonly Video[];
  releaseDays: readonly number[];
  targetLifetimeViews: number;
};

const WEEKLY = [1.12, 0.95, 0.93, 0.95, 0.97, 1.0, 1.08]; // Sunday first

/**
 * Daily views per video, generated lazily and cached as cumulative counts. A day's views are a
 * pure function of (seed, video, day), so extending the horizon never changes earlier days.
 */
export class ChannelSeries {
  private horizonDay: number;
  private readonly cumulative = new Map<number, Float64Array>();
  private boost: Float64Array = new Float64Array(0);
  private readonly decay: Float64Array[];
  private readonly decayCumulative: Float64Array[];
  private readonly scale: number;
  private readonly seriesSeed: number;

  constructor(private readonly input: SeriesInput) {
    this.seriesSeed = input.seed ^ 0x5eed;
    this.horizonDay = input.anchorDay + 400;
    this.decay = [
      (a: number) => 0.7 * Math.exp(-a / 3) + 0.25 * Math.exp(-a / 40) + 0.05 / (1 + a / 200),
      (a: number) => 0.85 * Math.exp(-a / 1.5) + 0.12 * Math.exp(-a / 15) + 0.03 / (1 + a / 100),
      (a: number) => 0.9 * Math.exp(-a) + 0.08 * Math.exp(-a / 30) + 0.02 / (1 + a / 300),
    ].map((curve) => {
      const table = new Float64Array(input.anchorDay - input.startDay + 4000);
      for (let a = 0; a < table.length; a += 1) table[a] = curve(a);
      return table;
    });
    this.decayCumulative = this.decay.map((table) => {
      const sums = new Float64Array(table.length);
      let sum = 0;
      table.forEach((value, a) => {
        sum += value;
        sums[a] = sum;
      });
      return sums;
    });
    this.buildBoost();
    this.cachedMeanBoost = this.computeMeanBoost();
    let expected = 0;
    for (const video of input.videos) expected += this.unscaledLifetime(video);
    this.scale = input.targetLifetimeViews / (expected || 1);
  }

  get startDay(): number {
    return this.input.startDay;
  }

  /** Expected lifetime views at the anchor day (used only for calibration). */
  expectedLifetimeViews(video: Video): number {
    return this.unscaledLifetime(video) * this.scale;
  }

  /** Views of the video from publication through the given day (inclusive). */
  cumulativeViews(video: Video, day: number): number {
    if (day < video.publishDay) return 0;
    if (day > this.horizonDay) this.extendHorizon(day);
    const table = this.tableFor(video);
    return table[day - video.publishDay] ?? 0;
  }

  /** floor(rate × cumulative views): the cumulative value of one additive metric. */
  cumulativeMetric(video: Video, metricIndex: number, day: number): number {
    const views = this.cumulativeViews(video, day);
    return metricIndex === 0 ? views : Math.floor((video.rates[metricIndex] ?? 0) * views);
  }

  /** Direct access for hot loops; valid for days in [publishDay, horizon]. */
  tableFor(video: Video): Float64Array {
    let table = this.cumulative.get(video.index);
    if (!table) {
      table = this.generate(video);
      this.cumulative.set(video.index, table);
    }
    return table;
  }

  ensureHorizon(day: number): void {
    if (day > this.horizonDay) this.extendHorizon(day);
  }

  private extendHorizon(day: number): void {
    this.horizonDay = day + 400;
    this.cumulative.clear();
    this.buildBoost();
  }

  private unscaledLifetime(video: Video): number {
    const sums = this.decayCumulative[video.typeIndex] ?? this.decayCumulative[0]!;
    const age = Math.min(this.input.anchorDay - video.publishDay, sums.length - 1);
    return video.base * (age < 0 ? 0 : (sums[age] ?? 0)) * this.cachedMeanBoost;
  }

  private cachedMeanBoost = 1;

  private computeMeanBoost(): number {
    let sum = 0;
    const end = this.input.anchorDay - this.input.startDay;
    for (let i = 0; i <= end; i += 1) sum += this.boost[i] ?? 1;
    return sum / (end + 1);
  }

  private buildBoost(): void {
    const length = this.horizonDay - this.input.startDay + 1;
    const boost = new Float64Array(length);
    const releases = new Set(this.input.releaseDays);
    let carry = 0;
    const fade = Math.exp(-1 / 10);
    for (let i = 0; i < length; i += 1) {
      carry = carry * fade + (releases.has(this.input.startDay + i) ? 0.9 : 0);
      boost[i] = 1 + carry;
    }
    this.boost = boost;
  }

  private generate(video: Video): Float64Array {
    const length = Math.max(0, this.horizonDay - video.publishDay + 1);
    const table = new Float64Array(length);
    const decay = this.decay[video.typeIndex] ?? this.decay[0]!;
    const lastDecay = decay.length - 1;
    const base = video.base * this.scale;
    const boostOffset = video.publishDay - this.input.startDay;
    let cumulative = 0;
    for (let i = 0; i < length; i += 1) {
      const day = video.publishDay + i;
      const h = hash3(this.seriesSeed, video.index, day);
      const noise = 0.75 + 0.5 * ((h >>> 16) / 65536);
      const rounding = (h & 0xffff) / 65536;
      const expected =
        base *
        (decay[i < lastDecay ? i : lastDecay] ?? 0) *
        (WEEKLY[(((day + 4) % 7) + 7) % 7] ?? 1) *
        (this.boost[boostOffset + i] ?? 1);
      cumulative += Math.floor(expected * noise + rounding);
      table[i] = cumulative;
    }
    return table;
  }
}
