import { Fragment, useSyncExternalStore } from 'react';
import type {
  IdentityAdapter,
  IdentitySnapshot,
  SignInProps,
  SignUpProps,
} from '@/lib/identity/types';

export type FakeIdentity = {
  adapter: IdentityAdapter;
  set: (patch: Partial<IdentitySnapshot>) => void;
  snapshot: () => IdentitySnapshot;
  signOut: ReturnType<typeof createSignOutSpy>;
};

function createSignOutSpy(onSignOut: () => void) {
  const calls: number[] = [];
  const fn = async () => {
    calls.push(Date.now());
    onSignOut();
  };
  return Object.assign(fn, { calls });
}

/** A controllable identity provider for tests: flip isLoaded/isSignedIn and watch the app react. */
export function createFakeIdentity(initial: Partial<IdentitySnapshot> = {}): FakeIdentity {
  const listeners = new Set<() => void>();
  const signOut = createSignOutSpy(() => set({ isSignedIn: false, user: null }));
  let snapshot: IdentitySnapshot = {
    isLoaded: true,
    isSignedIn: false,
    user: null,
    publicMetadata: {},
    getToken: async () => (snapshot.isSignedIn ? 'test-token' : null),
    signOut,
    setActiveOrganization: async () => {},
    ...initial,
  };
  function set(patch: Partial<IdentitySnapshot>) {
    snapshot = { ...snapshot, ...patch };
    listeners.forEach((listener) => listener());
  }
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  };
  function useIdentity(): IdentitySnapshot {
    return useSyncExternalStore(subscribe, () => snapshot);
  }
  const adapter: IdentityAdapter = {
    kind: 'embedded',
    Provider: Fragment,
    useIdentity,
    SignIn: ({ redirectTo }: SignInProps) => <div data-testid="provider-sign-in">{redirectTo}</div>,
    SignUp: ({ afterSignUpPath }: SignUpProps) => (
      <div data-testid="provider-sign-up">{afterSignUpPath}</div>
    ),
  };
  return { adapter, set, snapshot: () => snapshot, signOut };
}

export const signedInAs = (
  id = 'identity-1',
  email = 'artist@example.com',
  name = 'Nova Lane',
) => ({
  isLoaded: true,
  isSignedIn: true,
  user: { id, email, name },
});
