export const THEME_STORAGE_KEY = 'crescendo-theme';
export const THEME_COLORS = { dark: '#18181b', light: '#ffffff' } as const;
export const themePreferences = ['light', 'dark', 'system'] as const;

export type ThemePreference = (typeof themePreferences)[number];
export type ResolvedTheme = 'light' | 'dark';

export function isThemePreference(value: unknown): value is ThemePreference {
  return typeof value === 'string' && (themePreferences as readonly string[]).includes(value);
}

/** A stored theme is accepted only if light, dark or system; anything else means the default. */
export function readStoredTheme(
  storage: Pick<Storage, 'getItem'> | null = safeStorage(),
): ThemePreference {
  try {
    const stored = storage?.getItem(THEME_STORAGE_KEY);
    return isThemePreference(stored) ? stored : 'system';
  } catch {
    return 'system';
  }
}

export function storeTheme(
  preference: ThemePreference,
  storage: Pick<Storage, 'setItem'> | null = safeStorage(),
) {
  try {
    storage?.setItem(THEME_STORAGE_KEY, preference);
  } catch {
    // storage may be unavailable (private mode); the choice still applies for this visit
  }
}

export function nextTheme(preference: ThemePreference): ThemePreference {
  const order: ThemePreference[] = ['light', 'dark', 'system'];
  return order[(order.indexOf(preference) + 1) % order.length] ?? 'system';
}

export const DARK_QUERY = '(prefers-color-scheme: dark)';

export function getSystemTheme(): ResolvedTheme {
  if (typeof window === 'undefined' || typeof window.matchMedia !== 'function') return 'light';
  return window.matchMedia(DARK_QUERY).matches ? 'dark' : 'light';
}

export function resolveTheme(
  preference: ThemePreference,
  systemTheme: ResolvedTheme = getSystemTheme(),
): ResolvedTheme {
  return preference === 'system' ? systemTheme : preference;
}

/** Applies the `dark` class, `color-scheme` and the theme-color meta (#18181b / #ffffff). */
export function applyTheme(resolved: ResolvedTheme, doc: Document = document): void {
  const root = doc.documentElement;
  root.classList.toggle('dark', resolved === 'dark');
  root.dataset.theme = resolved;
  let meta = doc.querySelector<HTMLMetaElement>('meta[name="theme-color"]');
  if (!meta) {
    meta = doc.createElement('meta');
    meta.name = 'theme-color';
    doc.head.appendChild(meta);
  }
  meta.content = THEME_COLORS[resolved];
}

function safeStorage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}
