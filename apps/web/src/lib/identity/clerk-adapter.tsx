import { ClerkProvider, SignIn, SignUp, useAuth, useClerk, useUser } from '@clerk/clerk-react';
import { useMemo, type ReactNode } from 'react';
import { paths } from '@/config/paths';
import type {
  IdentityAdapter,
  IdentityMetadata,
  IdentitySnapshot,
  SignInProps,
  SignUpProps,
} from './types';

function useClerkIdentity(): IdentitySnapshot {
  const { isLoaded, isSignedIn, getToken, signOut } = useAuth();
  const { user } = useUser();
  const clerk = useClerk();
  return useMemo<IdentitySnapshot>(
    () => ({
      isLoaded,
      isSignedIn: Boolean(isSignedIn),
      user: user
        ? {
            id: user.id,
            email: user.primaryEmailAddress?.emailAddress ?? '',
            name: user.fullName ?? user.username ?? '',
          }
        : null,
      publicMetadata: (user?.publicMetadata ?? {}) as IdentityMetadata,
      getToken: () => getToken(),
      signOut: () => signOut(),
      // Clerk Organizations: the next session token carries the organisation's claims.
      setActiveOrganization: (identityOrganizationId: string) =>
        clerk.setActive({ organization: identityOrganizationId }),
    }),
    [isLoaded, isSignedIn, user, getToken, signOut, clerk],
  );
}

function ClerkSignIn({ redirectTo, signUpHref }: SignInProps) {
  return (
    <SignIn routing="hash" signUpUrl={signUpHref ?? paths.register} forceRedirectUrl={redirectTo} />
  );
}

function ClerkSignUp({ afterSignUpPath, signInHref }: SignUpProps) {
  return (
    <SignUp
      routing="hash"
      signInUrl={signInHref ?? paths.login}
      forceRedirectUrl={afterSignUpPath}
    />
  );
}

export function createClerkAdapter(publishableKey: string): IdentityAdapter {
  function Provider({ children }: { children: ReactNode }) {
    return (
      <ClerkProvider publishableKey={publishableKey} afterSignOutUrl={paths.home}>
        {children}
      </ClerkProvider>
    );
  }
  return {
    kind: 'clerk',
    Provider,
    useIdentity: useClerkIdentity,
    SignIn: ClerkSignIn,
    SignUp: ClerkSignUp,
  };
}
