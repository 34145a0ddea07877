/** Reads `exp` (seconds) from a JWT without verifying it — only to know when to refresh. */
export function readJwtExpiry(token: string): number | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const exp = (JSON.parse(json) as { exp?: unknown }).exp;
    return typeof exp === 'number' ? exp * 1000 : null;
  } catch {
    return null;
  }
}

/** Caches a token until a minute before it expires. */
export function createTokenCache(
  fetchToken: () => Promise<string | null>,
  now: () => number = Date.now,
) {
  let cached: { token: string; expiresAt: number } | null = null;
  let inFlight: Promise<string | null> | null = null;
  return {
    async get(): Promise<string | null> {
      if (cached && cached.expiresAt - 60_000 > now()) return cached.token;
      inFlight ??= fetchToken()
        .then((token) => {
          cached = token ? { token, expiresAt: readJwtExpiry(token) ?? now() + 5 * 60_000 } : null;
          return token;
        })
        .finally(() => {
          inFlight = null;
        });
      return inFlight;
    },
    clear(): void {
      cached = null;
    },
  };
}
