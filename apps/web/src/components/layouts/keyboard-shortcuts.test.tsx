import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { createFakeIdentity } from '@/testing/fake-identity';
import { renderRoutes } from '@/testing/render';
import { Footer } from './footer';
import { KeyboardShortcuts } from './keyboard-shortcuts';

function Page({ name }: { name: string }) {
  return (
    <>
      <p>{name} page</p>
      <input data-shortcut="search" aria-label="Search" />
      <button type="button" data-shortcut="export" onClick={onExport}>
        Export
      </button>
      <KeyboardShortcuts />
      <Footer />
    </>
  );
}
const onExport = vi.fn();

function setup() {
  const routes = ['/', '/dashboard', '/youtube', '/settings/profile'].map((path) => ({
    path,
    element: <Page name={path} />,
  }));
  return renderRoutes(routes, { initialEntries: ['/'], adapter: createFakeIdentity().adapter });
}

const press = (init: KeyboardEventInit, target: Element | Window = document.body) =>
  act(() => {
    fireEvent.keyDown(target, { bubbles: true, ...init });
  });

describe('keyboard shortcuts', () => {
  it('navigates with Ctrl+D, Ctrl+Y, Ctrl+S and Ctrl+H', () => {
    const { router } = setup();
    press({ key: 'd', ctrlKey: true });
    expect(router.state.location.pathname).toBe('/dashboard');
    press({ key: 'y', ctrlKey: true });
    expect(router.state.location.pathname).toBe('/youtube');
    press({ key: 's', ctrlKey: true });
    expect(router.state.location.pathname).toBe('/settings/profile');
    press({ key: 'h', ctrlKey: true });
    expect(router.state.location.pathname).toBe('/');
  });

  it('cycles the theme with Ctrl+Shift+T', () => {
    setup();
    press({ key: 'T', ctrlKey: true, shiftKey: true });
    expect(localStorage.getItem('crescendo-theme')).toBe('light');
    press({ key: 'T', ctrlKey: true, shiftKey: true });
    expect(localStorage.getItem('crescendo-theme')).toBe('dark');
    expect(document.querySelector('meta[name="theme-color"]')?.getAttribute('content')).toBe(
      '#18181b',
    );
    press({ key: 'T', ctrlKey: true, shiftKey: true });
    expect(localStorage.getItem('crescendo-theme')).toBe('system');
  });

  it('clicks the export button with Ctrl+Shift+E and focuses search with /', () => {
    setup();
    press({ key: 'E', ctrlKey: true, shiftKey: true });
    expect(onExport).toHaveBeenCalledTimes(1);
    press({ key: '/' });
    expect(document.activeElement).toBe(screen.getByLabelText('Search'));
  });

  it('is ignored while typing', () => {
    const { router } = setup();
    press({ key: 'd', ctrlKey: true }, screen.getByLabelText('Search'));
    expect(router.state.location.pathname).toBe('/');
  });

  it('opens the Keyboard Shortcuts dialog with ? and closes it with Close', async () => {
    setup();
    press({ key: '?', shiftKey: true });
    expect(
      await screen.findByRole('dialog', { name: 'Keyboard Shortcuts' }, { timeout: 10_000 }),
    ).toBeTruthy();
    // The assistant's own shortcut is listed beside the spec's.
    expect(screen.getByText('Open or close the assistant')).toBeTruthy();
    expect(screen.getByText('Ctrl + K')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('renders the footer text', () => {
    setup();
    expect(screen.getByText('© 2024 Crescendo. All rights reserved.')).toBeTruthy();
  });
});
