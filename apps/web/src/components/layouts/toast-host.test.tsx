import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

afterEach(() => {
  cleanup();
  vi.doUnmock('@/lib/toast-presenter');
  vi.resetModules();
});

describe('ToastHost', () => {
  it('loads the toaster with the first toast and shows it', async () => {
    const { ToastHost } = await import('./toast-host');
    const { showToast } = await import('@/lib/toast');
    const { container } = render(<ToastHost theme="light" />);
    expect(container.innerHTML).toBe('');

    act(() => {
      showToast({ title: 'Release day', description: 'Your single is out.', type: 'celebration' });
    });
    // sonner's chunk loads first; on a busy machine that takes more than findBy's 1 s.
    expect(await screen.findByText('Release day', {}, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByText('Your single is out.')).toBeTruthy();
  });

  it('shows the toasts plainly while the toaster cannot load, and closes them', async () => {
    vi.doMock('@/lib/toast-presenter', () => {
      throw new Error('Failed to fetch dynamically imported module');
    });
    const { ToastHost } = await import('./toast-host');
    const { showConnectionErrorToast, showToast } = await import('@/lib/toast');
    render(<ToastHost theme="dark" />);

    act(() => {
      showConnectionErrorToast();
      showToast({ title: 'Saved', type: 'success' });
    });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Connection Error');
    expect(alert.textContent).toContain(
      'Having trouble connecting. Please check your internet connection.',
    );
    expect(screen.getByRole('status').textContent).toContain('Saved');

    // The same message again is the same toast, not a second copy.
    act(() => {
      showConnectionErrorToast();
      showToast({ title: 'Saved', type: 'success' });
    });
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(screen.getAllByRole('status')).toHaveLength(1);

    fireEvent.click(screen.getAllByRole('button', { name: 'Close toast' })[0]!);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('status')).toBeTruthy();
  });

  it('closes a plain toast after its duration', async () => {
    vi.doMock('@/lib/toast-presenter', () => {
      throw new Error('Failed to fetch dynamically imported module');
    });
    const { ToastHost } = await import('./toast-host');
    const { showToast } = await import('@/lib/toast');
    render(<ToastHost theme="light" />);
    act(() => {
      showToast({ title: 'Quick note', duration: 50 });
    });
    expect(await screen.findByText('Quick note')).toBeTruthy();
    await act(() => new Promise((resolve) => setTimeout(resolve, 80)));
    expect(screen.queryByText('Quick note')).toBeNull();
  });
});
