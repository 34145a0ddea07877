import type { Role } from '@crescendo/contracts';
import { lazy, Suspense, useState, type ComponentType } from 'react';
import { createBrowserRouter, Navigate, Outlet, type RouteObject } from 'react-router';
import { RouteErrorBoundary } from '@/components/errors/route-error-boundary';
import { PublicLayout } from '@/components/layouts/public-header';
import { LoadingScreen } from '@/components/ui/loading-screen';
import { guardedRoutes, paths } from '@/config/paths';
import { GuardSpinner, ProtectedRoute } from '@/lib/auth/guards';
import { importWithChunkFallback } from '@/lib/chunk-errors';
import { loadDataLayer } from '@/lib/server-data';
import { RootErrorLayout, RootLayout } from './root-layout';
import { loadAppShellModule, routeModules, type RouteModule } from './route-modules';

/** Lazy route module; a failed chunk becomes the spec's 'Failed to load application resources…'. */
function lazyRoute(load: () => Promise<RouteModule>): RouteObject['lazy'] {
  const loadSafely = importWithChunkFallback(load);
  return async () => ({ Component: (await loadSafely()).Component });
}

/** A public page that reads or writes server data: it loads beside the data layer, inside it. */
function withDataLayer(load: () => Promise<RouteModule>): () => Promise<RouteModule> {
  return async () => {
    const [{ Component: Page }, { DataProvider }] = await Promise.all([load(), loadDataLayer()]);
    return {
      Component: function PageWithData() {
        return (
          <DataProvider>
            <Page />
          </DataProvider>
        );
      },
    };
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
  loadAppShellModule().then((module) => {
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
            lazy: lazyRoute(routeModules[paths.home]),
          },
          publicRoute(paths.login, 'Sign in', routeModules[paths.login]),
          publicRoute(paths.register, 'Sign up', routeModules[paths.register]),
          publicRoute(
            paths.registrationSuccess,
            'Registration',
            withDataLayer(routeModules[paths.registrationSuccess]),
          ),
          publicRoute(
            paths.registrationError,
            'Registration',
            routeModules[paths.registrationError],
          ),
          publicRoute(paths.accessDenied, 'Access denied', routeModules[paths.accessDenied]),
          publicRoute(paths.error, 'Error', routeModules[paths.error]),
          publicRoute(paths.rejected, 'Waitlist', routeModules[paths.rejected]),
          publicRoute(
            paths.oauthCallback,
            'OAuth callback',
            withDataLayer(routeModules[paths.oauthCallback]),
          ),
          publicRoute(
            paths.googleCallback,
            'Google sign-in',
            withDataLayer(routeModules[paths.googleCallback]),
          ),
          publicRoute(
            paths.youtubeSuccess,
            'YouTube connection',
            withDataLayer(routeModules[paths.youtubeSuccess]),
          ),
          publicRoute(
            paths.metaCallback,
            'Meta connection',
            withDataLayer(routeModules[paths.metaCallback]),
          ),
          publicRoute(paths.stripeSuccess, 'Payment', routeModules[paths.stripeSuccess]),
          publicRoute(paths.redirect, 'Redirect', routeModules[paths.redirect]),
          publicRoute(paths.paymentSuccess, 'Payment', routeModules[paths.paymentSuccess]),
          publicRoute(paths.paymentCancel, 'Payment', routeModules[paths.paymentCancel]),
        ],
      },
      {
        Component: SignedInFrame,
        children: [
          guardedRoute(paths.waitlist, 'Waitlist', routeModules[paths.waitlist]),
          guardedRoute(paths.pricing, 'Pricing', routeModules[paths.pricing]),
          guardedRoute(paths.checkout, 'Checkout', routeModules[paths.checkout]),
          guardedRoute(paths.dashboard, 'Dashboard', routeModules[paths.dashboard]),
          guardedRoute(paths.dashboardAudience, 'Audience', routeModules[paths.dashboardAudience]),
          guardedRoute(paths.dashboardRoi, 'ROI', routeModules[paths.dashboardRoi]),
          guardedRoute(paths.dashboardContent, 'Content', routeModules[paths.dashboardContent]),
          guardedRoute(paths.youtube, 'YouTube Analytics', routeModules[paths.youtube]),
          guardedRoute(paths.meta, 'Meta', routeModules[paths.meta]),
          guardedRoute(
            paths.onboardingProfile,
            'Onboarding',
            routeModules[paths.onboardingProfile],
          ),
          guardedRoute(
            paths.onboardingConnections,
            'Onboarding',
            routeModules[paths.onboardingConnections],
          ),
          guardedRoute(
            paths.settingsProfile,
            'Artist profile',
            routeModules[paths.settingsProfile],
          ),
          guardedRoute(paths.settingsBilling, 'Dashboard', routeModules[paths.settingsBilling]),
          guardedRoute(paths.settingsUsage, 'Usage', routeModules[paths.settingsUsage]),
          guardedRoute(
            paths.settingsConnections,
            'Connections',
            routeModules[paths.settingsConnections],
          ),
        ],
      },
      { path: '*', element: <Navigate to={paths.login} replace /> },
    ],
  },
];

export const router = createBrowserRouter(routes);
