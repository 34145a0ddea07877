import {
  analyticsPlatformNames,
  connectionProviderCompanies,
  connectionProviderPlatforms,
  type ConnectionProvider,
} from '@crescendo/contracts/platforms';

/*
 * The platforms' display names are the contracts' (one list, issue 27), imported through the
 * zod-free subpath so the pages that load no zod (sign-in, the share page) can use them.
 */

/** Each analytics platform's name as an artist reads it. */
export const platformNames = analyticsPlatformNames;

/** What a connection brings in, by provider (one Meta connection is Instagram and Facebook). */
export const providerNames = Object.fromEntries(
  Object.entries(connectionProviderPlatforms).map(([provider, platforms]) => [
    provider,
    platforms.map((platform) => platformNames[platform]).join(' & '),
  ]),
) as Record<ConnectionProvider, string>;

/** The company whose sign-in page the artist sees (and where access is revoked). */
export const providerCompanies = connectionProviderCompanies;
