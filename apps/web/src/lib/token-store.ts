/** Local persistence for the bearer token and the backend user (spec §4: "stored locally"). */
export const TOKEN_STORAGE_KEY = 'crescendo-token';
export const USER_STORAGE_KEY = 'crescendo-user';

function safeStorage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

export function readStoredToken(): string | null {
  return safeStorage()?.getItem(TOKEN_STORAGE_KEY) ?? null;
}

export function storeToken(token: string): void {
  safeStorage()?.setItem(TOKEN_STORAGE_KEY, token);
}

export function removeStoredToken(): void {
  safeStorage()?.removeItem(TOKEN_STORAGE_KEY);
}

export function readStoredUser<T>(): T | null {
  const raw = safeStorage()?.getItem(USER_STORAGE_KEY);
  if (!raw) return null;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return null;
  }
}

export function storeUser(user: unknown): void {
  safeStorage()?.setItem(USER_STORAGE_KEY, JSON.stringify(user));
}

export function removeStoredUser(): void {
  safeStorage()?.removeItem(USER_STORAGE_KEY);
}
