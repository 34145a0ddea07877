import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ThemeProvider, useTheme } from './theme-provider';

type Listener = (event: MediaQueryListEvent) => void;

function installMatchMedia(initialDark: boolean) {
  const listeners = new Set<Listener>();
  const original = window.matchMedia;
  let matches = initialDark;
  window.matchMedia = (query: string) =>
    ({
      get matches() {
        return matches;
      },
      media: query,
      addEventListener: (_: string, listener: Listener) => listeners.add(listener),
      removeEventListener: (_: string, listener: Listener) => listeners.delete(listener),
    }) as unknown as MediaQueryList;
  return {
    setDark(dark: boolean) {
      matches = dark;
      listeners.forEach((listener) => listener({ matches: dark } as MediaQueryListEvent));
    },
    restore() {
      window.matchMedia = original;
    },
  };
}

function Probe() {
  const { preference, resolvedTheme, cycleTheme } = useTheme();
  return (
    <button type="button" onClick={cycleTheme}>
      {preference}:{resolvedTheme}
    </button>
  );
}

let media: ReturnType<typeof installMatchMedia> | null = null;
afterEach(() => media?.restore());

describe('ThemeProvider', () => {
  it('defaults to system and follows OS changes while in system mode', () => {
    media = installMatchMedia(false);
    render(
      <ThemeProvider>
        <Probe />
      </ThemeProvider>,
    );
    expect(screen.getByRole('button').textContent).toBe('system:light');
    act(() => media?.setDark(true));
    expect(screen.getByRole('button').textContent).toBe('system:dark');
    expect(document.querySelector('meta[name="theme-color"]')?.getAttribute('content')).toBe(
      '#18181b',
    );
  });

  it('cycles and persists the preference; an explicit choice ignores the OS', () => {
    media = installMatchMedia(true);
    localStorage.setItem('crescendo-theme', 'bogus');
    render(
      <ThemeProvider>
        <Probe />
      </ThemeProvider>,
    );
    const button = screen.getByRole('button');
    expect(button.textContent).toBe('system:dark');
    act(() => button.click());
    expect(button.textContent).toBe('light:light');
    expect(localStorage.getItem('crescendo-theme')).toBe('light');
    act(() => media?.setDark(false));
    act(() => media?.setDark(true));
    expect(button.textContent).toBe('light:light');
    act(() => button.click());
    expect(button.textContent).toBe('dark:dark');
    act(() => button.click());
    expect(button.textContent).toBe('system:dark');
  });
});
