import { createAuthClient } from 'better-auth/react';

/** The embedded identity provider (better-auth) lives on the same origin at /api/auth. */
export const embeddedAuthClient = createAuthClient({
  baseURL: `${window.location.origin}/api/auth`,
  fetchOptions: { credentials: 'include' },
});

export async function fetchEmbeddedToken(): Promise<string | null> {
  const response = await fetch('/api/auth/token', {
    credentials: 'include',
    headers: { Accept: 'application/json' },
  });
  if (!response.ok) return null;
  const body = (await response.json()) as { token?: unknown };
  return typeof body.token === 'string' ? body.token : null;
}
