import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { COPY_FAILURE_MESSAGE, COPY_SUCCESS_MESSAGE } from './error-details';
import { GlobalErrorBoundary } from './global-error-boundary';

let shouldThrow = true;
function Bomb() {
  if (shouldThrow) throw new Error('Kaboom');
  return <p>all good</p>;
}

function renderBoundary(onGoHome = vi.fn()) {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  render(
    <GlobalErrorBoundary onGoHome={onGoHome}>
      <Bomb />
    </GlobalErrorBoundary>,
  );
  return onGoHome;
}

afterEach(() => {
  shouldThrow = true;
  vi.useRealTimers();
});

describe('GlobalErrorBoundary', () => {
  it('shows the fallback with Try Again, Go Home and Report This Issue and a footer', () => {
    renderBoundary();
    expect(screen.getByRole('heading', { name: 'Oops! Something went wrong' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Go Home' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Report This Issue' })).toBeTruthy();
    expect(screen.getByText('© 2024 Crescendo. All rights reserved.')).toBeTruthy();
  });

  it('Try Again resets; Go Home goes to /', () => {
    const onGoHome = renderBoundary();
    shouldThrow = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(screen.getByText('all good')).toBeTruthy();
    shouldThrow = true;
    cleanupAndRender(onGoHome);
    fireEvent.click(screen.getByRole('button', { name: 'Go Home' }));
    expect(onGoHome).toHaveBeenCalled();
  });

  it('Report This Issue copies details and alerts on success', async () => {
    renderBoundary();
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.assign(navigator, { clipboard: { writeText } });
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    await act(async () =>
      fireEvent.click(screen.getByRole('button', { name: 'Report This Issue' })),
    );
    expect(writeText.mock.calls[0]?.[0]).toContain('Kaboom');
    expect(alert).toHaveBeenCalledWith(COPY_SUCCESS_MESSAGE);
    expect(COPY_SUCCESS_MESSAGE).toBe(
      'Error details copied to clipboard. Please include them when reporting the issue.',
    );
  });

  it('alerts when copying fails', async () => {
    renderBoundary();
    Object.assign(navigator, {
      clipboard: { writeText: vi.fn().mockRejectedValue(new Error('denied')) },
    });
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    await act(async () =>
      fireEvent.click(screen.getByRole('button', { name: 'Report This Issue' })),
    );
    expect(alert).toHaveBeenCalledWith(COPY_FAILURE_MESSAGE);
    expect(COPY_FAILURE_MESSAGE).toBe('Could not copy error details. Please take a screenshot.');
  });

  it('shows an auto-recovery notice from the 2nd error and resets itself 5 s after the 3rd', () => {
    vi.useFakeTimers();
    renderBoundary();
    expect(screen.queryByTestId('auto-recovery-notice')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(screen.getByTestId('auto-recovery-notice')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(screen.getByTestId('auto-recovery-notice').textContent).toMatch(/5 seconds/);
    shouldThrow = false;
    act(() => vi.advanceTimersByTime(4_999));
    expect(screen.queryByText('all good')).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByText('all good')).toBeTruthy();
  });
});

function cleanupAndRender(onGoHome: () => void) {
  render(
    <GlobalErrorBoundary onGoHome={onGoHome}>
      <Bomb />
    </GlobalErrorBoundary>,
    { container: document.body.appendChild(document.createElement('div')) },
  );
  const headings = screen.getAllByRole('heading', { name: 'Oops! Something went wrong' });
  expect(headings.length).toBeGreaterThan(0);
}
