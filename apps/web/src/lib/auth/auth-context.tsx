import type { MeResponse, Organization } from '@crescendo/contracts';
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { useLocation, useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { getErrorStatus } from '../api-error';
import { setTokenProvider, setUnauthorizedHandler } from '../api-session';
import { useIdentityAdapter } from '../identity/adapter-context';
import type { IdentityUser } from '../identity/types';
import { clearServerData, invalidateServerData } from '../server-data';
import { removeStoredToken, removeStoredUser, storeToken, storeUser } from '../token-store';
import { loadCurrentUserModule, readLoadedCurrentUserModule } from './current-user-module';
import type { CurrentUserState } from './current-user-query';
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
  /** Switches the identity provider's active organisation (see lib/organizations). */
  setActiveOrganization: (identityOrganizationId: string) => Promise<void>;
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

/** The module of the backend user's query: null until loaded, its load error if that failed. */
function useCurrentUserModule(shouldLoad: boolean) {
  const [module, setModule] = useState(readLoadedCurrentUserModule);
  const [loadError, setLoadError] = useState<unknown>(null);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (!shouldLoad || module) return;
    let isActive = true;
    loadCurrentUserModule().then(
      (loaded) => {
        if (!isActive) return;
        setLoadError(null);
        setModule(loaded);
      },
      (error: unknown) => {
        if (isActive) setLoadError(error);
      },
    );
    return () => {
      isActive = false;
    };
  }, [shouldLoad, module, attempt]);
  const retry = useCallback(() => setAttempt((count) => count + 1), []);
  return { module, loadError: module ? null : loadError, retry };
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const adapter = useIdentityAdapter();
  const identity = adapter.useIdentity();
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

  // While signing out, requests still in flight answer 401 (the session was just revoked): they
  // must not send the person to /login instead of home.
  const isSigningOut = useRef(false);
  useLayoutEffect(() => {
    setUnauthorizedHandler(() => {
      const current = locationRef.current;
      if (isSigningOut.current || current.pathname === paths.login) return;
      void navigate(paths.login, { replace: true, state: { from: current } });
    });
  }, [navigate]);

  const clearLocalState = useCallback(() => {
    removeStoredToken();
    removeStoredUser();
    clearServerData();
  }, []);

  const identityUserId = identity.user?.id ?? null;
  const shouldLoadUser = identity.isLoaded && identity.isSignedIn && identityUserId !== null;
  const currentUser = useCurrentUserModule(shouldLoadUser);
  const [reportedUser, setReportedUser] = useState<CurrentUserState | null>(null);
  // Only what was reported for the identity signed in now counts.
  const userState = reportedUser?.identityUserId === identityUserId ? reportedUser : null;
  const userQueryError = userState?.error ?? null;

  // Spec §7: fetching the backend user — 401 clears the user and goes to /login; 500 to /error.
  useEffect(() => {
    if (!userQueryError) return;
    const status = getErrorStatus(userQueryError);
    if (status === 401) {
      clearLocalState();
      void signOutAtProvider().catch(() => undefined);
      if (locationRef.current.pathname !== paths.login)
        void navigate(paths.login, { replace: true });
    } else if (status !== undefined && status >= 500) {
      void navigate(paths.error, { replace: true });
    }
  }, [userQueryError, clearLocalState, signOutAtProvider, navigate]);

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

  const backendUser = identity.isSignedIn ? (userState?.data ?? null) : null;
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
    isSigningOut.current = true;
    try {
      const { logoutFromApi } = await import('./auth-api');
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
      isSigningOut.current = false;
    }
  }, [navigate, signOutAtProvider, clearLocalState]);

  const { loadError: userModuleError, retry: retryUserModule } = currentUser;
  const refreshUser = useCallback(async () => {
    if (userModuleError) retryUserModule();
    else await invalidateServerData(['auth', 'me']);
  }, [userModuleError, retryUserModule]);
  const userError = userModuleError ?? userQueryError;

  const value = useMemo<AuthContextValue>(
    () => ({
      ...createAccessChecks(roles, permissions),
      isLoaded: identity.isLoaded,
      isSignedIn: identity.isSignedIn,
      isUserLoading: identity.isSignedIn && !userError && (userState?.isPending ?? true),
      userError: identity.isSignedIn ? userError : null,
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
      setActiveOrganization: identity.setActiveOrganization,
    }),
    [
      identity.setActiveOrganization,
      roles,
      permissions,
      identity.isLoaded,
      identity.isSignedIn,
      identity.user,
      userState?.isPending,
      userError,
      user,
      backendUser,
      tier,
      getToken,
      logout,
      refreshUser,
    ],
  );

  const { module: loadedUserModule } = currentUser;
  return (
    <AuthContext value={value}>
      {children}
      {shouldLoadUser && loadedUserModule ? (
        <loadedUserModule.CurrentUserQuery
          identityUserId={identityUserId}
          onChange={setReportedUser}
        />
      ) : null}
    </AuthContext>
  );
}

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside AuthProvider');
  return value;
}
