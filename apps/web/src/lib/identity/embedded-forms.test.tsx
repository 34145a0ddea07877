import { fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { EmbeddedSignIn, EmbeddedSignUp } from './embedded-forms';

const client = vi.hoisted(() => ({
  embeddedAuthClient: {
    signIn: { email: vi.fn() },
    signUp: { email: vi.fn() },
    refreshSession: vi.fn(),
  },
  fetchEmbeddedToken: vi.fn(),
}));
vi.mock('./embedded-client', () => client);

function renderAt(element: React.ReactNode) {
  const router = createMemoryRouter(
    [
      { path: '/form', element },
      { path: '/registration-success', element: <p>registered</p> },
    ],
    { initialEntries: ['/form'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('embedded identity forms', () => {
  it('validates before calling the provider and reports bad credentials', async () => {
    client.embeddedAuthClient.signIn.email.mockResolvedValue({
      error: { status: 401, message: 'Invalid email or password' },
    });
    renderAt(<EmbeddedSignIn redirectTo="/dashboard" />);
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Enter your email address')).toBeTruthy();
    expect(client.embeddedAuthClient.signIn.email).not.toHaveBeenCalled();
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'artist@example.com' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'wrong-password' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText(/don’t match/)).toBeTruthy();
  });

  it('signs up and moves on to registration', async () => {
    client.embeddedAuthClient.signUp.email.mockResolvedValue({
      data: { user: { id: 'u' } },
      error: null,
    });
    const router = renderAt(<EmbeddedSignUp afterSignUpPath="/registration-success" />);
    fireEvent.change(screen.getByLabelText('Artist or full name'), { target: { value: 'Nova' } });
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'nova@example.com' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'short' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText(/at least 8 characters/)).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Password'), {
      target: { value: 'long-enough-password' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('registered')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/registration-success');
    expect(client.embeddedAuthClient.signUp.email).toHaveBeenCalledWith(
      { name: 'Nova', email: 'nova@example.com', password: 'long-enough-password' },
      { isSessionReadDeferred: true },
    );
    // The session is read once registration is on screen, not before.
    expect(client.embeddedAuthClient.refreshSession).toHaveBeenCalledTimes(1);
  });
});
