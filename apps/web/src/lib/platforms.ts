import type { AnalyticsPlatform } from '@crescendo/contracts';

/** Each analytics platform's name as an artist reads it. */
export const platformNames: Record<AnalyticsPlatform, string> = {
  youtube: 'YouTube',
  instagram: 'Instagram',
  facebook: 'Facebook',
  tiktok: 'TikTok',
};
