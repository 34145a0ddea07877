import { embeddedAuthClient, fetchEmbeddedToken } from './embedded-client';
import { createTokenCache, readJwtExpiry } from './jwt';

let tokenOwnerId: string | null = null;

/** The session read's own token when it is this user's and fresh, else a token request. */
async function fetchToken(): Promise<string | null> {
  const fromSession = embeddedAuthClient.takeSessionToken();
  const expiresAt = fromSession ? readJwtExpiry(fromSession.token) : null;
  if (fromSession?.userId === tokenOwnerId && expiresAt && expiresAt - 60_000 > Date.now()) {
    return fromSession.token;
  }
  return fetchEmbeddedToken();
}

const tokenCache = createTokenCache(fetchToken);

/** The embedded provider's API token for this user; a user switch never reuses another's. */
export function getEmbeddedToken(userId: string): Promise<string | null> {
  if (tokenOwnerId !== userId) {
    tokenCache.clear();
    tokenOwnerId = userId;
  }
  return tokenCache.get();
}

export function clearEmbeddedToken(): void {
  tokenCache.clear();
}

/**
 * Start-up, before the app has rendered: read the session (its answer brings the API token), so
 * the requests that need the token can start at once rather than after the app's chunks.
 */
export function prefetchEmbeddedIdentity(onToken: (token: string) => void): void {
  void embeddedAuthClient.prefetch().then(async () => {
    const userId = embeddedAuthClient.getSession().data?.user.id;
    if (!userId) return;
    const token = await getEmbeddedToken(userId).catch(() => null);
    if (token) onToken(token);
  });
}
