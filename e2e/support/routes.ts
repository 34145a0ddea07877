export type Role = 'customer' | 'lead' | 'admin';

/** Spec §2 guarded routes and their allowed roles (empty = any signed-in user; see docs/decisions). */
export const guardedRoutes: Record<string, Role[]> = {
  '/waitlist': ['lead', 'admin'],
  '/checkout': ['customer', 'lead', 'admin'],
  '/pricing': ['customer', 'lead', 'admin'],
  '/dashboard': ['customer', 'admin'],
  '/youtube': ['customer', 'admin'],
  '/meta': ['customer', 'admin'],
  '/dashboard/audience': ['customer', 'admin'],
  '/dashboard/roi': ['customer', 'admin'],
  '/dashboard/content': ['customer', 'admin'],
  '/dashboard/revenue': ['customer', 'admin'],
  '/dashboard/songs': ['customer', 'admin'],
  '/onboarding/profile': ['customer', 'admin'],
  '/onboarding/connections': ['customer', 'admin'],
  '/settings/profile': ['customer', 'admin'],
  '/settings/billing': ['customer', 'admin'],
  '/settings/usage': ['customer', 'admin'],
  '/settings/connections': [],
  '/settings/sharing': ['customer', 'admin'],
  '/settings/team': ['customer', 'admin'],
  '/settings/imports': ['customer', 'admin'],
  '/settings/account': [],
};

export const publicRoutes = [
  '/',
  '/login',
  '/register',
  '/registration-error',
  '/access-denied',
  '/error',
  '/rejected',
  '/oauth/callback',
  '/auth/google/callback',
  '/auth/youtube/success',
  '/auth/meta/callback',
  '/stripe/success',
  '/success',
  '/cancel',
];

export function withQuery(path: string): string {
  return path === '/checkout' ? '/checkout?plan=pro' : path;
}
