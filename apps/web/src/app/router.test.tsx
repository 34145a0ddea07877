import type { Role } from '@crescendo/contracts';
import { screen, waitFor } from '@testing-library/react';
import { AxiosError, AxiosHeaders } from 'axios';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { guardedRoutes, paths } from '@/config/paths';
import { apiClient } from '@/lib/api-client';
import { isRoleAllowed } from '@/lib/auth/roles';
import { buildMe } from '@/testing/factories';
import { createFakeIdentity, signedInAs } from '@/testing/fake-identity';
import { renderRoutes } from '@/testing/render';
import { routes } from './router';

const api = vi.hoisted(() => ({ fetchCurrentUser: vi.fn() }));
vi.mock('@/lib/auth/auth-api', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  ...api,
}));

beforeAll(() => {
  // Every other API call answers 404 quickly, so screens settle into their empty states.
  apiClient.defaults.adapter = async (config) => {
    const response = {
      data: { error: { code: 'NOT_FOUND', message: 'Not found' } },
      status: 404,
      statusText: '',
      headers: new AxiosHeaders(),
      config,
    };
    throw new AxiosError('Not found', 'ERR_BAD_REQUEST', config, {}, response);
  };
});
beforeEach(() => api.fetchCurrentUser.mockReset());

async function settle() {
  await waitFor(() => expect(screen.queryByTestId('guard-spinner')).toBeNull());
  await waitFor(() => expect(screen.queryByText('Initializing...', { selector: 'p' })).toBeNull());
}

describe('router', () => {
  it("shows 'Initializing...' while identity loads, and the footer", async () => {
    renderRoutes(routes, {
      initialEntries: ['/'],
      adapter: createFakeIdentity({ isLoaded: false }).adapter,
    });
    expect(await screen.findByText('Initializing...', { selector: 'p' })).toBeTruthy();
    expect(screen.getByText('© 2024 Crescendo. All rights reserved.')).toBeTruthy();
  });

  it('redirects unknown paths to /login', async () => {
    const { router } = renderRoutes(routes, {
      initialEntries: ['/no/such/page'],
      adapter: createFakeIdentity().adapter,
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(await screen.findByText('Welcome back')).toBeTruthy();
    expect(screen.getByText('© 2024 Crescendo. All rights reserved.')).toBeTruthy();
  });

  it('sends signed-out visitors of a guarded route to /login, remembering it', async () => {
    const { router } = renderRoutes(routes, {
      initialEntries: ['/youtube'],
      adapter: createFakeIdentity().adapter,
    });
    // The guarded route's chunks load first; on a busy machine that takes more than waitFor's 1 s.
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'), {
      timeout: 10_000,
    });
    expect((router.state.location.state as { from: { pathname: string } }).from.pathname).toBe(
      '/youtube',
    );
  });

  const roles: Role[] = ['customer', 'lead', 'admin'];
  for (const role of roles) {
    it(`applies the guard for a ${role} on every guarded route`, async () => {
      api.fetchCurrentUser.mockResolvedValue(buildMe(role));
      for (const [path, allowed] of Object.entries(guardedRoutes)) {
        const { router, unmount } = renderRoutes(routes, {
          // Checkout needs a plan, otherwise it sends the visitor to pricing.
          initialEntries: [path === paths.checkout ? `${path}?plan=pro` : path],
          adapter: createFakeIdentity(signedInAs()).adapter,
        });
        await settle();
        const expected = isRoleAllowed([role], allowed) ? path : paths.accessDenied;
        await waitFor(() => expect(router.state.location.pathname).toBe(expected));
        unmount();
      }
    }, 30_000);
  }

  it('sends a signed-in lead from /login to /waitlist and a customer without a profile from /register to onboarding', async () => {
    api.fetchCurrentUser.mockResolvedValue(buildMe('lead'));
    const lead = renderRoutes(routes, {
      initialEntries: ['/login'],
      adapter: createFakeIdentity(signedInAs()).adapter,
    });
    await waitFor(() => expect(lead.router.state.location.pathname).toBe('/waitlist'));
    lead.unmount();
    api.fetchCurrentUser.mockResolvedValue(buildMe('customer'));
    const customer = renderRoutes(routes, {
      initialEntries: ['/register'],
      adapter: createFakeIdentity(signedInAs()).adapter,
    });
    // The artist profile answers 404 here: a first sign-in starts onboarding.
    await waitFor(() =>
      expect(customer.router.state.location.pathname).toBe('/onboarding/profile'),
    );
  });
});

describe('lazy route failures', () => {
  it('a failed route chunk renders Update Required inside the app shell', async () => {
    api.fetchCurrentUser.mockResolvedValue(buildMe('customer'));
    const { router } = renderRoutes(routes, {
      initialEntries: ['/settings/usage'],
      adapter: createFakeIdentity(signedInAs()).adapter,
    });
    await screen.findByRole('heading', { name: /^Usage & billing$/ });
    // The server itself answers: the chunk is really missing (a newer build was deployed).
    vi.stubGlobal('fetch', async () => new Response('{"status":"ok"}', { status: 200 }));
    const { importWithChunkFallback } = await import('@/lib/chunk-errors');
    const load = importWithChunkFallback(() =>
      Promise.reject(new TypeError('Failed to fetch dynamically imported module: /assets/meta.js')),
    );
    // Swap the /meta index route's loader for one whose chunk fails.
    const shell = router.routes[0]?.children?.[1]?.children?.find(
      (route) => route.path === paths.meta,
    );
    const index = shell?.children?.[0];
    expect(index).toBeDefined();
    if (index)
      (index as { lazy?: unknown }).lazy = async () => ({ Component: (await load()) as never });
    await router.navigate(paths.meta);
    expect(await screen.findByRole('heading', { name: 'Update Required' })).toBeTruthy();
    expect(
      screen.getByText('Failed to load application resources. Please refresh the page.'),
    ).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Search Crescendo' })).toBeTruthy();
    vi.unstubAllGlobals();
  });
});
