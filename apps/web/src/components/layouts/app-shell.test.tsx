import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { buildMe } from '@/testing/factories';
import { createFakeIdentity, signedInAs } from '@/testing/fake-identity';
import { renderRoutes, withAuthProvider } from '@/testing/render';
import { AppShell } from './app-shell';

const api = vi.hoisted(() => ({ fetchCurrentUser: vi.fn(), logoutFromApi: vi.fn() }));
vi.mock('@/lib/auth/auth-api', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  ...api,
}));

function setup() {
  const identity = createFakeIdentity(signedInAs());
  const routes = withAuthProvider([
    { path: '/', element: <p>home page</p> },
    { path: '/dashboard', element: <AppShell>dashboard page</AppShell> },
  ]);
  return {
    ...renderRoutes(routes, { initialEntries: ['/dashboard'], adapter: identity.adapter }),
    identity,
  };
}

beforeEach(() => {
  api.fetchCurrentUser.mockReset().mockResolvedValue(buildMe('customer'));
  api.logoutFromApi.mockReset().mockResolvedValue(undefined);
});

describe('AppShell account menu', () => {
  it('loads the menu on the first click and opens it at once; Sign out signs out', async () => {
    const { identity } = setup();
    const button = await screen.findByRole(
      'button',
      { name: 'Account menu for Nova Lane' },
      // The backend user's query module and the menu's chunk load first (slow on a busy machine).
      { timeout: 10_000 },
    );
    expect(screen.queryByRole('menu')).toBeNull();
    fireEvent.click(button);
    const signOut = await screen.findByRole('menuitem', { name: 'Sign out' }, { timeout: 10_000 });
    expect(screen.getByRole('menu').textContent).toContain('artist@example.com');
    fireEvent.click(signOut);
    await waitFor(() => expect(api.logoutFromApi).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(identity.signOut.calls).toHaveLength(1));
    expect(await screen.findByText('home page')).toBeTruthy();
  });
});
