import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '@/testing/responses';

/** An unsigned JWT whose payload expires `secondsFromNow` from now (only `exp` is read). */
function tokenExpiringIn(secondsFromNow: number, label: string): string {
  const payload = btoa(JSON.stringify({ exp: Math.floor(Date.now() / 1000) + secondsFromNow }));
  return `header.${payload}.${label}`;
}

function installProvider(sessionToken: string | null) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    if (String(input) === '/api/auth/get-session') {
      const response = jsonResponse(200, {
        session: { id: 'session-1', userId: 'user-1' },
        user: { id: 'user-1', email: 'nova@example.com', name: 'Nova' },
      });
      if (sessionToken) response.headers.set('set-auth-jwt', sessionToken);
      return response;
    }
    if (String(input) === '/api/auth/token')
      return jsonResponse(200, { token: tokenExpiringIn(900, 'fetched') });
    throw new Error(`unexpected request ${String(input)}`);
  });
  vi.stubGlobal('fetch', fetchMock);
  return (url: string) => fetchMock.mock.calls.filter(([input]) => String(input) === url).length;
}

beforeEach(() => vi.resetModules());
afterEach(() => vi.unstubAllGlobals());

describe('embedded session token', () => {
  it('uses the token that came with the session read instead of asking for one', async () => {
    const fromSession = tokenExpiringIn(900, 'session');
    const requests = installProvider(fromSession);
    const { embeddedAuthClient } = await import('./embedded-client');
    const { getEmbeddedToken } = await import('./embedded-session');
    await embeddedAuthClient.prefetch();
    expect(await getEmbeddedToken('user-1')).toBe(fromSession);
    expect(await getEmbeddedToken('user-1')).toBe(fromSession);
    expect(requests('/api/auth/token')).toBe(0);
  });

  it("asks for a token when the session's is about to expire or belongs to someone else", async () => {
    const requests = installProvider(tokenExpiringIn(30, 'session'));
    const { embeddedAuthClient } = await import('./embedded-client');
    const { getEmbeddedToken } = await import('./embedded-session');
    await embeddedAuthClient.prefetch();
    expect(await getEmbeddedToken('user-1')).toMatch(/\.fetched$/);
    expect(requests('/api/auth/token')).toBe(1);

    await embeddedAuthClient.refreshSession();
    expect(await getEmbeddedToken('user-2')).toMatch(/\.fetched$/);
    expect(requests('/api/auth/token')).toBe(2);
  });
});
