import type { MeResponse, Organization } from '@crescendo/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  type ReactNode,
} from 'react';
import { useLocation, useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { setTokenProvider, setUnauthorizedHandler } from '../api-client';
import { getErrorStatus } from '../api-error';
import { useIdentityAdapter } from '../identity/adapter-context';
import type { IdentityUser } from '../identity/types';
import { removeStoredToken, removeStoredUser, storeToken, storeUser } from '../token-store';
import { currentUserQueryKey, fetchCurrentUser, logoutFromApi } from './auth-api';
import { takePrefetchedCurrentUser } from './current-user-prefetch';
import { LOGIN_NOT_SUPPORTED_MESSAGE, REGISTER_NOT_SUPPORTED_MESSAGE } from './auth-errors';
import {
  createAccessChecks,
  resolvePermissions,
  resolveRoles,
  resolveTier,
  type AccessChecks,
} from './roles';

/** Spec §3 local user view. */
export type LocalUser = {
  id: string;
  email: string;
  name: string;
  role: string;
  organization: Organization;
};

export type AuthContextValue = AccessChecks & {
  isLoaded: boolean;
  isSignedIn: boolean;
  isUserLoading: boolean;
  /** Why the backend user could not be loaded (other than 401/5xx, which redirect). */
  userError: unknown;
  identityUser: IdentityUser | null;
  user: LocalUser | null;
  backendUser: MeResponse | null;
  roles: string[];
  permissions: string[];
  tier: string | null;
  getToken: () => Promise<string | null>;
  login: () => never;
  register: () => never;
  logout: () => Promise<void>;
  refreshUser: () => Promise<void>;
};

export const AuthContext = createContext<AuthContextValue | null>(null);

export function toLocalUser(me: MeResponse, roles: readonly string[]): LocalUser {
  return {
    id: me.user.id,
    email: me.user.email,
    name: me.user.name,
    role: roles[0] ?? me.role,
    organization: me.organization,
  };
}

/** Sign-in and sign-up belong to the identity provider's own components (spec §1). */
export function throwLoginNotSupported(): never {
  throw new Error(LOGIN_NOT_SUPPORTED_MESSAGE);
}
export function throwRegisterNotSupported(): never {
  throw new Error(REGISTER_NOT_SUPPORTED_MESSAGE);
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const adapter = useIdentityAdapter();
  const identity = adapter.useIdentity();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const locationRef = useRef(location);
  locationRef.current = location;

  const { getToken, signOut: signOutAtProvider } = identity;

  useLayoutEffect(() => {
    setTokenProvider(async () => {
      const token = await getToken();
      if (token) storeToken(token);
      return token;
    });
  }, [getToken]);

  useLayoutEffect(() => {
    setUnauthorizedHandler(() => {
      const current = locationRef.current;
      if (current.pathname === paths.login) return;
      void navigate(paths.login, { replace: true, state: { from: current } });
    });
  }, [navigate]);

  const clearLocalState = useCallback(() => {
    removeStoredToken();
    removeStoredUser();
    queryClient.clear();
  }, [queryClient]);

  const identityUserId = identity.user?.id ?? null;
  const meQuery = useQuery({
    queryKey: currentUserQueryKey(identityUserId),
    queryFn: async () =>
      (await takePrefetchedCurrentUser(identityUserId)) ?? (await fetchCurrentUser()),
    enabled: identity.isLoaded && identity.isSignedIn,
    staleTime: Number.POSITIVE_INFINITY,
    retry: (failureCount, error) => {
      const status = getErrorStatus(error);
      if (status === 401 || (status !== undefined && status >= 500)) return false;
      return failureCount < 3;
    },
  });

  // Spec §7: fetching the backend user — 401 clears the user and goes to /login; 500 to /error.
  useEffect(() => {
    if (!meQuery.error) return;
    const status = getErrorStatus(meQuery.error);
    if (status === 401) {
      clearLocalState();
      void signOutAtProvider().catch(() => undefined);
      if (locationRef.current.pathname !== paths.login)
        void navigate(paths.login, { replace: true });
    } else if (status !== undefined && status >= 500) {
      void navigate(paths.error, { replace: true });
    }
  }, [meQuery.error, clearLocalState, signOutAtProvider, navigate]);

  // A sign-out at the provider (another tab, expired session) also clears local state.
  const wasSignedIn = useRef(false);
  useEffect(() => {
    if (!identity.isLoaded) return;
    if (identity.isSignedIn) {
      wasSignedIn.current = true;
      return;
    }
    if (wasSignedIn.current) {
      wasSignedIn.current = false;
      clearLocalState();
    } else {
      removeStoredToken();
      removeStoredUser();
    }
  }, [identity.isLoaded, identity.isSignedIn, clearLocalState]);

  const backendUser = identity.isSignedIn ? (meQuery.data ?? null) : null;
  const metadata = identity.publicMetadata;
  const roles = useMemo(() => resolveRoles(metadata, backendUser), [metadata, backendUser]);
  const permissions = useMemo(
    () => resolvePermissions(metadata, backendUser),
    [metadata, backendUser],
  );
  const tier = resolveTier(metadata, backendUser);
  const user = useMemo(
    () => (backendUser ? toLocalUser(backendUser, roles) : null),
    [backendUser, roles],
  );

  useEffect(() => {
    if (user) storeUser(user);
  }, [user]);

  const logout = useCallback(async () => {
    try {
      await logoutFromApi();
    } catch {
      // The identity provider's sign-out below is what matters; the API call is best effort.
    }
    removeStoredToken();
    removeStoredUser();
    await navigate(paths.home, { replace: true });
    try {
      await signOutAtProvider();
    } finally {
      wasSignedIn.current = false;
      clearLocalState();
    }
  }, [navigate, signOutAtProvider, clearLocalState]);

  const refreshUser = useCallback(async () => {
    await queryClient.invalidateQueries({ queryKey: ['auth', 'me'] });
  }, [queryClient]);

  const value = useMemo<AuthContextValue>(
    () => ({
      ...createAccessChecks(roles, permissions),
      isLoaded: identity.isLoaded,
      isSignedIn: identity.isSignedIn,
      isUserLoading: identity.isSignedIn && meQuery.isPending,
      userError: identity.isSignedIn ? meQuery.error : null,
      identityUser: identity.user,
      user,
      backendUser,
      roles,
      permissions,
      tier,
      getToken,
      login: throwLoginNotSupported,
      register: throwRegisterNotSupported,
      logout,
      refreshUser,
    }),
    [
      roles,
      permissions,
      identity.isLoaded,
      identity.isSignedIn,
      identity.user,
      meQuery.isPending,
      meQuery.error,
      user,
      backendUser,
      tier,
      getToken,
      logout,
      refreshUser,
    ],
  );

  return <AuthContext value={value}>{children}</AuthContext>;
}

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside AuthProvider');
  return value;
}
