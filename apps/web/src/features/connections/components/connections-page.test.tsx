import type { Connection, Role } from '@crescendo/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  AxiosError,
  AxiosHeaders,
  type AxiosAdapter,
  type InternalAxiosRequestConfig,
} from 'axios';
import { Outlet } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AuthProvider } from '@/lib/auth/auth-context';
import { ProtectedRoute } from '@/lib/auth/guards';
import { apiClient } from '@/lib/api-client';
import { buildMe } from '@/testing/factories';
import { createFakeIdentity, signedInAs } from '@/testing/fake-identity';
import { renderRoutes } from '@/testing/render';
import { buildConnection } from '../testing/connection-factory';
import { SYNC_POLL_INTERVAL_MS } from '../utils/connection-status';
import { ConnectionsPage } from './connections-page';

const mocks = vi.hoisted(() => ({
  fetchCurrentUser: vi.fn(),
  redirectToUrl: vi.fn(),
  showToast: vi.fn(),
}));
vi.mock('@/lib/auth/auth-api', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  fetchCurrentUser: mocks.fetchCurrentUser,
}));
vi.mock('../utils/redirect', () => ({ redirectToUrl: mocks.redirectToUrl }));
vi.mock('@/lib/toast', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  showToast: mocks.showToast,
}));

type Reply = { status: number; data: unknown };
type Handler = (config: InternalAxiosRequestConfig) => Reply;

/** A fake server: `METHOD /url` → handler; every request is recorded. */
let routes: Record<string, Handler> = {};
let requests: { method: string; url: string; params: unknown }[] = [];
const adapter: AxiosAdapter = async (config) => {
  const method = (config.method ?? 'get').toUpperCase();
  const url = config.url ?? '';
  requests.push({ method, url, params: config.params });
  const handler = routes[`${method} ${url}`];
  const reply = handler
    ? handler(config)
    : { status: 404, data: { error: { code: 'NOT_FOUND', message: 'No route' } } };
  const response = { ...reply, statusText: '', headers: new AxiosHeaders(), config };
  if (reply.status >= 400) {
    throw new AxiosError('Request failed', 'ERR_BAD_REQUEST', config, {}, response);
  }
  return response;
};

const listUrl = 'GET /v1/auth/oauth-connections';
const countListRequests = () =>
  requests.filter((request) => `${request.method} ${request.url}` === listUrl).length;

function serveList(...responses: Connection[][]) {
  let call = 0;
  routes[listUrl] = () => {
    const connections = responses[Math.min(call, responses.length - 1)] ?? [];
    call += 1;
    return { status: 200, data: { connections } };
  };
}

function setup({
  role = 'customer',
  path = '/settings/connections',
  mode = 'settings',
}: { role?: Role; path?: string; mode?: 'onboarding' | 'settings' } = {}) {
  mocks.fetchCurrentUser.mockResolvedValue(buildMe(role));
  return renderRoutes(
    [
      {
        element: (
          <AuthProvider>
            <Outlet />
          </AuthProvider>
        ),
        children: [
          {
            element: <ProtectedRoute />,
            children: [
              { path: '/settings/connections', element: <ConnectionsPage mode={mode} /> },
              { path: '/onboarding/connections', element: <ConnectionsPage mode={mode} /> },
              { path: '/pricing', element: <p>pricing page</p> },
            ],
          },
        ],
      },
    ],
    { initialEntries: [path], adapter: createFakeIdentity(signedInAs()).adapter },
  );
}

beforeEach(() => {
  routes = {};
  requests = [];
  apiClient.defaults.adapter = adapter;
  mocks.redirectToUrl.mockReset();
  mocks.showToast.mockReset();
  mocks.fetchCurrentUser.mockReset();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('ConnectionsPage', () => {
  it('offers YouTube and Meta, and shows Google Analytics as coming later without a button', async () => {
    serveList([]);
    setup();
    const youtube = (await screen.findByRole('heading', { name: 'YouTube' })).closest('li')!;
    expect(within(youtube).getByText('Not connected')).toBeTruthy();
    expect(within(youtube).getByRole('button', { name: 'Connect YouTube' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Connect Instagram & Facebook' })).toBeTruthy();
    expect(screen.getByText('Coming later')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Google Analytics/ })).toBeNull();
    expect(screen.queryByText(/opens soon/)).toBeNull();
  });

  it('shows skeletons while the list loads', async () => {
    routes[listUrl] = () => ({ status: 200, data: { connections: [] } });
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    apiClient.defaults.adapter = async (config) => {
      if (config.url === '/v1/auth/oauth-connections') await gate;
      return adapter(config);
    };
    setup();
    expect(await screen.findByRole('status', { name: 'Loading your connections' })).toBeTruthy();
    release();
    expect(await screen.findByRole('button', { name: 'Connect YouTube' })).toBeTruthy();
  });

  it('connect asks for the consent URL with the current screen as returnTo and leaves for it', async () => {
    serveList([]);
    routes['GET /v1/youtube/oauth/auth-url'] = () => ({
      status: 200,
      data: { url: 'http://localhost/sandbox/google/o/oauth2/v2/auth?state=abc' },
    });
    setup({ path: '/onboarding/connections', mode: 'onboarding' });
    fireEvent.click(await screen.findByRole('button', { name: 'Connect YouTube' }));
    await waitFor(() =>
      expect(mocks.redirectToUrl).toHaveBeenCalledWith(
        'http://localhost/sandbox/google/o/oauth2/v2/auth?state=abc',
      ),
    );
    const authRequest = requests.find((request) => request.url.includes('auth-url'));
    expect(authRequest?.params).toEqual({ returnTo: '/onboarding/connections' });
    expect(screen.getByRole('button', { name: 'Connect YouTube' }).getAttribute('aria-busy')).toBe(
      'true',
    );
  });

  it('shows each status, the sandbox label, freshness and the failure reason', async () => {
    serveList([
      buildConnection({ sandbox: true }),
      buildConnection({
        id: '33333333-3333-4333-8333-333333333333',
        provider: 'meta',
        accountName: 'Juniper Vale (Meta)',
        status: 'reconnect_needed',
        lastSyncedAt: null,
        dataCompleteThrough: null,
        sync: {
          step: null,
          percent: null,
          error: 'Access was revoked or expired. Reconnect to resume syncing.',
        },
        accounts: [],
      }),
      buildConnection({
        id: '44444444-4444-4444-8444-444444444444',
        accountName: 'Second Channel',
        status: 'error',
        sync: { step: null, percent: null, error: 'YouTube is unavailable; retrying later' },
      }),
    ]);
    routes['GET /v1/meta/oauth/auth-url'] = () => ({
      status: 200,
      data: { url: 'http://localhost/sandbox/facebook/dialog/oauth' },
    });
    setup();

    const healthy = (await screen.findByRole('heading', { name: 'Juniper Vale' })).closest(
      'section',
    )!;
    expect(within(healthy).getByText('Connected')).toBeTruthy();
    expect(within(healthy).getByText('Sandbox')).toBeTruthy();
    const lastSynced = within(healthy).getByTestId('last-synced').querySelector('time')!;
    expect(lastSynced.getAttribute('dateTime')).toBe('2025-03-10T09:00:00.000Z');
    expect(lastSynced.getAttribute('title')).toMatch(/2025/);
    expect(within(healthy).getByText(/7 Mar 2025|Mar 7, 2025/)).toBeTruthy();
    expect(within(healthy).queryByRole('progressbar')).toBeNull();

    const lost = screen.getByRole('heading', { name: 'Juniper Vale (Meta)' }).closest('section')!;
    expect(within(lost).getByText('Reconnect needed')).toBeTruthy();
    expect(within(lost).getByText(/Access was revoked or expired/)).toBeTruthy();
    expect(within(lost).getByText('Not yet')).toBeTruthy();
    expect(within(lost).getByText('Pending')).toBeTruthy();
    expect(within(lost).queryByText('Sandbox')).toBeNull();
    expect(within(lost).queryByRole('button', { name: 'Refresh now' })).toBeNull();

    const failed = screen.getByRole('heading', { name: 'Second Channel' }).closest('section')!;
    expect(within(failed).getByText('Sync error')).toBeTruthy();
    expect(within(failed).getByText('YouTube is unavailable; retrying later')).toBeTruthy();
    expect(within(failed).getByRole('button', { name: 'Try again' })).toBeTruthy();

    fireEvent.click(within(lost).getByRole('button', { name: 'Reconnect' }));
    await waitFor(() =>
      expect(mocks.redirectToUrl).toHaveBeenCalledWith(
        'http://localhost/sandbox/facebook/dialog/oauth',
      ),
    );
  });

  it('shows a progress bar while syncing, polls, and stops polling once the sync is done', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const syncing = buildConnection({
      status: 'syncing',
      lastSyncedAt: null,
      dataCompleteThrough: null,
      sync: { step: 'Listing videos', percent: 40, error: null },
    });
    serveList([syncing], [buildConnection()]);
    setup();

    const bar = await screen.findByRole('progressbar', { name: 'Syncing Juniper Vale' });
    expect(bar.getAttribute('aria-valuenow')).toBe('40');
    expect(screen.getByTestId('sync-step').textContent).toBe('Listing videos');
    expect(screen.getByText('Syncing')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Refresh now' })).toHaveProperty('disabled', true);
    expect(countListRequests()).toBe(1);

    await act(() => vi.advanceTimersByTimeAsync(SYNC_POLL_INTERVAL_MS + 100));
    await waitFor(() => expect(screen.queryByRole('progressbar')).toBeNull());
    expect(screen.getByText('Connected')).toBeTruthy();
    expect(countListRequests()).toBe(2);
    expect(mocks.showToast).toHaveBeenCalledWith(
      expect.objectContaining({ title: 'Juniper Vale is up to date' }),
    );

    await act(() => vi.advanceTimersByTimeAsync(SYNC_POLL_INTERVAL_MS * 4));
    expect(countListRequests()).toBe(2);
  });

  it('Refresh now queues a sync and follows it to the end', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const connection = buildConnection();
    serveList([connection]);
    routes[`POST /v1/auth/oauth-connections/${connection.id}/refresh`] = () => {
      serveList(
        [
          buildConnection({
            status: 'syncing',
            sync: { step: 'Audience', percent: 92, error: null },
          }),
        ],
        [connection],
      );
      return {
        status: 202,
        data: {
          connection: { ...connection, sync: { step: 'Queued', percent: 0, error: null } },
          isNewSync: true,
        },
      };
    };
    setup();

    fireEvent.click(await screen.findByRole('button', { name: 'Refresh now' }));
    const bar = await screen.findByRole('progressbar');
    expect(bar.getAttribute('aria-valuenow')).toBe('0');
    expect(screen.getByTestId('sync-step').textContent).toMatch(/^Queued/);
    expect(mocks.showToast).toHaveBeenCalledWith(
      expect.objectContaining({ title: 'Sync started' }),
    );

    await act(() => vi.advanceTimersByTimeAsync(SYNC_POLL_INTERVAL_MS + 100));
    await waitFor(() =>
      expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('92'),
    );
    expect(screen.getByTestId('sync-step').textContent).toBe('Reading your audience');

    await act(() => vi.advanceTimersByTimeAsync(SYNC_POLL_INTERVAL_MS + 100));
    await waitFor(() => expect(screen.queryByRole('progressbar')).toBeNull());
    expect(screen.getByText('Connected')).toBeTruthy();
  });

  it('offers TikTok as its own card, connecting through its consent URL', async () => {
    serveList([]);
    routes['GET /v1/tiktok/oauth/auth-url'] = () => ({
      status: 200,
      data: { url: 'http://localhost/sandbox/tiktok/v2/auth/authorize/?state=abc' },
    });
    setup();
    const card = (await screen.findByRole('heading', { name: 'TikTok' })).closest('li')!;
    expect(within(card).getByText('Not connected')).toBeTruthy();
    expect(within(card).getByText(/tracked day by day from the day you connect/)).toBeTruthy();
    fireEvent.click(within(card).getByRole('button', { name: 'Connect TikTok' }));
    await waitFor(() =>
      expect(mocks.redirectToUrl).toHaveBeenCalledWith(
        'http://localhost/sandbox/tiktok/v2/auth/authorize/?state=abc',
      ),
    );
    const authRequest = requests.find((request) => request.url === '/v1/tiktok/oauth/auth-url');
    expect(authRequest?.params).toEqual({ returnTo: '/settings/connections' });
  });

  it('shows a TikTok connection with its status, account and the day tracking began, and disconnects it', async () => {
    const connection = buildConnection({
      id: '33333333-3333-4333-8333-333333333333',
      provider: 'tiktok',
      accountName: '@noralumen · Nora Lumen',
      sandbox: true,
      dataCompleteThrough: '2025-03-10',
      trackedSince: '2025-03-02',
      accounts: [
        {
          id: '44444444-4444-4444-8444-444444444444',
          platform: 'tiktok',
          name: 'Nora Lumen',
          handle: '@noralumen',
        },
      ],
    });
    serveList([connection], []);
    routes[`DELETE /v1/auth/oauth-connections/${connection.id}`] = () => ({
      status: 200,
      data: { isRevokedAtProvider: true },
    });
    setup();
    const card = (await screen.findByRole('heading', { name: 'TikTok' })).closest('li')!;
    await within(card).findByRole('heading', { name: '@noralumen · Nora Lumen' });
    expect(within(card).getByTestId('connection-status').textContent).toBe('Connected');
    expect(within(card).getByText('Sandbox')).toBeTruthy();
    const tracked = within(card).getByTestId('tracked-since').querySelector('time');
    expect(tracked?.getAttribute('dateTime')).toBe('2025-03-02');
    expect(within(card).getByRole('list', { name: 'Linked accounts' }).textContent).toContain(
      'TikTok:',
    );
    // The other cards have nothing of it.
    const youtube = screen.getByRole('heading', { name: 'YouTube' }).closest('li')!;
    expect(within(youtube).queryByTestId('tracked-since')).toBeNull();

    fireEvent.click(within(card).getByRole('button', { name: 'Disconnect' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Disconnect @noralumen · Nora Lumen?',
    });
    expect(within(dialog).getByText(/revoke Crescendo’s access at TikTok/)).toBeTruthy();
    expect(within(dialog).getByText(/tracked since you connected/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Disconnect and delete data' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await within(card).findByRole('button', { name: 'Connect TikTok' })).toBeTruthy();
  });

  it('disconnect asks first, explains what is deleted, and removes the connection', async () => {
    const connection = buildConnection();
    serveList([connection]);
    routes[`DELETE /v1/auth/oauth-connections/${connection.id}`] = () => ({
      status: 200,
      data: { isRevokedAtProvider: true },
    });
    setup();

    fireEvent.click(await screen.findByRole('button', { name: 'Disconnect' }));
    let dialog = await screen.findByRole('dialog', { name: 'Disconnect Juniper Vale?' });
    expect(within(dialog).getByText(/delete the stored sign-in tokens/)).toBeTruthy();
    expect(within(dialog).getByText(/delete all synced data for this account/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep connected' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(requests.some((request) => request.method === 'DELETE')).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'Disconnect' }));
    dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Disconnect and delete data' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(requests.filter((request) => request.method === 'DELETE')).toHaveLength(1);
    expect(await screen.findByRole('button', { name: 'Connect YouTube' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Juniper Vale' })).toBeNull();
    expect(mocks.showToast).toHaveBeenCalledWith(
      expect.objectContaining({ title: 'Juniper Vale disconnected', type: 'success' }),
    );
  });

  it('keeps the dialog open with the reason when disconnecting fails', async () => {
    const connection = buildConnection();
    serveList([connection]);
    routes[`DELETE /v1/auth/oauth-connections/${connection.id}`] = () => ({
      status: 404,
      data: { error: { code: 'NOT_FOUND', message: 'No such connection.' } },
    });
    setup();
    fireEvent.click(await screen.findByRole('button', { name: 'Disconnect' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Disconnect and delete data' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('No such connection.');
  });

  it('shows the fixed sentence for a code the provider flow returned, then drops it from the URL', async () => {
    serveList([]);
    const message = 'You declined access on Google, so nothing was connected.';
    const { router } = setup({
      path: `/settings/connections?${new URLSearchParams({ error: 'access_denied', provider: 'youtube' })}`,
    });
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('We couldn’t connect your account')).toBeTruthy();
    expect(within(alert).getByTestId('connect-error').textContent).toBe(message);
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(router.state.location.pathname).toBe('/settings/connections');
    fireEvent.click(within(alert).getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('never shows the text of an ?error= link: an unknown code reads generically', async () => {
    serveList([]);
    setup({
      path: `/settings/connections?${new URLSearchParams({ error: 'Your account is suspended, call +1-555-0100' })}`,
    });
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByTestId('connect-error').textContent).toBe(
      'Connecting did not finish, so nothing was connected. Start connecting again.',
    );
  });

  it('celebrates ?connected=meta with a toast and drops the parameter', async () => {
    serveList([]);
    const { router } = setup({ path: '/settings/connections?connected=meta' });
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(mocks.showToast).toHaveBeenCalledWith(
      expect.objectContaining({ title: 'Instagram & Facebook connected', type: 'celebration' }),
    );
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('tells a lead to choose a plan instead of offering connect buttons', async () => {
    serveList([]);
    setup({ role: 'lead' });
    expect(await screen.findByText('Choose a plan to connect your platforms')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See plans' }).getAttribute('href')).toBe('/pricing');
    expect(screen.queryByRole('button', { name: /^Connect/ })).toBeNull();
    expect(screen.getAllByText('Available with a plan')).toHaveLength(3);
    expect(countListRequests()).toBe(0);
  });

  it('switches to the plan message when the API refuses the auth URL with 403', async () => {
    serveList([]);
    routes['GET /v1/youtube/oauth/auth-url'] = () => ({
      status: 403,
      data: { error: { code: 'FORBIDDEN', message: 'Your role cannot do this' } },
    });
    setup();
    fireEvent.click(await screen.findByRole('button', { name: 'Connect YouTube' }));
    expect(await screen.findByText('Choose a plan to connect your platforms')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Connect YouTube' })).toBeNull();
    expect(mocks.redirectToUrl).not.toHaveBeenCalled();
  });

  it('shows Async Operation Failed with Retry when the list cannot load', async () => {
    let isDown = true;
    routes[listUrl] = () =>
      isDown
        ? {
            status: 400,
            data: { error: { code: 'BAD_REQUEST', message: 'Could not read connections' } },
          }
        : { status: 200, data: { connections: [] } };
    setup();
    expect(await screen.findByRole('heading', { name: 'Async Operation Failed' })).toBeTruthy();
    expect(screen.getByText('Could not read connections')).toBeTruthy();
    isDown = false;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('button', { name: 'Connect YouTube' })).toBeTruthy();
  });
});
