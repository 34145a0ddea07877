import type { ComponentType } from 'react';
import { guardedRoutes, paths, type AppPath } from '@/config/paths';
import { loadCurrentUserModule } from '@/lib/auth/current-user-module';
import { readStoredToken } from '@/lib/token-store';

/** A page's module: its component and its name for the browser tab ("Audience · Crescendo"). */
export type RouteModule = { Component: ComponentType; title: string };
/** What a page's route carries for the root layout (the router sets it from the module). */
export type PageHandle = { title: string };

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
  [paths.settingsBilling]: () => import('./routes/settings-billing'),
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

/** The signed-in frame around every guarded page (the shell, the bell, the assistant). */
export const loadAppShellModule = () => import('./signed-in-shell');

/** A pathname as the route tables key it (no trailing slash). */
export function normalisePath(pathname: string): AppPath {
  return (pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname) as AppPath;
}

/**
 * The start-up's early API requests (the backend user, the first screen's reads): loaded only
 * when someone is, or probably is, signed in, so a signed-out /login never downloads it.
 */
export const loadFirstScreenRequests = () => import('./first-screen-requests');

/**
 * Starts loading what the first screen needs while the entry is still starting the app, instead
 * of after the router has loaded and matched. The router's own loads then find them in flight.
 * When a stored token says someone is probably signed in: the early requests' module, and on a
 * guarded page the signed-in frame and the backend user's query too. Failures are left to the router to report.
 */
export function preloadFirstScreen(pathname: string): void {
  const path = normalisePath(pathname);
  const loadPage = Object.hasOwn(routeModules, path) ? routeModules[path] : undefined;
  if (!loadPage) return;
  const loads: Promise<unknown>[] = [loadPage()];
  const isProbablySignedIn = readStoredToken() !== null;
  if (isProbablySignedIn) loads.push(loadFirstScreenRequests());
  if (Object.hasOwn(guardedRoutes, path) && isProbablySignedIn) {
    loads.push(loadAppShellModule(), loadCurrentUserModule());
  }
  for (const load of loads) load.catch(() => undefined);
}
