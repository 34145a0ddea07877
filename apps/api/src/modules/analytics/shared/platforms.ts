import type { AnalyticsPlatform, DashboardQuery } from '@crescendo/contracts';

export type Platform = AnalyticsPlatform;

export const allPlatforms: Platform[] = ['youtube', 'instagram', 'facebook'];

export const platformNames: Record<Platform, string> = {
  youtube: 'YouTube',
  instagram: 'Instagram',
  facebook: 'Facebook',
};

export const platformsOf = (query: Pick<DashboardQuery, 'platform'>): Platform[] =>
  query.platform === 'all' ? allPlatforms : [query.platform];
