import { Fragment, useMemo, useSyncExternalStore } from 'react';
import { embeddedAuthClient } from './embedded-client';
import { EmbeddedSignIn, EmbeddedSignUp } from './embedded-forms';
import { clearEmbeddedToken, getEmbeddedToken } from './embedded-session';
import type { IdentityAdapter, IdentitySnapshot } from './types';

function useEmbeddedIdentity(): IdentitySnapshot {
  const { subscribe, getSession } = embeddedAuthClient;
  const session = useSyncExternalStore(subscribe, getSession, getSession);
  const sessionUser = session.data?.user;
  const userId = sessionUser?.id ?? null;
  const email = sessionUser?.email ?? '';
  const name = sessionUser?.name ?? '';
  const isEmailVerified = sessionUser?.emailVerified ?? false;
  return useMemo<IdentitySnapshot>(
    () => ({
      isLoaded: !session.isPending,
      isSignedIn: Boolean(userId),
      user: userId ? { id: userId, email, name, isEmailVerified } : null,
      // The embedded provider keeps roles on the backend; it has no public metadata.
      publicMetadata: {},
      getToken: () => (userId ? getEmbeddedToken(userId) : Promise.resolve(null)),
      signOut: async () => {
        clearEmbeddedToken();
        await embeddedAuthClient.signOut();
      },
      setActiveOrganization: async (identityOrganizationId: string) => {
        const result = await embeddedAuthClient.setActiveOrganization(identityOrganizationId);
        if (result.error) throw new Error(result.error.message);
        clearEmbeddedToken();
      },
    }),
    [session.isPending, userId, email, name, isEmailVerified],
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
