import { Fragment, useMemo } from 'react';
import { prefetchCurrentUser } from '../auth/current-user-prefetch';
import { embeddedAuthClient, fetchEmbeddedToken } from './embedded-client';
import { EmbeddedSignIn, EmbeddedSignUp } from './embedded-forms';
import { createTokenCache } from './jwt';
import type { IdentityAdapter, IdentitySnapshot } from './types';

const tokenCache = createTokenCache(fetchEmbeddedToken);
let tokenOwnerId: string | null = null;

// This module loads only when the embedded provider is chosen, at start-up: read the session, its
// API token and the backend user now, beside the route chunks, rather than once the app renders.
if (import.meta.env.MODE !== 'test') {
  void embeddedAuthClient.prefetch().then(async () => {
    const userId = embeddedAuthClient.getSession().data?.user.id;
    if (!userId) return;
    const token = await getTokenFor(userId).catch(() => null);
    if (token) prefetchCurrentUser(userId, token);
  });
}

/** A user switch in another tab must not reuse the previous user's cached token. */
function getTokenFor(userId: string): Promise<string | null> {
  if (tokenOwnerId !== userId) {
    tokenCache.clear();
    tokenOwnerId = userId;
  }
  return tokenCache.get();
}

function useEmbeddedIdentity(): IdentitySnapshot {
  const session = embeddedAuthClient.useSession();
  const sessionUser = session.data?.user;
  const userId = sessionUser?.id ?? null;
  const email = sessionUser?.email ?? '';
  const name = sessionUser?.name ?? '';
  return useMemo<IdentitySnapshot>(
    () => ({
      isLoaded: !session.isPending,
      isSignedIn: Boolean(userId),
      user: userId ? { id: userId, email, name } : null,
      // The embedded provider keeps roles on the backend; it has no public metadata.
      publicMetadata: {},
      getToken: () => (userId ? getTokenFor(userId) : Promise.resolve(null)),
      signOut: async () => {
        tokenCache.clear();
        await embeddedAuthClient.signOut();
      },
    }),
    [session.isPending, userId, email, name],
  );
}

export function createEmbeddedAdapter(): IdentityAdapter {
  return {
    kind: 'embedded',
    Provider: Fragment,
    useIdentity: useEmbeddedIdentity,
    SignIn: EmbeddedSignIn,
    SignUp: EmbeddedSignUp,
  };
}
