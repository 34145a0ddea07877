import { prefetchCurrentUser } from '../auth/current-user-prefetch';
import { embeddedAuthClient, fetchEmbeddedToken } from './embedded-client';
import { createTokenCache } from './jwt';

const tokenCache = createTokenCache(fetchEmbeddedToken);
let tokenOwnerId: string | null = null;

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
 * Start-up, before any app chunk has loaded: read the session, its API token and the backend user
 * now, so these requests go out ahead of the route chunks rather than queue behind them (a browser
 * opens six connections per host).
 */
export function prefetchEmbeddedIdentity(): void {
  void embeddedAuthClient.prefetch().then(async () => {
    const userId = embeddedAuthClient.getSession().data?.user.id;
    if (!userId) return;
    const token = await getEmbeddedToken(userId).catch(() => null);
    if (token) prefetchCurrentUser(userId, token);
  });
}
