import type { Role } from '@crescendo/contracts';
import { lazy, Suspense, useState, type ComponentType } from 'react';
import { createBrowserRouter, Navigate, Outlet, type RouteObject } from 'react-router';
import { RouteErrorBoundary } from '@/components/errors/route-error-boundary';
import { ServerUnreachable } from '@/components/errors/server-unreachable';
import { PublicLayout } from '@/components/layouts/public-header';
import { LoadingScreen } from '@/components/ui/loading-screen';
import { guardedRoutes, paths, type AppPath } from '@/config/paths';
import { GuardSpinner, ProtectedRoute } from '@/lib/auth/guards';
import { importWithChunkFallback } from '@/lib/chunk-errors';
import { useReachability } from '@/lib/use-reachability';
import { RootErrorLayout, RootLayout } from './root-layout';
import {
  loadAppShellModule,
  routeModules,
  type PageHandle,
  type RouteModule,
} from './route-modules';

/**
 * Lazy route module; a failed chunk becomes the spec's 'Failed to load application resources…'.
 * The page's title comes with its module, so no start-up chunk holds every page's name.
 */
function lazyRoute(load: () => Promise<RouteModule>): RouteObject['lazy'] {
  const loadSafely = importWithChunkFallback(load);
  return async () => {
    const { Component, title } = await loadSafely();
    return { Component, handle: { title } satisfies PageHandle };
  };
}

function errorBoundaryFor(routeName: string) {
  return function RouteBoundary() {
    return <RouteErrorBoundary routeName={routeName} />;
  };
}

/*
 * A route cannot render its own ErrorBoundary when its own `lazy` fails (React Router renders an
 * empty outlet), so the boundary sits on a parent and the lazy module on an index child.
 */
function publicRoute(path: AppPath, routeName: string): RouteObject {
  return {
    path,
    ErrorBoundary: errorBoundaryFor(routeName),
    children: [{ index: true, lazy: lazyRoute(routeModules[path]) }],
  };
}

// The signed-in shell (Radix dialog and menu included) loads only for guarded routes, in parallel
// with the route's own module and the identity check. A guarded route's module resolves only once
// the shell has loaded too, so the shell renders at once: a lazy component would suspend first, and
// React holds a revealed Suspense fallback for 300 ms, which delays the page and its requests.
let loadedAppShell: ComponentType | null = null;
const loadAppShell = importWithChunkFallback(() =>
  loadAppShellModule().then((module) => {
    loadedAppShell = module.SignedInShell;
    return module;
  }),
);
const LazyAppShell = lazy(() =>
  loadAppShell().then((module) => ({ default: module.SignedInShell })),
);

function guardedRoute(path: AppPath, routeName: string): RouteObject {
  const load = routeModules[path];
  const allowedRoles = (guardedRoutes[path] ?? []) as Role[];
  return {
    path,
    element: <ProtectedRoute allowedRoles={allowedRoles} fallback={paths.accessDenied} />,
    ErrorBoundary: errorBoundaryFor(routeName),
    children: [
      {
        index: true,
        lazy: lazyRoute(async () => {
          // A failed shell is reported by the frame below (through LazyAppShell), not here.
          const [module] = await Promise.all([load(), loadAppShell().catch(() => undefined)]);
          return module;
        }),
      },
    ],
  };
}

/** The public pages' frame; while the server cannot be reached, spec §4's Connection Problem. */
function PublicFrame() {
  const reachability = useReachability();
  return (
    <PublicLayout>
      {reachability === 'unreachable' ? <ServerUnreachable /> : <Outlet />}
    </PublicLayout>
  );
}

function SignedInFrame() {
  // Decided once per mount, so the shell is never swapped (and its page remounted) later on.
  const [Shell] = useState(() => loadedAppShell);
  return (
    <ProtectedRoute>
      {Shell ? (
        <Shell />
      ) : (
        <Suspense fallback={<GuardSpinner />}>
          <LazyAppShell />
        </Suspense>
      )}
    </ProtectedRoute>
  );
}

export const routes: RouteObject[] = [
  {
    id: 'root',
    Component: RootLayout,
    HydrateFallback: () => (
      <RootErrorLayout>
        <LoadingScreen />
      </RootErrorLayout>
    ),
    ErrorBoundary: () => (
      <RootErrorLayout>
        <RouteErrorBoundary routeName="Crescendo" />
      </RootErrorLayout>
    ),
    children: [
      {
        Component: PublicFrame,
        ErrorBoundary: errorBoundaryFor('Home'),
        children: [
          {
            index: true,
            lazy: lazyRoute(routeModules[paths.home]),
          },
          publicRoute(paths.login, 'Sign in'),
          publicRoute(paths.register, 'Sign up'),
          publicRoute(paths.registrationSuccess, 'Registration'),
          publicRoute(paths.registrationError, 'Registration'),
          publicRoute(paths.accessDenied, 'Access denied'),
          publicRoute(paths.error, 'Error'),
          publicRoute(paths.rejected, 'Waitlist'),
          publicRoute(paths.oauthCallback, 'OAuth callback'),
          publicRoute(paths.googleCallback, 'Google sign-in'),
          publicRoute(paths.youtubeSuccess, 'YouTube connection'),
          publicRoute(paths.metaCallback, 'Meta connection'),
          publicRoute(paths.stripeSuccess, 'Payment'),
          publicRoute(paths.redirect, 'Redirect'),
          publicRoute(paths.paymentSuccess, 'Payment'),
          publicRoute(paths.paymentCancel, 'Payment'),
          publicRoute(paths.forgotPassword, 'Forgot password'),
          publicRoute(paths.resetPassword, 'Reset password'),
          publicRoute(paths.verifyEmail, 'Email verification'),
          {
            path: `${paths.invite}/:token`,
            ErrorBoundary: errorBoundaryFor('Invitation'),
            children: [{ index: true, lazy: lazyRoute(routeModules[paths.invite]) }],
          },
        ],
      },
      {
        Component: SignedInFrame,
        children: [
          guardedRoute(paths.waitlist, 'Waitlist'),
          guardedRoute(paths.pricing, 'Pricing'),
          guardedRoute(paths.checkout, 'Checkout'),
          guardedRoute(paths.dashboard, 'Dashboard'),
          guardedRoute(paths.dashboardAudience, 'Audience'),
          guardedRoute(paths.dashboardRoi, 'ROI'),
          guardedRoute(paths.dashboardContent, 'Content'),
          guardedRoute(paths.dashboardRevenue, 'Revenue'),
          guardedRoute(paths.dashboardSongs, 'Songs'),
          guardedRoute(paths.dashboardSong, 'Song'),
          guardedRoute(paths.youtube, 'YouTube Analytics'),
          guardedRoute(paths.meta, 'Meta'),
          guardedRoute(paths.onboardingProfile, 'Onboarding'),
          guardedRoute(paths.onboardingConnections, 'Onboarding'),
          guardedRoute(paths.settingsProfile, 'Artist profile'),
          guardedRoute(paths.settingsBilling, 'Dashboard'),
          guardedRoute(paths.settingsUsage, 'Usage'),
          guardedRoute(paths.settingsConnections, 'Connections'),
          guardedRoute(paths.settingsSharing, 'Share links'),
          guardedRoute(paths.settingsNotifications, 'Notifications'),
          guardedRoute(paths.settingsImports, 'Imports'),
          guardedRoute(paths.settingsTeam, 'Team'),
          guardedRoute(paths.settingsAccount, 'Account'),
        ],
      },
      // Outside both frames: no header, no signed-in shell, no assistant (a small page for phones).
      publicRoute(paths.sharedView, 'Shared figures'),
      { path: '*', element: <Navigate to={paths.login} replace /> },
    ],
  },
];

export const router = createBrowserRouter(routes);
