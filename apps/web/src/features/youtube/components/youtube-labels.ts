import type { ContentItem } from '@crescendo/contracts';

export const kindLabels: Record<ContentItem['kind'], string> = {
  video: 'Video',
  short: 'Short',
  live: 'Live',
  reel: 'Reel',
  post: 'Post',
  story: 'Story',
};

const deviceLabels: Record<string, string> = {
  MOBILE: 'Phone',
  DESKTOP: 'Computer',
  TV: 'TV',
  TABLET: 'Tablet',
  GAME_CONSOLE: 'Game console',
  UNKNOWN_PLATFORM: 'Other',
};

const trafficLabels: Record<string, string> = {
  RELATED_VIDEO: 'Suggested videos',
  YT_SEARCH: 'YouTube search',
  SHORTS: 'Shorts feed',
  SUBSCRIBER: 'Subscriptions & home',
  YT_CHANNEL: 'Channel pages',
  PLAYLIST: 'Playlists',
  EXT_URL: 'External links',
  NO_LINK_OTHER: 'Direct or unknown',
  NOTIFICATION: 'Notifications',
  YT_OTHER_PAGE: 'Other YouTube pages',
  END_SCREEN: 'End screens',
  ADVERTISING: 'Ads',
  HASHTAGS: 'Hashtag pages',
  SOUND_PAGE: 'Sound pages',
  BROWSE: 'Browse features',
};

const genderLabels: Record<string, string> = {
  female: 'Women',
  male: 'Men',
  user_specified: 'Self-described',
};

const regionNames =
  typeof Intl.DisplayNames === 'function'
    ? new Intl.DisplayNames(undefined, { type: 'region' })
    : null;

const titleCase = (value: string) =>
  value
    .toLowerCase()
    .split(/[_\s]+/)
    .filter(Boolean)
    .map((word) => word[0]!.toUpperCase() + word.slice(1))
    .join(' ');

export function labelAudienceValue(dimension: string, value: string): string {
  switch (dimension) {
    case 'country':
      try {
        return regionNames?.of(value) ?? value;
      } catch {
        return value;
      }
    case 'device':
      return deviceLabels[value] ?? titleCase(value);
    case 'traffic_source':
      return trafficLabels[value] ?? titleCase(value);
    case 'age':
      return value.replace(/^age/, '').replace('-', '–');
    case 'gender':
      return genderLabels[value] ?? titleCase(value);
    default:
      return value;
  }
}
