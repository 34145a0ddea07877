import { describe, expect, it } from 'vitest';
import {
  buildLoginHref,
  buildSongHref,
  getHomePathForRoles,
  guardedRoutes,
  paths,
  publicPaths,
} from './paths';

describe('paths', () => {
  it('lists every public route of the spec, plus /success and /cancel', () => {
    expect(publicPaths).toEqual(
      expect.arrayContaining([
        '/',
        '/login',
        '/register',
        '/registration-success',
        '/registration-error',
        '/access-denied',
        '/error',
        '/rejected',
        '/oauth/callback',
        '/auth/google/callback',
        '/auth/youtube/success',
        '/auth/meta/callback',
        '/stripe/success',
        '/redirect',
        '/success',
        '/cancel',
      ]),
    );
  });

  it('maps each guarded route to the spec allowed roles', () => {
    expect(guardedRoutes['/waitlist']).toEqual(['lead', 'admin']);
    expect(guardedRoutes['/checkout']).toEqual(['customer', 'lead', 'admin']);
    expect(guardedRoutes['/pricing']).toEqual(['customer', 'lead', 'admin']);
    for (const path of [
      '/dashboard',
      '/youtube',
      '/meta',
      '/dashboard/audience',
      '/dashboard/roi',
      '/dashboard/content',
      '/dashboard/revenue',
      '/dashboard/songs',
      '/dashboard/songs/:isrc',
      '/settings/imports',
      '/onboarding/profile',
      '/onboarding/connections',
      '/settings/profile',
      '/settings/billing',
      '/settings/usage',
    ]) {
      expect(guardedRoutes[path]).toEqual(['customer', 'admin']);
    }
    expect(guardedRoutes['/settings/connections']).toEqual([]);
  });

  it('sends customers and admins to the dashboard and leads to the waitlist', () => {
    expect(getHomePathForRoles(['customer'])).toBe(paths.dashboard);
    expect(getHomePathForRoles(['admin'])).toBe(paths.dashboard);
    expect(getHomePathForRoles(['lead'])).toBe(paths.waitlist);
    expect(getHomePathForRoles([])).toBe(paths.home);
  });

  it('builds a song page href from an ISRC', () => {
    expect(buildSongHref('USS1Z2400001')).toBe('/dashboard/songs/USS1Z2400001');
  });

  it('builds a login href remembering the origin', () => {
    expect(buildLoginHref('/dashboard?x=1')).toBe('/login?from=%2Fdashboard%3Fx%3D1');
    expect(buildLoginHref()).toBe('/login');
  });
});
