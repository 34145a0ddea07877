import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-error';
import { ChunkLoadError } from '@/lib/chunk-errors';
import { createFakeIdentity } from '@/testing/fake-identity';
import { renderRoutes } from '@/testing/render';
import { RouteErrorBoundary } from './route-error-boundary';

function setup(error: unknown) {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  const Thrower = () => {
    throw error;
  };
  return renderRoutes(
    [
      {
        path: '/dashboard',
        Component: Thrower,
        ErrorBoundary: () => <RouteErrorBoundary routeName="Dashboard" />,
      },
      { path: '/login', element: <p>login page</p> },
      { path: '/access-denied', element: <p>access denied page</p> },
    ],
    { initialEntries: ['/dashboard'], adapter: createFakeIdentity().adapter },
  );
}

afterEach(() => vi.useRealTimers());

describe('RouteErrorBoundary', () => {
  it('network errors → Connection Problem', () => {
    setup(new ApiError('Network error - please check your connection', 'NETWORK_ERROR'));
    expect(screen.getByRole('heading', { name: 'Connection Problem' })).toBeTruthy();
    expect(
      screen.getByText('Unable to connect to our servers. Please check your internet connection.'),
    ).toBeTruthy();
  });

  it('chunk-load errors → Update Required with Refresh Page', () => {
    setup(new ChunkLoadError());
    expect(screen.getByRole('heading', { name: 'Update Required' })).toBeTruthy();
    expect(
      screen.getByText('A new version is available. Please refresh the page to update.'),
    ).toBeTruthy();
    expect(
      screen.getByText('Failed to load application resources. Please refresh the page.'),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Refresh Page' })).toBeTruthy();
  });

  it('anything else → Page Error naming the route, with Try Again and Go Back', () => {
    setup(new Error('Cannot read properties of undefined'));
    expect(screen.getByRole('heading', { name: 'Page Error' })).toBeTruthy();
    expect(screen.getByText('An error occurred while loading Dashboard')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Go Back' })).toBeTruthy();
  });

  it('401 → /login after 2 s', () => {
    vi.useFakeTimers();
    const { router } = setup(new ApiError('Sign in', 'UNAUTHENTICATED', 401));
    act(() => vi.advanceTimersByTime(1_999));
    expect(router.state.location.pathname).toBe('/dashboard');
    act(() => vi.advanceTimersByTime(1));
    expect(router.state.location.pathname).toBe('/login');
  });

  it('403 → /access-denied after 2 s', () => {
    vi.useFakeTimers();
    const { router } = setup(new ApiError('Forbidden', 'FORBIDDEN', 403));
    act(() => vi.advanceTimersByTime(2_000));
    expect(router.state.location.pathname).toBe('/access-denied');
  });
});
