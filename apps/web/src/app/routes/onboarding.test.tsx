import type { OrganizationRole } from '@crescendo/contracts';
import { fireEvent, screen } from '@testing-library/react';
import {
  AxiosError,
  AxiosHeaders,
  type AxiosAdapter,
  type InternalAxiosRequestConfig,
} from 'axios';
import { Outlet } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { SignedInLanding } from '@/features/profile/components/signed-in-landing';
import { apiClient } from '@/lib/api-client';
import { AuthProvider } from '@/lib/auth/auth-context';
import { ProtectedRoute } from '@/lib/auth/guards';
import { buildMe } from '@/testing/factories';
import { createFakeIdentity, signedInAs } from '@/testing/fake-identity';
import { renderRoutes } from '@/testing/render';
import { Component as OnboardingConnections } from './onboarding-connections';
import { Component as OnboardingProfile } from './onboarding-profile';

const mocks = vi.hoisted(() => ({ fetchCurrentUser: vi.fn() }));
vi.mock('@/lib/auth/auth-api', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  fetchCurrentUser: mocks.fetchCurrentUser,
}));

type Handler = (config: InternalAxiosRequestConfig) => { status: number; data: unknown };
let routes: Record<string, Handler> = {};
const adapter: AxiosAdapter = async (config) => {
  const method = (config.method ?? 'get').toUpperCase();
  const reply = routes[`${method} ${config.url ?? ''}`]?.(config) ?? {
    status: 404,
    data: { error: { code: 'NOT_FOUND', message: 'No artist profile yet. Create one first.' } },
  };
  const response = { ...reply, statusText: '', headers: new AxiosHeaders(), config };
  if (reply.status >= 400) {
    throw new AxiosError('Request failed', 'ERR_BAD_REQUEST', config, {}, response);
  }
  return response;
};

/** An artist whose owner has not made a profile yet, seen with `role` in it. */
function renderAt(path: string, role: OrganizationRole) {
  const me = buildMe('customer');
  mocks.fetchCurrentUser.mockResolvedValue({ ...me, organization: { ...me.organization, role } });
  routes['GET /v1/auth/oauth-connections'] = () => ({ status: 200, data: { connections: [] } });
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
            // Under the guard: the landing decides once the backend user (and role) is known.
            element: <ProtectedRoute />,
            children: [
              { path: '/landing', element: <SignedInLanding to="/dashboard" /> },
              { path: '/onboarding/profile', element: <OnboardingProfile /> },
              { path: '/onboarding/connections', element: <OnboardingConnections /> },
              { path: '/dashboard', element: <h1>Dashboard page</h1> },
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
  apiClient.defaults.adapter = adapter;
  mocks.fetchCurrentUser.mockReset();
});

describe('onboarding for a member who joined an existing artist', () => {
  it('sends a viewer who signs in to the dashboard, not into onboarding', async () => {
    renderAt('/landing', 'viewer');
    expect(await screen.findByRole('heading', { name: 'Dashboard page' })).toBeTruthy();
  });

  it('still sends the owner of an artist without a profile into onboarding', async () => {
    renderAt('/landing', 'owner');
    // Text queries: role queries over the whole profile form are slow in jsdom.
    expect(await screen.findByText('Set up your artist profile')).toBeTruthy();
    expect(await screen.findByText('Save and continue')).toBeTruthy();
  });

  it.each(['/onboarding/profile', '/onboarding/connections'])(
    'shows a viewer who opens %s a read-only state with a way on to the dashboard',
    async (path) => {
      renderAt(path, 'viewer');
      expect(
        await screen.findByRole('heading', { name: 'Nothing to set up for you' }),
      ).toBeTruthy();
      expect(screen.getByText('Nova Lane Music is set up by its owners and managers')).toBeTruthy();
      expect(screen.queryByRole('button', { name: 'Save and continue' })).toBeNull();
      fireEvent.click(screen.getByRole('link', { name: 'Go to the dashboard' }));
      expect(await screen.findByRole('heading', { name: 'Dashboard page' })).toBeTruthy();
    },
  );
});
