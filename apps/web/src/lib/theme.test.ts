import { describe, expect, it } from 'vitest';
import {
  applyTheme,
  nextTheme,
  readStoredTheme,
  resolveTheme,
  storeTheme,
  THEME_STORAGE_KEY,
} from './theme';

describe('theme', () => {
  it('stores under crescendo-theme and accepts only light, dark or system', () => {
    expect(THEME_STORAGE_KEY).toBe('crescendo-theme');
    storeTheme('dark');
    expect(localStorage.getItem('crescendo-theme')).toBe('dark');
    expect(readStoredTheme()).toBe('dark');
    localStorage.setItem('crescendo-theme', 'purple');
    expect(readStoredTheme()).toBe('system');
    localStorage.removeItem('crescendo-theme');
    expect(readStoredTheme()).toBe('system');
  });

  it('cycles light → dark → system → light', () => {
    expect(nextTheme('light')).toBe('dark');
    expect(nextTheme('dark')).toBe('system');
    expect(nextTheme('system')).toBe('light');
  });

  it('resolves system by OS preference', () => {
    expect(resolveTheme('system', 'dark')).toBe('dark');
    expect(resolveTheme('system', 'light')).toBe('light');
    expect(resolveTheme('light', 'dark')).toBe('light');
  });

  it('sets the dark class and theme-color #18181b / #ffffff', () => {
    applyTheme('dark');
    expect(document.documentElement.classList.contains('dark')).toBe(true);
    expect(document.querySelector('meta[name="theme-color"]')?.getAttribute('content')).toBe(
      '#18181b',
    );
    applyTheme('light');
    expect(document.documentElement.classList.contains('dark')).toBe(false);
    expect(document.querySelector('meta[name="theme-color"]')?.getAttribute('content')).toBe(
      '#ffffff',
    );
  });
});
