import type { ComponentType } from 'react';
import { guardedRoutes, paths, type AppPath } from '@/config/paths';
import {
  parseDashboardFilters,
  toDashboardQuery,
} from '@/features/dashboard/shared/utils/dashboard-filters';
import { loadCurrentUserModule } from '@/lib/auth/current-user-module';
import { startEarlyRequest } from '@/lib/early-requests';
import { readStoredToken } from '@/lib/token-store';
import { apiPaths } from '@/config/api-paths';

export type RouteModule = { Component: ComponentType };

/** Each path's lazily loaded page module (the router's table and the entry's preload share it). */
export const routeModules: Record<AppPath, () => Promise<RouteModule>> = {
  [paths.home]: () => import('./routes/home'),
  [paths.login]: () => import('./routes/login'),
  [paths.register]: () => import('./routes/register'),
  [paths.registrationSuccess]: () => import('./routes/registration-success'),
  [paths.registrationError]: () => import('./routes/registration-error'),
  [paths.accessDenied]: () => import('./routes/access-denied'),
  [paths.error]: () => import('./routes/error'),
  [paths.rejected]: () => import('./routes/rejected'),
  [paths.oauthCallback]: () => import('./routes/oauth-callback'),
  [paths.googleCallback]: () => import('./routes/google-callback'),
  [paths.youtubeSuccess]: () => import('./routes/youtube-success'),
  [paths.metaCallback]: () => import('./routes/meta-callback'),
  [paths.stripeSuccess]: () => import('./routes/stripe-success'),
  [paths.redirect]: () => import('./routes/redirect'),
  [paths.paymentSuccess]: () => import('./routes/payment-success'),
  [paths.paymentCancel]: () => import('./routes/payment-cancel'),
  [paths.waitlist]: () => import('./routes/waitlist'),
  [paths.checkout]: () => import('./routes/checkout'),
  [paths.pricing]: () => import('./routes/pricing'),
  [paths.dashboard]: () => import('./routes/dashboard'),
  [paths.dashboardAudience]: () => import('./routes/dashboard-audience'),
  [paths.dashboardRoi]: () => import('./routes/dashboard-roi'),
  [paths.dashboardContent]: () => import('./routes/dashboard-content'),
  [paths.dashboardRevenue]: () => import('./routes/dashboard-revenue'),
  [paths.dashboardSongs]: () => import('./routes/dashboard-songs'),
  [paths.dashboardSong]: () => import('./routes/dashboard-song'),
  [paths.youtube]: () => import('./routes/youtube'),
  [paths.meta]: () => import('./routes/meta'),
  [paths.onboardingProfile]: () => import('./routes/onboarding-profile'),
  [paths.onboardingConnections]: () => import('./routes/onboarding-connections'),
  [paths.settingsProfile]: () => import('./routes/settings-profile'),
  [paths.settingsBilling]: () => import('./routes/dashboard'),
  [paths.settingsUsage]: () => import('./routes/settings-usage'),
  [paths.settingsConnections]: () => import('./routes/settings-connections'),
  [paths.settingsSharing]: () => import('./routes/settings-sharing'),
  [paths.settingsNotifications]: () => import('./routes/settings-notifications'),
  [paths.settingsImports]: () => import('./routes/settings-imports'),
  [paths.sharedView]: () => import('./routes/shared-view'),
  [paths.forgotPassword]: () => import('./routes/forgot-password'),
  [paths.resetPassword]: () => import('./routes/reset-password'),
  [paths.verifyEmail]: () => import('./routes/verify-email'),
  [paths.settingsTeam]: () => import('./routes/settings-team'),
  [paths.settingsAccount]: () => import('./routes/settings-account'),
  [paths.invite]: () => import('./routes/invite'),
};

/** The signed-in frame around every guarded page. */
export const loadAppShellModule = () => import('@/components/layouts/app-shell');

function normalisePath(pathname: string): AppPath {
  return (pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname) as AppPath;
}

/** The overview's data, as its page asks for it: the profile, and analytics for the URL's filters. */
const overviewRequests = (search: URLSearchParams) => [
  apiPaths.artistProfile,
  `${apiPaths.dashboardAnalytics}?${new URLSearchParams(toDashboardQuery(parseDashboardFilters(search)))}`,
];

/** API reads a first screen makes as soon as it renders, by path (`GET /api` + each). */
const firstScreenRequests: Partial<Record<AppPath, (search: URLSearchParams) => string[]>> = {
  [paths.dashboard]: overviewRequests,
  [paths.settingsBilling]: overviewRequests,
};

/**
 * Once the identity's token is known at start-up: the backend user (every signed-in screen needs
 * it first) and the first screen's own reads, so they load beside its chunks (lib/early-requests).
 */
export function startFirstScreenRequests(
  location: Pick<Location, 'pathname' | 'search'>,
  token: string,
) {
  startEarlyRequest(apiPaths.me, token);
  const requests = firstScreenRequests[normalisePath(location.pathname)];
  for (const path of requests?.(new URLSearchParams(location.search)) ?? []) {
    startEarlyRequest(path, token);
  }
}

/**
 * Starts loading what the first screen needs while the entry is still starting the app, instead
 * of after the router has loaded and matched. The router's own loads then find them in flight.
 * A guarded page also needs the signed-in frame and the backend user's query, when a stored token
 * says someone is probably signed in. Failures are left to the router to report.
 */
export function preloadFirstScreen(pathname: string): void {
  const path = normalisePath(pathname);
  const loadPage = Object.hasOwn(routeModules, path) ? routeModules[path] : undefined;
  if (!loadPage) return;
  const loads: Promise<unknown>[] = [loadPage()];
  if (Object.hasOwn(guardedRoutes, path) && readStoredToken()) {
    loads.push(loadAppShellModule(), loadCurrentUserModule());
  }
  for (const load of loads) load.catch(() => undefined);
}
