import {
  analyticsPlatformNames,
  type AnalyticsPlatform,
  type PlatformScope,
} from '@crescendo/contracts';

export type Platform = AnalyticsPlatform;

export const allPlatforms: Platform[] = ['youtube', 'instagram', 'facebook', 'tiktok'];

export const platformNames: Record<Platform, string> = analyticsPlatformNames;

/**
 * Platforms that report lifetime counts only (TikTok): their daily figures are the product's own
 * snapshot differences, labelled "tracked since" the first snapshot day.
 */
export const snapshotPlatforms: readonly Platform[] = ['tiktok'];

/**
 * Which platforms a read covers: the dashboard's scope (`all` or one), narrowed to a chosen set
 * when one is given (a share link's). The dashboard itself never passes a set.
 */
export type PlatformChoice = {
  platform: PlatformScope;
  platforms?: readonly Platform[] | undefined;
};

/** The platforms of a choice, in the dashboard's order. */
export function platformsOf(choice: PlatformChoice): Platform[] {
  const { platforms } = choice;
  if (platforms) return allPlatforms.filter((platform) => platforms.includes(platform));
  return choice.platform === 'all' ? allPlatforms : [choice.platform];
}
