import { screen } from '@testing-library/react';
import { AxiosHeaders } from 'axios';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { apiClient } from '@/lib/api-client';
import { buildMe } from '@/testing/factories';
import { createFakeIdentity, signedInAs } from '@/testing/fake-identity';
import { renderRoutes, withAuthProvider } from '@/testing/render';
import { buildConnection } from '../testing/connection-factory';
import { OAuthCallbackPage } from './oauth-callback-page';

const api = vi.hoisted(() => ({ fetchCurrentUser: vi.fn() }));
vi.mock('@/lib/auth/auth-api', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  ...api,
}));

let connections: ReturnType<typeof buildConnection>[] = [];
beforeEach(() => {
  api.fetchCurrentUser.mockReset().mockResolvedValue(buildMe('customer'));
  connections = [];
  apiClient.defaults.adapter = async (config) => ({
    data: { connections },
    status: 200,
    statusText: 'OK',
    headers: new AxiosHeaders(),
    config,
  });
});

function setup(
  provider: 'generic' | 'google' | 'youtube' | 'meta',
  search: string,
  { isSignedIn = true } = {},
) {
  return renderRoutes(
    withAuthProvider([{ path: '/callback', element: <OAuthCallbackPage provider={provider} /> }]),
    {
      initialEntries: [`/callback${search}`],
      adapter: createFakeIdentity(isSignedIn ? signedInAs() : undefined).adapter,
    },
  );
}

describe('OAuthCallbackPage', () => {
  it('confirms the provider named by ?connected once the connections list has it', async () => {
    connections = [buildConnection({ provider: 'meta' })];
    setup('generic', '?connected=meta');
    expect(
      await screen.findByRole('heading', { name: 'Instagram & Facebook connected' }),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to connections' }).getAttribute('href')).toBe(
      '/settings/connections',
    );
  });

  it('does not claim a connection the list does not have', async () => {
    setup('generic', '?connected=meta');
    expect(
      await screen.findByRole('heading', { name: 'Instagram & Facebook is not connected' }),
    ).toBeTruthy();
    expect(screen.getByText(/Nothing was connected here/)).toBeTruthy();
  });

  it('shows the fixed sentence for an ?error code and leads back to connections', () => {
    setup('meta', '?error=state_expired');
    expect(screen.getByRole('alert').textContent).toContain(
      'This sign-in link expired (they last 10 minutes). Start connecting again.',
    );
    expect(
      screen.getByRole('heading', { name: 'We couldn’t connect Instagram & Facebook' }),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to connections' })).toBeTruthy();
  });

  it('explains a bare provider error code', () => {
    setup('google', '?error=access_denied');
    expect(
      screen.getByText(/You declined access on Google, so nothing was connected/),
    ).toBeTruthy();
  });

  it('never shows text a link carries: an unknown code or a description reads generically', () => {
    setup(
      'meta',
      '?error=Call%20%2B1-555-0100%20to%20fix%20this&error_description=Send%20us%20your%20password',
    );
    const alert = screen.getByRole('alert').textContent ?? '';
    expect(alert).toContain('Connecting did not finish, so nothing was connected.');
    expect(alert).not.toMatch(/555|password/);
  });

  it('does not claim success for a stray code: the API, not this page, finishes connecting', () => {
    setup('google', '?code=abc&state=xyz');
    expect(screen.getByRole('heading', { name: 'Finishing up with Google' })).toBeTruthy();
  });

  it('a direct visit to the YouTube success page claims nothing without a YouTube connection', async () => {
    setup('youtube', '');
    expect(await screen.findByRole('heading', { name: 'YouTube is not connected' })).toBeTruthy();
  });

  it('the YouTube success page confirms a YouTube connection that exists', async () => {
    connections = [buildConnection({ provider: 'youtube' })];
    setup('youtube', '');
    expect(await screen.findByRole('heading', { name: 'YouTube connected' })).toBeTruthy();
  });

  it('asks a signed-out visitor to sign in rather than guessing', async () => {
    setup('youtube', '', { isSignedIn: false });
    expect(await screen.findByRole('heading', { name: 'YouTube is not connected' })).toBeTruthy();
    expect(
      screen.getByText('Sign in to see whether YouTube is connected to your account.'),
    ).toBeTruthy();
  });
});
