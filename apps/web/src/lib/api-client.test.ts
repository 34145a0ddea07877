import {
  AxiosError,
  AxiosHeaders,
  type AxiosAdapter,
  type InternalAxiosRequestConfig,
} from 'axios';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApiClient, getRetryDelay, REQUEST_TIMEOUT_MS } from './api-client';
import { ApiError } from './api-error';
import { setTokenProvider, setUnauthorizedHandler } from './api-session';
import { startEarlyRequest } from './early-requests';
import { jsonResponse } from '@/testing/responses';
import { readStoredToken, storeToken } from './token-store';

type Reply = { status: number; data?: unknown; headers?: Record<string, string> } | 'network';

function scriptedAdapter(replies: Reply[]) {
  const seen: InternalAxiosRequestConfig[] = [];
  const adapter: AxiosAdapter = async (config) => {
    seen.push(config);
    const reply = replies.shift() ?? { status: 200, data: { ok: true } };
    if (reply === 'network') throw new AxiosError('Network Error', 'ERR_NETWORK', config, {});
    const response = {
      data: reply.data ?? {},
      status: reply.status,
      statusText: '',
      headers: new AxiosHeaders(reply.headers ?? {}),
      config,
    };
    if (reply.status >= 400) {
      throw new AxiosError('Request failed', 'ERR_BAD_RESPONSE', config, {}, response);
    }
    return response;
  };
  return { adapter, seen };
}

function clientWith(replies: Reply[]) {
  const sleeps: number[] = [];
  const client = createApiClient({ sleepFn: async (ms) => void sleeps.push(ms) });
  const { adapter, seen } = scriptedAdapter(replies);
  client.defaults.adapter = adapter;
  return { client, seen, sleeps };
}

afterEach(() => {
  setTokenProvider(null);
  setUnauthorizedHandler(() => undefined);
});

describe('api client', () => {
  it('uses base /api, a 10 s timeout and JSON', async () => {
    const { client, seen } = clientWith([{ status: 200 }]);
    await client.get('/health');
    expect(seen[0]?.baseURL).toBe('/api');
    expect(seen[0]?.timeout).toBe(REQUEST_TIMEOUT_MS);
    expect(REQUEST_TIMEOUT_MS).toBe(10_000);
    expect(seen[0]?.headers.get('Accept')).toBe('application/json');
  });

  it('sends the provider token, else the stored token', async () => {
    const { client, seen } = clientWith([{ status: 200 }, { status: 200 }]);
    storeToken('stored-token');
    setTokenProvider(async () => 'provider-token');
    await client.get('/a');
    setTokenProvider(async () => null);
    await client.get('/b');
    expect(seen[0]?.headers.get('Authorization')).toBe('Bearer provider-token');
    expect(seen[1]?.headers.get('Authorization')).toBe('Bearer stored-token');
  });

  it('sends a unique X-Request-ID per request, including retries', async () => {
    const { client, seen } = clientWith([{ status: 503 }, { status: 200 }, { status: 200 }]);
    await client.get('/a');
    await client.get('/b');
    const ids = seen.map((config) => config.headers.get('X-Request-ID'));
    expect(ids.every((id) => typeof id === 'string' && id.length > 8)).toBe(true);
    expect(new Set(ids).size).toBe(3);
  });

  it('retries network errors, 5xx and 429 up to 3 times with 1 s, 2 s, 4 s backoff', async () => {
    const { client, seen, sleeps } = clientWith([
      'network',
      { status: 500 },
      { status: 429 },
      { status: 200, data: 'ok' },
    ]);
    const response = await client.get('/flaky');
    expect(response.data).toBe('ok');
    expect(seen).toHaveLength(4);
    expect(sleeps).toEqual([1000, 2000, 4000]);
  });

  it('gives up after 3 retries with a normalised error', async () => {
    const { client, seen } = clientWith([
      { status: 500 },
      { status: 500 },
      { status: 500 },
      { status: 500 },
    ]);
    await expect(client.get('/down')).rejects.toMatchObject({ code: 'SERVER_ERROR', status: 500 });
    expect(seen).toHaveLength(4);
  });

  it('never retries other 4xx', async () => {
    for (const status of [400, 403, 404, 409, 422]) {
      const { client, seen } = clientWith([{ status }]);
      await expect(client.get('/x')).rejects.toBeInstanceOf(ApiError);
      expect(seen).toHaveLength(1);
    }
  });

  it('never retries a write after a time-out, a network failure or a 5xx (it may have been done)', async () => {
    for (const method of ['post', 'put', 'patch', 'delete'] as const) {
      for (const failure of ['network', { status: 500 }, { status: 503 }] as Reply[]) {
        const { client, seen } = clientWith([failure, { status: 200 }]);
        await expect(client.request({ method, url: '/write', data: {} })).rejects.toBeInstanceOf(
          ApiError,
        );
        expect(seen, `${method} ${JSON.stringify(failure)}`).toHaveLength(1);
      }
    }
  });

  it('retries a write after a 429 (refused, not done), waiting what Retry-After asks', async () => {
    const { client, seen, sleeps } = clientWith([
      { status: 429, headers: { 'retry-after': '7' } },
      { status: 201 },
    ]);
    await client.post('/campaigns', { name: 'x' });
    expect(seen).toHaveLength(2);
    expect(sleeps).toEqual([7_000]);
  });

  it('honours Retry-After on reads too, and does not wait out one longer than 30 s', async () => {
    const { client, sleeps } = clientWith([
      { status: 503, headers: { 'retry-after': '2' } },
      { status: 429 },
      { status: 200 },
    ]);
    await client.get('/a');
    expect(sleeps).toEqual([2_000, 2_000]);
    const long = clientWith([{ status: 429, headers: { 'retry-after': '120' } }, { status: 200 }]);
    await expect(long.client.get('/b')).rejects.toBeInstanceOf(ApiError);
    expect(long.seen).toHaveLength(1);
  });

  it('caps the backoff at 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 10].map(getRetryDelay)).toEqual([
      1000, 2000, 4000, 8000, 16000, 30000, 30000,
    ]);
  });

  it('on 401 removes the stored token and asks to go to /login', async () => {
    const onUnauthorized = vi.fn();
    setUnauthorizedHandler(onUnauthorized);
    storeToken('stale');
    const { client, seen } = clientWith([
      { status: 401, data: { error: { code: 'UNAUTHENTICATED', message: 'Sign in' } } },
    ]);
    await expect(client.get('/v1/auth/me')).rejects.toMatchObject({
      status: 401,
      message: 'Sign in',
    });
    expect(readStoredToken()).toBeNull();
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    expect(seen).toHaveLength(1);
  });

  it('normalises network failures', async () => {
    const { client } = clientWith(['network', 'network', 'network', 'network']);
    await expect(client.get('/x')).rejects.toMatchObject({
      code: 'NETWORK_ERROR',
      message: 'Network error - please check your connection',
    });
  });

  it('takes a successful start-up answer for the same GET and token instead of asking', async () => {
    const { client, seen } = clientWith([{ status: 200, data: { from: 'network' } }]);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(200, { from: 'early' })),
    );
    setTokenProvider(async () => 'token-a');
    startEarlyRequest('/dashboard/analytics?range=90d&platform=all&compare=none', 'token-a');
    const response = await client.get('/dashboard/analytics', {
      params: { range: '90d', platform: 'all', compare: 'none' },
    });
    expect(response.data).toEqual({ from: 'early' });
    expect(seen).toHaveLength(0);
    // Handed out once: the next read goes to the network.
    const again = await client.get('/dashboard/analytics', {
      params: { range: '90d', platform: 'all', compare: 'none' },
    });
    expect(again.data).toEqual({ from: 'network' });
    vi.unstubAllGlobals();
  });

  it('treats a start-up answer as its first attempt: 5xx and network failures are retried', async () => {
    const { client, seen, sleeps } = clientWith([
      { status: 200, data: { from: 'network' } },
      { status: 200, data: { from: 'network' } },
      { status: 200, data: { from: 'network' } },
    ]);
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        if (String(input).endsWith('/artist/profile')) return jsonResponse(503, {});
        if (String(input).endsWith('/meta/account'))
          throw new DOMException('The operation timed out.', 'TimeoutError');
        throw new TypeError('Failed to fetch');
      }),
    );
    setTokenProvider(async () => 'token-a');
    startEarlyRequest('/artist/profile', 'token-a');
    startEarlyRequest('/youtube/channel', 'token-a');
    startEarlyRequest('/meta/account', 'token-a');
    expect((await client.get('/artist/profile')).data).toEqual({ from: 'network' });
    expect((await client.get('/youtube/channel')).data).toEqual({ from: 'network' });
    expect((await client.get('/meta/account')).data).toEqual({ from: 'network' });
    expect(seen).toHaveLength(3);
    expect(sleeps).toEqual([1_000, 1_000, 1_000]);
    vi.unstubAllGlobals();
  });

  it('takes a start-up 4xx as the answer (no retry), and ignores one for another token', async () => {
    const { client, seen } = clientWith([{ status: 200, data: { from: 'network' } }]);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(404, { error: { code: 'NOT_FOUND', message: 'No profile' } })),
    );
    setTokenProvider(async () => 'token-a');
    startEarlyRequest('/artist/profile', 'token-a');
    startEarlyRequest('/v1/auth/me', 'token-b');
    await expect(client.get('/artist/profile')).rejects.toMatchObject({
      status: 404,
      code: 'NOT_FOUND',
      message: 'No profile',
    });
    expect(seen).toHaveLength(0);
    expect((await client.get('/v1/auth/me')).data).toEqual({ from: 'network' });
    expect(seen).toHaveLength(1);
    vi.unstubAllGlobals();
  });
});
