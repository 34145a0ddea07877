import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createFakeIdentity } from '@/testing/fake-identity';
import { renderRoutes } from '@/testing/render';
import { OAuthCallbackPage } from './oauth-callback-page';

function setup(provider: 'generic' | 'google' | 'youtube' | 'meta', search: string) {
  return renderRoutes([{ path: '/callback', element: <OAuthCallbackPage provider={provider} /> }], {
    initialEntries: [`/callback${search}`],
    adapter: createFakeIdentity().adapter,
  });
}

describe('OAuthCallbackPage', () => {
  it('confirms the provider named by ?connected', () => {
    setup('generic', '?connected=meta');
    expect(screen.getByRole('heading', { name: 'Instagram & Facebook connected' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to connections' }).getAttribute('href')).toBe(
      '/settings/connections',
    );
  });

  it('shows the readable ?error message and leads back to connections', () => {
    setup('meta', '?error=This%20sign-in%20link%20expired.%20Start%20connecting%20again.');
    expect(screen.getByRole('alert').textContent).toContain(
      'This sign-in link expired. Start connecting again.',
    );
    expect(
      screen.getByRole('heading', { name: 'We couldn’t connect Instagram & Facebook' }),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to connections' })).toBeTruthy();
  });

  it('explains a bare provider error code', () => {
    setup('google', '?error=access_denied');
    expect(screen.getByText(/Access was declined, so nothing was connected/)).toBeTruthy();
  });

  it('does not claim success for a stray code: the API, not this page, finishes connecting', () => {
    setup('google', '?code=abc&state=xyz');
    expect(screen.getByRole('heading', { name: 'Finishing up with Google' })).toBeTruthy();
  });

  it('keeps the YouTube success landing page positive', () => {
    setup('youtube', '');
    expect(screen.getByRole('heading', { name: 'YouTube connected' })).toBeTruthy();
  });
});
