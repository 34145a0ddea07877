import { DAY_MS } from '../dates';
import { BASE64URL_ALPHABET, createRng, toConditionalShares } from '../random';
import { ChannelSeries } from './channel-series';
import type { PersonaBuildInput } from './definitions';
import {
  AGE_GROUPS,
  BASE_METRICS,
  BASE_METRIC_INDEX,
  CONTENT_TYPES,
  GENDERS,
  type CategoryShares,
  type ContentType,
  type Video,
  type YouTubeChannel,
} from './youtube-model';
import {
  AGE_WEIGHTS_LONG,
  AGE_WEIGHTS_SHORTS,
  COUNTRIES,
  DEVICE_WEIGHTS,
  LONG_SUFFIXES,
  TITLE_WORDS_A,
  TITLE_WORDS_B,
  TRAFFIC_WEIGHTS,
} from './youtube-vocabulary';

/** Generates a persona's YouTube channel: videos with their per-view rates, audience splits, series. */
export function buildYouTubeChannel({
  definition,
  seed,
  anchorDay,
  releaseDays,
}: PersonaBuildInput): YouTubeChannel {
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
      description: `${title}\n\nStream ${definition.artistName} everywhere.`,
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
    description: `Official YouTube channel of ${definition.artistName}.`,
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
