import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { IdentityAdapterContext } from '@/lib/identity/adapter-context';
import type { EmbeddedSessionState } from '@/lib/identity/embedded-client';
import { createEmbeddedAdapter } from '@/lib/identity/embedded-adapter';
import type { IdentityAdapter } from '@/lib/identity/types';
import { createFakeIdentity } from '@/testing/fake-identity';
import { EmailVerificationBanner } from './email-verification-banner';

const auth = vi.hoisted(() => ({
  state: { data: null, isPending: true } as EmbeddedSessionState,
  sendVerificationEmail: vi.fn(),
}));
vi.mock('@/lib/identity/embedded-client', () => ({
  embeddedAuthClient: {
    subscribe: () => () => undefined,
    getSession: () => auth.state,
  },
}));
vi.mock('@/lib/identity/embedded-mail-requests', () => ({
  sendVerificationEmail: auth.sendVerificationEmail,
}));
const toasts = vi.hoisted(() => ({ showToast: vi.fn() }));
vi.mock('@/lib/toast', () => toasts);

function signedInAs(emailVerified: boolean): EmbeddedSessionState {
  return {
    data: { user: { id: 'u1', email: 'juniper@example.com', name: 'Juniper', emailVerified } },
    isPending: false,
  };
}

/** The real embedded adapter over a stand-in session store; or another provider's identity. */
function setup(adapter: IdentityAdapter = createEmbeddedAdapter()) {
  return render(
    <IdentityAdapterContext value={adapter}>
      <EmailVerificationBanner />
    </IdentityAdapterContext>,
  );
}

beforeEach(() => {
  auth.sendVerificationEmail.mockReset();
  toasts.showToast.mockReset();
});

describe('EmailVerificationBanner', () => {
  it('asks an unconfirmed account to confirm its email, and Resend mails a new link', async () => {
    auth.state = signedInAs(false);
    auth.sendVerificationEmail.mockResolvedValue({ data: { status: true }, error: null });
    setup();
    expect(screen.getByText('Confirm your email')).toBeTruthy();
    expect(screen.getByText(/We sent a link to juniper@example.com/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Resend' }));
    await waitFor(() =>
      expect(toasts.showToast).toHaveBeenCalledWith({
        title: 'Link sent',
        description: 'Check juniper@example.com for a new confirmation link.',
        type: 'success',
      }),
    );
    expect(auth.sendVerificationEmail).toHaveBeenCalledWith('juniper@example.com');
  });

  it('says why when the link was not sent (too many asked for)', async () => {
    auth.state = signedInAs(false);
    auth.sendVerificationEmail.mockResolvedValue({
      data: null,
      error: { status: 429, message: 'Too many confirmation mails asked for.' },
    });
    setup();
    fireEvent.click(screen.getByRole('button', { name: 'Resend' }));
    await waitFor(() =>
      expect(toasts.showToast).toHaveBeenCalledWith({
        title: 'We couldn’t send the link',
        description: 'Too many confirmation mails asked for.',
        type: 'error',
      }),
    );
  });

  it('shows nothing once the email is confirmed, while the session loads, or with a provider that confirms addresses itself', () => {
    auth.state = signedInAs(true);
    const { container, unmount } = setup();
    expect(container.textContent).toBe('');
    unmount();
    auth.state = { data: null, isPending: true };
    expect(setup().container.textContent).toBe('');
    const clerkLike = createFakeIdentity({
      isSignedIn: true,
      user: { id: 'u1', email: 'juniper@example.com', name: 'Juniper' },
    }).adapter;
    expect(setup(clerkLike).container.textContent).toBe('');
  });
});
