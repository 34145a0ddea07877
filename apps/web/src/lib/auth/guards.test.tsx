import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useLocation } from 'react-router';
import { buildMe } from '@/testing/factories';
import { createFakeIdentity, signedInAs } from '@/testing/fake-identity';
import { renderRoutes, withAuthProvider } from '@/testing/render';
import { ProtectedRoute, readRememberedOrigin, RedirectIfSignedIn } from './guards';

const api = vi.hoisted(() => ({ fetchCurrentUser: vi.fn() }));
vi.mock('./auth-api', async (importOriginal) => ({ ...(await importOriginal<object>()), ...api }));

function LoginProbe() {
  const location = useLocation();
  return <p>login from {readRememberedOrigin(location.state, location.search) ?? 'nowhere'}</p>;
}

function setup(path: string, identity = createFakeIdentity(signedInAs())) {
  const routes = withAuthProvider([
    { path: '/', element: <p>home page</p> },
    {
      path: '/login',
      element: (
        <RedirectIfSignedIn>
          <LoginProbe />
        </RedirectIfSignedIn>
      ),
    },
    { path: '/access-denied', element: <p>access denied page</p> },
    {
      path: '/dashboard',
      element: (
        <ProtectedRoute allowedRoles={['customer', 'admin']} fallback="/access-denied">
          <p>dashboard page</p>
        </ProtectedRoute>
      ),
    },
    {
      path: '/waitlist',
      element: (
        <ProtectedRoute allowedRoles={['lead', 'admin']} fallback="/access-denied">
          <p>waitlist page</p>
        </ProtectedRoute>
      ),
    },
    {
      path: '/default-fallback',
      element: (
        <ProtectedRoute allowedRoles={['admin']}>
          <p>admin page</p>
        </ProtectedRoute>
      ),
    },
    {
      path: '/connections',
      element: (
        <ProtectedRoute allowedRoles={[]}>
          <p>connections page</p>
        </ProtectedRoute>
      ),
    },
  ]);
  return renderRoutes(routes, { initialEntries: [path], adapter: identity.adapter });
}

beforeEach(() => api.fetchCurrentUser.mockReset());

describe('ProtectedRoute', () => {
  it('shows a spinner while identity loads', () => {
    setup('/dashboard', createFakeIdentity({ isLoaded: false }));
    expect(screen.getByTestId('guard-spinner')).toBeTruthy();
  });

  it('sends unauthenticated users to /login remembering the origin', async () => {
    setup('/dashboard?range=28d', createFakeIdentity({ isLoaded: true, isSignedIn: false }));
    expect(await screen.findByText('login from /dashboard?range=28d')).toBeTruthy();
  });

  it('lets allowed roles in', async () => {
    api.fetchCurrentUser.mockResolvedValue(buildMe('customer'));
    setup('/dashboard');
    expect(await screen.findByText('dashboard page')).toBeTruthy();
  });

  it('redirects a wrong role to the fallback', async () => {
    api.fetchCurrentUser.mockResolvedValue(buildMe('lead'));
    setup('/dashboard');
    expect(await screen.findByText('access denied page')).toBeTruthy();
  });

  it('uses / as the default fallback', async () => {
    api.fetchCurrentUser.mockResolvedValue(buildMe('customer'));
    setup('/default-fallback');
    expect(await screen.findByText('home page')).toBeTruthy();
  });

  it('lets any signed-in user through an empty allowed-roles list', async () => {
    api.fetchCurrentUser.mockResolvedValue(buildMe('lead'));
    setup('/connections');
    expect(await screen.findByText('connections page')).toBeTruthy();
  });
});

describe('RedirectIfSignedIn', () => {
  it('sends customers and admins to /dashboard', async () => {
    api.fetchCurrentUser.mockResolvedValue(buildMe('admin'));
    setup('/login');
    expect(await screen.findByText('dashboard page')).toBeTruthy();
  });

  it('sends leads to /waitlist', async () => {
    api.fetchCurrentUser.mockResolvedValue(buildMe('lead'));
    setup('/login');
    expect(await screen.findByText('waitlist page')).toBeTruthy();
  });

  it('returns to the remembered origin after sign-in', async () => {
    api.fetchCurrentUser.mockResolvedValue(buildMe('lead'));
    setup('/login?from=%2Fconnections');
    expect(await screen.findByText('connections page')).toBeTruthy();
  });

  it('shows the sign-in page when signed out', async () => {
    setup('/login', createFakeIdentity({ isLoaded: true, isSignedIn: false }));
    expect(await screen.findByText('login from nowhere')).toBeTruthy();
  });
});

describe('backend user failures', () => {
  it('offers Retry when the backend user cannot be loaded', async () => {
    const { ApiError } = await import('@/lib/api-error');
    api.fetchCurrentUser.mockRejectedValue(
      new ApiError('Network error - please check your connection', 'NETWORK_ERROR'),
    );
    setup('/dashboard');
    expect(
      await screen.findByRole('heading', { name: 'Async Operation Failed' }, { timeout: 15_000 }),
    ).toBeTruthy();
    api.fetchCurrentUser.mockResolvedValue(buildMe('customer'));
    screen.getByRole('button', { name: 'Retry' }).click();
    expect(await screen.findByText('dashboard page')).toBeTruthy();
  }, 20_000);
});
