import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CHUNK_LOAD_FAILURE_MESSAGE } from '@/lib/chunk-errors';
import { buildMe } from '@/testing/factories';
import { createFakeIdentity, signedInAs } from '@/testing/fake-identity';
import { renderRoutes, withAuthProvider } from '@/testing/render';
import { AppShell } from './app-shell';

const api = vi.hoisted(() => ({ fetchCurrentUser: vi.fn() }));
vi.mock('@/lib/auth/auth-api', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  ...api,
}));
const toast = vi.hoisted(() => ({ showToast: vi.fn() }));
vi.mock('@/lib/toast', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  ...toast,
}));
// The menu's module fails to import with a TypeError, as a browser reports a chunk it could not
// fetch ("TypeError: Failed to fetch dynamically imported module").
vi.mock('./user-menu-dropdown', () => null as never);

beforeEach(() => {
  api.fetchCurrentUser.mockReset().mockResolvedValue(buildMe('customer'));
  toast.showToast.mockReset();
  // The server answers its health check: the chunk is really missing, not the network down.
  vi.stubGlobal('fetch', async () => new Response('{"status":"ok"}', { status: 200 }));
});
afterEach(() => vi.unstubAllGlobals());

describe('AppShell account menu whose chunk fails to load', () => {
  it("says so with the spec's message and leaves the button usable", async () => {
    const identity = createFakeIdentity(signedInAs());
    renderRoutes(withAuthProvider([{ path: '/', element: <AppShell>page</AppShell> }]), {
      adapter: identity.adapter,
    });
    const button = await screen.findByRole(
      'button',
      { name: 'Account menu for Nova Lane' },
      { timeout: 10_000 },
    );
    fireEvent.click(button);
    await waitFor(() =>
      expect(toast.showToast).toHaveBeenCalledWith({
        title: 'The account menu did not load',
        description: CHUNK_LOAD_FAILURE_MESSAGE,
        type: 'error',
      }),
    );
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('menu')).toBeNull();
  });
});
