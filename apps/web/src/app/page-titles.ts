import { paths, type AppPath } from '@/config/paths';

export const APP_NAME = 'Crescendo';

/** Each page's own name for the browser tab, history and screen readers ("Audience · Crescendo"). */
export const pageTitles: Record<AppPath, string> = {
  [paths.home]: 'Growth analytics for music artists',
  [paths.login]: 'Sign in',
  [paths.register]: 'Sign up',
  [paths.registrationSuccess]: 'Registration',
  [paths.registrationError]: 'Registration failed',
  [paths.accessDenied]: 'Access denied',
  [paths.error]: 'Error',
  [paths.rejected]: 'Waitlist decision',
  [paths.oauthCallback]: 'Connecting',
  [paths.googleCallback]: 'Google connection',
  [paths.youtubeSuccess]: 'YouTube connection',
  [paths.metaCallback]: 'Meta connection',
  [paths.stripeSuccess]: 'Payment',
  [paths.redirect]: 'Redirecting',
  [paths.paymentSuccess]: 'Payment',
  [paths.paymentCancel]: 'Payment cancelled',
  [paths.waitlist]: 'Waitlist',
  [paths.checkout]: 'Checkout',
  [paths.pricing]: 'Plans & pricing',
  [paths.dashboard]: 'Dashboard',
  [paths.dashboardAudience]: 'Audience',
  [paths.dashboardRoi]: 'ROI',
  [paths.dashboardContent]: 'Content',
  [paths.dashboardRevenue]: 'Revenue',
  [paths.dashboardSongs]: 'Songs',
  [paths.dashboardSong]: 'Song',
  [paths.youtube]: 'YouTube analytics',
  [paths.meta]: 'Instagram & Facebook',
  [paths.onboardingProfile]: 'Set up your profile',
  [paths.onboardingConnections]: 'Connect your platforms',
  [paths.settingsProfile]: 'Artist profile',
  [paths.settingsBilling]: 'Billing',
  [paths.settingsUsage]: 'Usage',
  [paths.settingsConnections]: 'Connections',
  [paths.settingsSharing]: 'Share links',
  [paths.settingsNotifications]: 'Notifications',
  [paths.settingsImports]: 'Imports',
  [paths.sharedView]: 'Shared figures',
  [paths.forgotPassword]: 'Forgot password',
  [paths.resetPassword]: 'Choose a new password',
  [paths.verifyEmail]: 'Confirm your email',
  [paths.settingsTeam]: 'Team',
  [paths.settingsAccount]: 'Account',
  [paths.invite]: 'Invitation',
};

export function documentTitleFor(pathname: string): string {
  const trimmed = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  // An invitation link's token and a song's ISRC are not part of the page's name.
  const path = (
    trimmed.startsWith(`${paths.invite}/`)
      ? paths.invite
      : trimmed.startsWith(`${paths.dashboardSongs}/`)
        ? paths.dashboardSong
        : trimmed
  ) as AppPath;
  const title = Object.hasOwn(pageTitles, path) ? pageTitles[path] : null;
  return title ? `${title} · ${APP_NAME}` : APP_NAME;
}
