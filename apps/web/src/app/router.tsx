import type { Role } from '@crescendo/contracts';
import { lazy, Suspense, useState, type ComponentType } from 'react';
import { createBrowserRouter, Navigate, Outlet, type RouteObject } from 'react-router';
import { RouteErrorBoundary } from '@/components/errors/route-error-boundary';
import { PublicLayout } from '@/components/layouts/public-header';
import { LoadingScreen } from '@/components/ui/loading-screen';
import { guardedRoutes, paths } from '@/config/paths';
import { GuardSpinner, ProtectedRoute } from '@/lib/auth/guards';
import { importWithChunkFallback } from '@/lib/chunk-errors';
import { RootErrorLayout, RootLayout } from './root-layout';

type RouteModule = { Component: ComponentType };

/** Lazy route module; a failed chunk becomes the spec's 'Failed to load application resources…'. */
function lazyRoute(load: () => Promise<RouteModule>): RouteObject['lazy'] {
  const loadSafely = importWithChunkFallback(load);
  return async () => ({ Component: (await loadSafely()).Component });
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
function publicRoute(
  path: string,
  routeName: string,
  load: () => Promise<RouteModule>,
): RouteObject {
  return {
    path,
    ErrorBoundary: errorBoundaryFor(routeName),
    children: [{ index: true, lazy: lazyRoute(load) }],
  };
}

// The signed-in shell (Radix dialog and menu included) loads only for guarded routes, in parallel
// with the route's own module and the identity check. A guarded route's module resolves only once
// the shell has loaded too, so the shell renders at once: a lazy component would suspend first, and
// React holds a revealed Suspense fallback for 300 ms, which delays the page and its requests.
let loadedAppShell: ComponentType | null = null;
const loadAppShell = importWithChunkFallback(() =>
  import('@/components/layouts/app-shell').then((module) => {
    loadedAppShell = module.AppShell;
    return module;
  }),
);
const LazyAppShell = lazy(() => loadAppShell().then((module) => ({ default: module.AppShell })));

function guardedRoute(
  path: string,
  routeName: string,
  load: () => Promise<RouteModule>,
): RouteObject {
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

function PublicFrame() {
  return (
    <PublicLayout>
      <Outlet />
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
            lazy: lazyRoute(() => import('./routes/home')),
          },
          publicRoute(paths.login, 'Sign in', () => import('./routes/login')),
          publicRoute(paths.register, 'Sign up', () => import('./routes/register')),
          publicRoute(
            paths.registrationSuccess,
            'Registration',
            () => import('./routes/registration-success'),
          ),
          publicRoute(
            paths.registrationError,
            'Registration',
            () => import('./routes/registration-error'),
          ),
          publicRoute(paths.accessDenied, 'Access denied', () => import('./routes/access-denied')),
          publicRoute(paths.error, 'Error', () => import('./routes/error')),
          publicRoute(paths.rejected, 'Waitlist', () => import('./routes/rejected')),
          publicRoute(
            paths.oauthCallback,
            'OAuth callback',
            () => import('./routes/oauth-callback'),
          ),
          publicRoute(
            paths.googleCallback,
            'Google sign-in',
            () => import('./routes/google-callback'),
          ),
          publicRoute(
            paths.youtubeSuccess,
            'YouTube connection',
            () => import('./routes/youtube-success'),
          ),
          publicRoute(
            paths.metaCallback,
            'Meta connection',
            () => import('./routes/meta-callback'),
          ),
          publicRoute(paths.stripeSuccess, 'Payment', () => import('./routes/stripe-success')),
          publicRoute(paths.redirect, 'Redirect', () => import('./routes/redirect')),
          publicRoute(paths.paymentSuccess, 'Payment', () => import('./routes/payment-success')),
          publicRoute(paths.paymentCancel, 'Payment', () => import('./routes/payment-cancel')),
        ],
      },
      {
        Component: SignedInFrame,
        children: [
          guardedRoute(paths.waitlist, 'Waitlist', () => import('./routes/waitlist')),
          guardedRoute(paths.pricing, 'Pricing', () => import('./routes/pricing')),
          guardedRoute(paths.checkout, 'Checkout', () => import('./routes/checkout')),
          guardedRoute(paths.dashboard, 'Dashboard', () => import('./routes/dashboard')),
          guardedRoute(
            paths.dashboardAudience,
            'Audience',
            () => import('./routes/dashboard-audience'),
          ),
          guardedRoute(paths.dashboardRoi, 'ROI', () => import('./routes/dashboard-roi')),
          guardedRoute(
            paths.dashboardContent,
            'Content',
            () => import('./routes/dashboard-content'),
          ),
          guardedRoute(paths.youtube, 'YouTube Analytics', () => import('./routes/youtube')),
          guardedRoute(paths.meta, 'Meta', () => import('./routes/meta')),
          guardedRoute(
            paths.onboardingProfile,
            'Onboarding',
            () => import('./routes/onboarding-profile'),
          ),
          guardedRoute(
            paths.onboardingConnections,
            'Onboarding',
            () => import('./routes/onboarding-connections'),
          ),
          guardedRoute(
            paths.settingsProfile,
            'Artist profile',
            () => import('./routes/settings-profile'),
          ),
          guardedRoute(paths.settingsBilling, 'Dashboard', () => import('./routes/dashboard')),
          guardedRoute(paths.settingsUsage, 'Usage', () => import('./routes/settings-usage')),
          guardedRoute(
            paths.settingsConnections,
            'Connections',
            () => import('./routes/settings-connections'),
          ),
        ],
      },
      { path: '*', element: <Navigate to={paths.login} replace /> },
    ],
  },
];

export const router = createBrowserRouter(routes);
