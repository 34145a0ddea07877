import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '@/testing/responses';

const me = {
  user: { id: 'backend-1', email: 'nova@example.com', name: 'Nova' },
  role: 'customer',
};

/** The module keeps start-up state: each test gets a fresh copy. */
async function freshModule(answer: () => Promise<Response>) {
  vi.resetModules();
  const fetchMock = vi.fn((_input: RequestInfo | URL, _init?: RequestInit) => answer());
  vi.stubGlobal('fetch', fetchMock);
  return { ...(await import('./current-user-prefetch')), fetchMock };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('current user prefetch', () => {
  it('asks /api/v1/auth/me once with the token and a request id, and hands the answer out once', async () => {
    const { prefetchCurrentUser, takePrefetchedCurrentUser, fetchMock } = await freshModule(
      async () => jsonResponse(200, me),
    );
    prefetchCurrentUser('identity-1', 'token-abc');
    prefetchCurrentUser('identity-1', 'token-abc');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/v1/auth/me');
    const headers = init?.headers as Record<string, string>;
    expect(headers.Authorization).toBe('Bearer token-abc');
    expect(headers['X-Request-ID']).toMatch(/\S{8,}/);

    await expect(takePrefetchedCurrentUser('identity-1')).resolves.toEqual(me);
    // Handed out once: the next ask goes through the API client.
    await expect(takePrefetchedCurrentUser('identity-1')).resolves.toBeNull();
  });

  it("never hands one identity's user to another", async () => {
    const { prefetchCurrentUser, takePrefetchedCurrentUser } = await freshModule(async () =>
      jsonResponse(200, me),
    );
    prefetchCurrentUser('identity-1', 'token-abc');
    await expect(takePrefetchedCurrentUser('identity-2')).resolves.toBeNull();
  });

  it('leaves failures (401, 500, offline) to the API client', async () => {
    for (const answer of [
      async () => jsonResponse(401, { error: { code: 'UNAUTHENTICATED' } }),
      async () => jsonResponse(500, { error: { code: 'SERVER_ERROR' } }),
      () => Promise.reject(new TypeError('Failed to fetch')),
    ]) {
      const { prefetchCurrentUser, takePrefetchedCurrentUser } = await freshModule(answer);
      prefetchCurrentUser('identity-1', 'token-abc');
      await expect(takePrefetchedCurrentUser('identity-1')).resolves.toBeNull();
    }
  });

  it('does not start once the app has already asked for the user itself', async () => {
    const { prefetchCurrentUser, takePrefetchedCurrentUser, fetchMock } = await freshModule(
      async () => jsonResponse(200, me),
    );
    await expect(takePrefetchedCurrentUser('identity-1')).resolves.toBeNull();
    prefetchCurrentUser('identity-1', 'token-abc');
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
