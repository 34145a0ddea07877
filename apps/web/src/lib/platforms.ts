import type { AnalyticsPlatform, ConnectionProvider } from '@crescendo/contracts';

/*
 * The web's one home for platform display names. Once packages/contracts carries them (issue 27),
 * these re-export the contracts' instead.
 */

/** Each analytics platform's name as an artist reads it. */
export const platformNames: Record<AnalyticsPlatform, string> = {
  youtube: 'YouTube',
  instagram: 'Instagram',
  facebook: 'Facebook',
  tiktok: 'TikTok',
};

/** What a connection brings in, by provider (one Meta connection is Instagram and Facebook). */
export const providerNames: Record<ConnectionProvider, string> = {
  youtube: platformNames.youtube,
  meta: `${platformNames.instagram} & ${platformNames.facebook}`,
  tiktok: platformNames.tiktok,
};

/** The company whose sign-in page the artist sees (and where access is revoked). */
export const providerCompanies: Record<ConnectionProvider, string> = {
  youtube: 'Google',
  meta: 'Meta',
  tiktok: 'TikTok',
};
