import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { createFakeIdentity } from '@/testing/fake-identity';
import { renderRoutes, withAuthProvider } from '@/testing/render';
import { pendingRecheckMs } from '../api/validate-waitlist';
import { LeadWaitlistStatus } from './lead-waitlist-status';

const client = vi.hoisted(() => ({ apiClient: { post: vi.fn(), get: vi.fn() } }));
vi.mock('@/lib/api-client', () => client);
const api = {
  validateWaitlist: {
    mockResolvedValue: (data: unknown) => client.apiClient.post.mockResolvedValue({ data }),
    mockRejectedValue: (error: unknown) => client.apiClient.post.mockRejectedValue(error),
  },
};

function setup() {
  return renderRoutes(
    withAuthProvider([
      { path: '/waitlist', element: <LeadWaitlistStatus email="lead@example.com" /> },
      { path: '/rejected', element: <p>rejected page</p> },
    ]),
    { initialEntries: ['/waitlist'], adapter: createFakeIdentity().adapter },
  );
}

describe('LeadWaitlistStatus', () => {
  it('shows a pending lead their position', async () => {
    api.validateWaitlist.mockResolvedValue({
      email: 'lead@example.com',
      status: 'pending',
      position: 3,
      mode: 'approval',
    });
    setup();
    expect((await screen.findByTestId('waitlist-position')).textContent).toBe('3');
    expect(screen.getByText('Pending')).toBeTruthy();
    expect(client.apiClient.post).toHaveBeenCalledWith('/v1/auth/validate-waitlist', {
      email: 'lead@example.com',
    });
  });

  it('shows the approval by itself while the page stays open', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      client.apiClient.post
        .mockResolvedValueOnce({
          data: { email: 'lead@example.com', status: 'pending', position: 1, mode: 'approval' },
        })
        .mockResolvedValue({
          data: { email: 'lead@example.com', status: 'approved', position: null, mode: 'approval' },
        });
      setup();
      expect((await screen.findByTestId('waitlist-position')).textContent).toBe('1');
      await vi.advanceTimersByTimeAsync(pendingRecheckMs);
      expect(await screen.findByRole('heading', { name: 'You’re off the waitlist' })).toBeTruthy();
    } finally {
      vi.useRealTimers();
    }
  });

  it('sends a rejected lead to /rejected', async () => {
    api.validateWaitlist.mockResolvedValue({
      email: 'lead@example.com',
      status: 'rejected',
      position: null,
      mode: 'approval',
    });
    const { router } = setup();
    await waitFor(() => expect(router.state.location.pathname).toBe('/rejected'));
  });

  it('offers Retry when the check fails', async () => {
    api.validateWaitlist.mockRejectedValue(new Error('Server error occurred'));
    setup();
    expect(await screen.findByRole('heading', { name: 'Async Operation Failed' })).toBeTruthy();
  });
});
