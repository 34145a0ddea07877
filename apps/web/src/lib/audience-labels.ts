/** Audience breakdown keys (countries, ages, genders, devices, traffic sources) in the artist's words, the same on every page. */
import { formatRegion } from './format';

export type AudienceDimension = 'country' | 'city' | 'age' | 'gender' | 'device' | 'traffic_source';

/** "IT" → "Italy"; anything that is not a two-letter code is shown as it came. */
export function formatCountry(code: string): string {
  return /^[A-Za-z]{2}$/.test(code) ? formatRegion(code.toUpperCase()) : code;
}

const deviceNames: Record<string, string> = {
  MOBILE: 'Mobile',
  DESKTOP: 'Computer',
  TV: 'TV',
  TABLET: 'Tablet',
  GAME_CONSOLE: 'Game console',
  UNKNOWN_PLATFORM: 'Unknown device',
};

/** YouTube reports `male`/`female`/`user_specified`; Meta reports `M`/`F`/`U`. */
const genderNames: Record<string, string> = {
  male: 'Male',
  female: 'Female',
  user_specified: 'Self-described',
  m: 'Male',
  f: 'Female',
  u: 'Not specified',
};

/** YouTube Analytics `insightTrafficSourceType` values. */
const trafficSourceNames: Record<string, string> = {
  ADVERTISING: 'Ads',
  ANNOTATION: 'Annotations',
  BROWSE: 'Browse features',
  CAMPAIGN_CARD: 'Campaign cards',
  END_SCREEN: 'End screens',
  EXT_URL: 'External sites and apps',
  HASHTAGS: 'Hashtag pages',
  LIVE_REDIRECT: 'Live redirects',
  NO_LINK_EMBEDDED: 'Embedded players',
  NO_LINK_OTHER: 'Direct or unknown',
  NOTIFICATION: 'Notifications',
  PLAYLIST: 'Playlists',
  PRODUCT_PAGE: 'Product pages',
  PROMOTED: 'Promoted',
  RELATED_VIDEO: 'Suggested videos',
  SHORTS: 'Shorts feed',
  SHORTS_CONTENT_LINKS: 'Shorts links',
  SOUND_PAGE: 'Sound pages',
  SUBSCRIBER: 'Browse features',
  VIDEO_REMIXES: 'Remixes',
  YT_CHANNEL: 'Channel pages',
  YT_OTHER_PAGE: 'Other YouTube pages',
  YT_PLAYLIST_PAGE: 'Playlist pages',
  YT_SEARCH: 'YouTube search',
};

/** "SOME_VALUE" / "some_value" → "Some value". */
function humanize(key: string): string {
  const words = key.replace(/[_-]+/g, ' ').trim().toLowerCase();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : key;
}

export function formatTrafficSource(key: string): string {
  return trafficSourceNames[key] ?? humanize(key);
}

/** "age25-34" → "25–34", "age65-" → "65+", "13-17" → "13–17". */
function formatAgeGroup(key: string): string {
  const range = key.replace(/^age/i, '');
  if (/^\d+-$/.test(range) || /^\d+\+$/.test(range)) return `${range.replace(/[-+]$/, '')}+`;
  return range.replace('-', '–');
}

/** A breakdown key in the artist's words: country names, age groups, devices, sources. */
export function formatAudienceKey(dimension: string, key: string): string {
  switch (dimension) {
    case 'country':
      return formatCountry(key);
    case 'age':
      return formatAgeGroup(key);
    case 'gender':
      return genderNames[key.toLowerCase()] ?? humanize(key);
    case 'device':
      return deviceNames[key.toUpperCase()] ?? humanize(key);
    case 'traffic_source':
      return formatTrafficSource(key);
    default:
      return key;
  }
}

/** The first age of an age group, from its key or label ("age25-34", "25–34", "65+"): 25, 65. */
export function ageGroupStart(keyOrLabel: string): number {
  const match = /\d+/.exec(keyOrLabel);
  return match ? Number(match[0]) : Number.POSITIVE_INFINITY;
}

/** Age groups read youngest first, whatever their shares. */
export function inAgeOrder<Item>(items: readonly Item[], keyOf: (item: Item) => string): Item[] {
  return [...items].sort((a, b) => ageGroupStart(keyOf(a)) - ageGroupStart(keyOf(b)));
}
