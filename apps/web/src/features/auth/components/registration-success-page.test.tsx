import { screen, waitFor } from '@testing-library/react';
import { Outlet } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AuthProvider } from '@/lib/auth/auth-context';
import { buildMe } from '@/testing/factories';
import { createFakeIdentity, signedInAs } from '@/testing/fake-identity';
import { renderRoutes } from '@/testing/render';
import { RegistrationSuccessPage } from './registration-success-page';

const api = vi.hoisted(() => ({
  fetchCurrentUser: vi.fn(),
  registerUser: vi.fn(),
  completeRegistration: vi.fn(),
}));
vi.mock('@/lib/auth/auth-api', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  ...api,
}));

function setup() {
  return renderRoutes(
    [
      {
        element: (
          <AuthProvider>
            <Outlet />
          </AuthProvider>
        ),
        children: [
          { path: '/registration-success', element: <RegistrationSuccessPage /> },
          { path: '/registration-error', element: <p>registration error page</p> },
          { path: '/rejected', element: <p>rejected page</p> },
          { path: '/register', element: <p>register page</p> },
        ],
      },
    ],
    {
      initialEntries: ['/registration-success'],
      adapter: createFakeIdentity(signedInAs('idp-42', 'juniper@example.com', 'Juniper Vale'))
        .adapter,
    },
  );
}

beforeEach(() => {
  api.fetchCurrentUser.mockReset().mockResolvedValue(buildMe('lead'));
  api.registerUser.mockReset().mockResolvedValue({ created: true, user: buildMe('lead') });
  api.completeRegistration.mockReset();
});

describe('RegistrationSuccessPage', () => {
  it('registers the identity user, then shows the waitlist position', async () => {
    api.completeRegistration.mockResolvedValue({
      status: 'pending',
      position: 4,
      user: buildMe('lead'),
    });
    setup();
    expect(await screen.findByRole('heading', { name: 'You’re on the waitlist' })).toBeTruthy();
    expect(screen.getByText(/number 4 in line/)).toBeTruthy();
    expect(api.registerUser).toHaveBeenCalledWith({
      email: 'juniper@example.com',
      clerk_user_id: 'idp-42',
    });
    expect(api.completeRegistration).toHaveBeenCalledWith({ name: 'Juniper Vale' });
    expect(api.registerUser).toHaveBeenCalledTimes(1);
  });

  it('welcomes an approved artist', async () => {
    api.completeRegistration.mockResolvedValue({
      status: 'approved',
      position: null,
      user: buildMe('customer'),
    });
    setup();
    expect(await screen.findByRole('heading', { name: 'You’re in!' })).toBeTruthy();
  });

  it('sends a rejected registration to /rejected', async () => {
    api.completeRegistration.mockResolvedValue({
      status: 'rejected',
      position: null,
      user: buildMe('lead'),
    });
    const { router } = setup();
    await waitFor(() => expect(router.state.location.pathname).toBe('/rejected'));
  });

  it('lands on /registration-error when the backend call fails', async () => {
    api.registerUser.mockRejectedValue(new Error('Server error occurred'));
    const { router } = setup();
    await waitFor(() => expect(router.state.location.pathname).toBe('/registration-error'));
  });
});
