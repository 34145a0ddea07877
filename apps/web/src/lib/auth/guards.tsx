import type { Role } from '@crescendo/contracts';
import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation, type Location } from 'react-router';
import { AsyncErrorView } from '@/components/errors/async-error';
import { Spinner } from '@/components/ui/spinner';
import { getHomePathForRoles, paths } from '@/config/paths';
import { useAuth } from './auth-context';
import { isRoleAllowed } from './roles';

export function GuardSpinner() {
  return (
    <div className="flex flex-1 items-center justify-center py-24" data-testid="guard-spinner">
      <Spinner label="Checking your access" />
    </div>
  );
}

/** The backend user failed to load for a reason that does not redirect (e.g. the network). */
function UserLoadError() {
  const { userError, refreshUser } = useAuth();
  return (
    <div className="mx-auto w-full max-w-xl px-4 py-16">
      <AsyncErrorView error={userError} onRetry={() => void refreshUser()} />
    </div>
  );
}

/** The location a guard remembered when it sent the user to /login. */
export function readRememberedOrigin(state: unknown, search = ''): string | null {
  const from = (state as { from?: Partial<Location> | string } | null)?.from;
  if (typeof from === 'string' && from.startsWith('/')) return from;
  if (from && typeof from === 'object' && typeof from.pathname === 'string') {
    return `${from.pathname}${from.search ?? ''}${from.hash ?? ''}`;
  }
  const fromParam = new URLSearchParams(search).get('from');
  if (fromParam && fromParam.startsWith('/') && !fromParam.startsWith('//')) return fromParam;
  return null;
}

export type ProtectedRouteProps = {
  allowedRoles?: readonly Role[];
  fallback?: string;
  children?: ReactNode;
};

/**
 * Spec §2: unauthenticated → /login (remembering the origin); signed in without an allowed role →
 * `fallback` (default '/'). An empty `allowedRoles` lets any signed-in user in.
 */
export function ProtectedRoute({
  allowedRoles = [],
  fallback = paths.home,
  children,
}: ProtectedRouteProps) {
  const auth = useAuth();
  const location = useLocation();
  if (!auth.isLoaded) return <GuardSpinner />;
  if (!auth.isSignedIn) return <Navigate to={paths.login} replace state={{ from: location }} />;
  if (!auth.user) return auth.userError ? <UserLoadError /> : <GuardSpinner />;
  if (!isRoleAllowed(auth.roles, allowedRoles)) return <Navigate to={fallback} replace />;
  return children ?? <Outlet />;
}

/**
 * /login and /register when already signed in: back to the remembered origin, else the user's
 * home. `renderRedirect` may choose a better first stop (e.g. onboarding) for that path.
 */
export function RedirectIfSignedIn({
  children,
  renderRedirect,
}: {
  children?: ReactNode;
  renderRedirect?: (to: string) => ReactNode;
}) {
  const auth = useAuth();
  const location = useLocation();
  if (!auth.isLoaded) return <GuardSpinner />;
  if (auth.isSignedIn) {
    if (!auth.user) return auth.userError ? <UserLoadError /> : <GuardSpinner />;
    const origin = readRememberedOrigin(location.state, location.search);
    const to = origin ?? getHomePathForRoles(auth.roles);
    return renderRedirect ? renderRedirect(to) : <Navigate to={to} replace />;
  }
  return children ?? <Outlet />;
}
