/*
 * The platforms and their names as an artist reads them: the one list (issue 27). No zod here, so
 * web code that loads no zod (the sign-in and share pages, decisions 0006 and 0020) can import it
 * through `@crescendo/contracts/platforms`; the schemas build their enums from these lists.
 */

/** The platforms analytics are read from (a YouTube channel, an Instagram account, a page, a TikTok account). */
export const analyticsPlatforms = ['youtube', 'instagram', 'facebook', 'tiktok'] as const;
export type AnalyticsPlatform = (typeof analyticsPlatforms)[number];

/** Each analytics platform's name as an artist reads it. */
export const analyticsPlatformNames: Record<AnalyticsPlatform, string> = {
  youtube: 'YouTube',
  instagram: 'Instagram',
  facebook: 'Facebook',
  tiktok: 'TikTok',
};

/**
 * Providers a connection belongs to: one Google grant (YouTube), one Meta grant (IG + FB) or one
 * TikTok grant.
 */
export const connectionProviders = ['youtube', 'meta', 'tiktok'] as const;
export type ConnectionProvider = (typeof connectionProviders)[number];

/** Each connection provider's name as an artist reads it (one OAuth grant: Meta brings two platforms). */
export const connectionProviderNames: Record<ConnectionProvider, string> = {
  youtube: analyticsPlatformNames.youtube,
  meta: 'Meta',
  tiktok: analyticsPlatformNames.tiktok,
};

/** The platforms each provider's connection brings in. */
export const connectionProviderPlatforms: Record<ConnectionProvider, readonly AnalyticsPlatform[]> =
  { youtube: ['youtube'], meta: ['instagram', 'facebook'], tiktok: ['tiktok'] };

/** The company whose sign-in page the artist sees (and where access is revoked). */
export const connectionProviderCompanies: Record<ConnectionProvider, string> = {
  youtube: 'Google',
  meta: 'Meta',
  tiktok: 'TikTok',
};
