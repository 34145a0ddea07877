import type { Role } from '@crescendo/contracts';

/** Every route of the web app, in one place. */
export const paths = {
  home: '/',
  login: '/login',
  register: '/register',
  registrationSuccess: '/registration-success',
  registrationError: '/registration-error',
  accessDenied: '/access-denied',
  error: '/error',
  rejected: '/rejected',
  oauthCallback: '/oauth/callback',
  googleCallback: '/auth/google/callback',
  youtubeSuccess: '/auth/youtube/success',
  metaCallback: '/auth/meta/callback',
  stripeSuccess: '/stripe/success',
  redirect: '/redirect',
  paymentSuccess: '/success',
  paymentCancel: '/cancel',
  waitlist: '/waitlist',
  checkout: '/checkout',
  pricing: '/pricing',
  dashboard: '/dashboard',
  dashboardAudience: '/dashboard/audience',
  dashboardRoi: '/dashboard/roi',
  dashboardContent: '/dashboard/content',
  /** Statement earnings by store, country, song, release, month or source. */
  dashboardRevenue: '/dashboard/revenue',
  dashboardSongs: '/dashboard/songs',
  /** One song (by ISRC): build links with `buildSongHref`. */
  dashboardSong: '/dashboard/songs/:isrc',
  youtube: '/youtube',
  meta: '/meta',
  onboardingProfile: '/onboarding/profile',
  onboardingConnections: '/onboarding/connections',
  settingsProfile: '/settings/profile',
  settingsBilling: '/settings/billing',
  settingsUsage: '/settings/usage',
  settingsConnections: '/settings/connections',
  settingsSharing: '/settings/sharing',
  settingsNotifications: '/settings/notifications',
  /** Spotify for Artists exports and distributor statements. */
  settingsImports: '/settings/imports',
  /** A verified share link's page: public, outside the signed-in frame. */
  sharedView: '/s/:token',
  settingsTeam: '/settings/team',
  /** Your data: download it, delete your account. */
  settingsAccount: '/settings/account',
  /** `/invite/:token`: an invitation link (works signed out). */
  invite: '/invite',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  verifyEmail: '/verify-email',
} as const;

export type AppPath = (typeof paths)[keyof typeof paths];

const analyticsRoles: Role[] = ['customer', 'admin'];

/** Allowed roles per guarded route (spec §2). An empty list: see docs/decisions/0009-web-empty-roles.md. */
export const guardedRoutes: Record<string, readonly Role[]> = {
  [paths.waitlist]: ['lead', 'admin'],
  [paths.checkout]: ['customer', 'lead', 'admin'],
  [paths.pricing]: ['customer', 'lead', 'admin'],
  [paths.dashboard]: analyticsRoles,
  [paths.youtube]: analyticsRoles,
  [paths.meta]: analyticsRoles,
  [paths.dashboardAudience]: analyticsRoles,
  [paths.dashboardRoi]: analyticsRoles,
  [paths.dashboardContent]: analyticsRoles,
  [paths.dashboardRevenue]: analyticsRoles,
  [paths.dashboardSongs]: analyticsRoles,
  [paths.dashboardSong]: analyticsRoles,
  [paths.onboardingProfile]: analyticsRoles,
  [paths.onboardingConnections]: analyticsRoles,
  [paths.settingsProfile]: analyticsRoles,
  [paths.settingsBilling]: analyticsRoles,
  [paths.settingsUsage]: analyticsRoles,
  [paths.settingsConnections]: [],
  [paths.settingsSharing]: analyticsRoles,
  [paths.settingsNotifications]: analyticsRoles,
  [paths.settingsImports]: analyticsRoles,
  [paths.settingsTeam]: analyticsRoles,
  [paths.settingsAccount]: [],
};

export const publicPaths: readonly string[] = [
  paths.home,
  paths.login,
  paths.register,
  paths.registrationSuccess,
  paths.registrationError,
  paths.accessDenied,
  paths.error,
  paths.rejected,
  paths.oauthCallback,
  paths.googleCallback,
  paths.youtubeSuccess,
  paths.metaCallback,
  paths.stripeSuccess,
  paths.redirect,
  paths.paymentSuccess,
  paths.paymentCancel,
  paths.forgotPassword,
  paths.resetPassword,
  paths.verifyEmail,
  paths.invite,
];

/** Where a signed-in user lands: the dashboard for customers and admins, the waitlist for leads. */
export function getHomePathForRoles(roles: readonly string[]): string {
  if (roles.includes('admin') || roles.includes('customer')) return paths.dashboard;
  if (roles.includes('lead')) return paths.waitlist;
  return paths.home;
}

/** A song's page: `/dashboard/songs/USS1Z2400001`. */
export function buildSongHref(isrc: string): string {
  return paths.dashboardSong.replace(':isrc', encodeURIComponent(isrc));
}

/** Builds `/login` and remembers where the user was going. */
export function buildLoginHref(from?: string): string {
  return from && from !== paths.login
    ? `${paths.login}?from=${encodeURIComponent(from)}`
    : paths.login;
}
