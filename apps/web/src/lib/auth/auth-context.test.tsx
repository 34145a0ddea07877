import { act, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-error';
import { readStoredToken, readStoredUser, storeToken, USER_STORAGE_KEY } from '@/lib/token-store';
import { buildMe } from '@/testing/factories';
import { createFakeIdentity, signedInAs } from '@/testing/fake-identity';
import { renderRoutes, withAuthProvider } from '@/testing/render';
import { useAuth } from './auth-context';
import { LOGIN_NOT_SUPPORTED_MESSAGE, REGISTER_NOT_SUPPORTED_MESSAGE } from './auth-errors';

const api = vi.hoisted(() => ({ fetchCurrentUser: vi.fn(), logoutFromApi: vi.fn() }));
vi.mock('./auth-api', async (importOriginal) => ({ ...(await importOriginal<object>()), ...api }));

let captured: ReturnType<typeof useAuth> | null = null;
function Probe() {
  captured = useAuth();
  return (
    <p data-testid="probe">
      {captured.user ? `${captured.user.email}:${captured.roles.join(',')}` : 'no user'}
    </p>
  );
}

function setup(initialEntries = ['/app'], identity = createFakeIdentity(signedInAs())) {
  const routes = withAuthProvider([
    { path: '/', element: <p>home page</p> },
    { path: '/app', element: <Probe /> },
    { path: '/login', element: <p>login page</p> },
    { path: '/error', element: <p>error page</p> },
  ]);
  return { ...renderRoutes(routes, { initialEntries, adapter: identity.adapter }), identity };
}

beforeEach(() => {
  captured = null;
  api.fetchCurrentUser.mockReset();
  api.logoutFromApi.mockReset().mockResolvedValue(undefined);
});

describe('AuthProvider', () => {
  it('fetches the backend user once after sign-in and stores it locally', async () => {
    api.fetchCurrentUser.mockResolvedValue(buildMe('customer'));
    setup();
    expect(await screen.findByText('artist@example.com:customer')).toBeTruthy();
    expect(api.fetchCurrentUser).toHaveBeenCalledTimes(1);
    expect(readStoredUser()).toMatchObject({
      id: 'user-1',
      email: 'artist@example.com',
      role: 'customer',
      organization: { id: 'org-1' },
    });
  });

  it('login() and register() direct to the identity provider components', async () => {
    api.fetchCurrentUser.mockResolvedValue(buildMe('customer'));
    setup();
    await screen.findByText(/customer/);
    expect(() => captured?.login()).toThrow(LOGIN_NOT_SUPPORTED_MESSAGE);
    expect(() => captured?.register()).toThrow(REGISTER_NOT_SUPPORTED_MESSAGE);
    expect(LOGIN_NOT_SUPPORTED_MESSAGE).toMatch(/SignIn component/);
    expect(REGISTER_NOT_SUPPORTED_MESSAGE).toMatch(/SignUp component/);
  });

  it('prefers identity metadata roles, tier and permissions', async () => {
    api.fetchCurrentUser.mockResolvedValue(buildMe('lead', { tier: 'free' }));
    const identity = createFakeIdentity({
      ...signedInAs(),
      publicMetadata: { roles: 'admin, customer', tier: 'pro', permissions: 'a,b' },
    });
    setup(['/app'], identity);
    await screen.findByText('artist@example.com:admin,customer');
    expect(captured?.tier).toBe('pro');
    expect(captured?.hasAnyPermission(['b'])).toBe(true);
    expect(captured?.hasRole('lead')).toBe(false);
  });

  it('401 on the backend user clears it and goes to /login', async () => {
    api.fetchCurrentUser.mockRejectedValue(new ApiError('Sign in', 'UNAUTHENTICATED', 401));
    storeToken('stale');
    const { identity } = setup();
    expect(await screen.findByText('login page')).toBeTruthy();
    expect(readStoredToken()).toBeNull();
    expect(identity.signOut.calls.length).toBe(1);
  });

  it('500 on the backend user goes to /error', async () => {
    api.fetchCurrentUser.mockRejectedValue(
      new ApiError('Server error occurred', 'SERVER_ERROR', 500),
    );
    setup();
    expect(await screen.findByText('error page')).toBeTruthy();
  });

  it('a sign-out at the provider clears the user, the token and cached data', async () => {
    api.fetchCurrentUser.mockResolvedValue(buildMe('customer'));
    const { identity, queryClient } = setup();
    await screen.findByText(/customer/);
    storeToken('tok');
    act(() => identity.set({ isSignedIn: false, user: null }));
    await waitFor(() => expect(screen.getByTestId('probe').textContent).toBe('no user'));
    expect(readStoredToken()).toBeNull();
    expect(localStorage.getItem(USER_STORAGE_KEY)).toBeNull();
    expect(queryClient.getQueryCache().getAll()).toHaveLength(0);
  });

  it('logout() ends the API session, signs out at the provider, clears and goes to /', async () => {
    api.fetchCurrentUser.mockResolvedValue(buildMe('customer'));
    const { identity, router } = setup();
    await screen.findByText(/customer/);
    storeToken('tok');
    await act(async () => {
      await captured?.logout();
    });
    expect(api.logoutFromApi).toHaveBeenCalledTimes(1);
    expect(identity.signOut.calls.length).toBe(1);
    expect(router.state.location.pathname).toBe('/');
    expect(readStoredToken()).toBeNull();
  });
});
