import type { ContentItem } from '@crescendo/contracts';

export const kindLabels: Record<ContentItem['kind'], string> = {
  video: 'Video',
  short: 'Short',
  live: 'Live',
  reel: 'Reel',
  post: 'Post',
  story: 'Story',
};

/** Series colours per platform, light and dark. */
export const platformColors = {
  instagram: { light: '#db2777', dark: '#f472b6' },
  facebook: { light: '#2563eb', dark: '#60a5fa' },
} as const;

const genderLabels: Record<string, string> = { F: 'Women', M: 'Men', U: 'Not specified' };

const regionNames =
  typeof Intl.DisplayNames === 'function'
    ? new Intl.DisplayNames(undefined, { type: 'region' })
    : null;

export function labelAudienceValue(dimension: string, value: string): string {
  if (dimension === 'gender') return genderLabels[value] ?? value;
  if (dimension === 'age') return value.replace('-', '–');
  if (dimension === 'country') {
    try {
      return regionNames?.of(value) ?? value;
    } catch {
      return value;
    }
  }
  return value;
}
