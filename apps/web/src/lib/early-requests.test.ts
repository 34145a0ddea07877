import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '@/testing/responses';

async function freshModule(answer: (url: string) => Promise<Response>) {
  vi.resetModules();
  const fetchMock = vi.fn((input: RequestInfo | URL, _init?: RequestInit) => answer(String(input)));
  vi.stubGlobal('fetch', fetchMock);
  return { ...(await import('./early-requests')), fetchMock };
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('early requests', () => {
  it('asks once per path with the token and a request id, and hands the answer out once', async () => {
    const { startEarlyRequest, takeEarlyAnswer, fetchMock } = await freshModule(async () =>
      jsonResponse(200, { ok: true }),
    );
    startEarlyRequest('/v1/auth/me', 'token-a');
    startEarlyRequest('/v1/auth/me', 'token-a');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/v1/auth/me');
    const headers = new Headers(init?.headers);
    expect(headers.get('Authorization')).toBe('Bearer token-a');
    expect(headers.get('X-Request-ID')).toBeTruthy();
    expect(await takeEarlyAnswer('/v1/auth/me', 'token-a')).toMatchObject({
      status: 200,
      data: { ok: true },
      headers: { 'content-type': 'application/json' },
    });
    expect(init?.signal).toBeInstanceOf(AbortSignal);
    expect(takeEarlyAnswer('/v1/auth/me', 'token-a')).toBeUndefined();
  });

  it('never hands an answer to another token, another path, or after its lifetime', async () => {
    const { startEarlyRequest, takeEarlyAnswer, EARLY_ANSWER_LIFETIME_MS } = await freshModule(
      async () => jsonResponse(200, { ok: true }),
    );
    startEarlyRequest('/artist/profile', 'token-a');
    expect(takeEarlyAnswer('/artist/profile?x=1', 'token-a')).toBeUndefined();
    expect(takeEarlyAnswer('/artist/profile', 'token-b')).toBeUndefined();
    // The mismatch used it up: the app asks afresh.
    expect(takeEarlyAnswer('/artist/profile', 'token-a')).toBeUndefined();

    vi.useFakeTimers({ now: Date.now() });
    startEarlyRequest('/dashboard/analytics?range=28d', 'token-a');
    vi.advanceTimersByTime(EARLY_ANSWER_LIFETIME_MS + 1);
    expect(takeEarlyAnswer('/dashboard/analytics?range=28d', 'token-a')).toBeUndefined();
  });

  it('keeps error answers as they are, and rejects when there is no answer', async () => {
    const { startEarlyRequest, takeEarlyAnswer } = await freshModule(async (url) => {
      if (url.endsWith('/missing')) return jsonResponse(404, { error: { code: 'NOT_FOUND' } });
      throw new TypeError('Failed to fetch');
    });
    startEarlyRequest('/missing', 'token-a');
    startEarlyRequest('/offline', 'token-a');
    expect(await takeEarlyAnswer('/missing', 'token-a')).toMatchObject({
      status: 404,
      data: { error: { code: 'NOT_FOUND' } },
    });
    await expect(takeEarlyAnswer('/offline', 'token-a')).rejects.toThrow('Failed to fetch');
  });
});
