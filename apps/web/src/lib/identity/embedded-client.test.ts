import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '@/testing/responses';
import { useSyncExternalStore } from 'react';
import { reachability } from '../connectivity';
import { createEmbeddedAuthClient, type EmbeddedAuthClient } from './embedded-client';

/** How the embedded adapter reads the session store. */
function useSession(client: EmbeddedAuthClient) {
  return useSyncExternalStore(client.subscribe, client.getSession, client.getSession);
}

const nova = { id: 'user-1', email: 'nova@example.com', name: 'Nova', emailVerified: false };
const signedIn = { session: { id: 'session-1', userId: 'user-1' }, user: nova };

type Route = (init: RequestInit | undefined) => Response | Promise<Response>;

/** A fake `/api/auth` whose answers a test can change between calls. */
function installFakeProvider(routes: Record<string, Route>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const route = routes[String(input)];
    if (!route) throw new Error(`unexpected request ${String(input)}`);
    return route(init);
  });
  vi.stubGlobal('fetch', fetchMock);
  const callsTo = (url: string) => fetchMock.mock.calls.filter(([input]) => String(input) === url);
  return { fetchMock, callsTo };
}

function setVisibility(state: DocumentVisibilityState) {
  Object.defineProperty(document, 'visibilityState', { configurable: true, value: state });
  document.dispatchEvent(new Event('visibilitychange'));
}

beforeEach(() => {
  vi.useRealTimers();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('embedded auth client: actions', () => {
  it('signs in with a same-origin JSON POST; the session reads pending until it loads', async () => {
    let session: unknown = null;
    const { fetchMock, callsTo } = installFakeProvider({
      '/api/auth/sign-in/email': () => {
        session = signedIn;
        return jsonResponse(200, { redirect: false, token: 't', user: nova });
      },
      '/api/auth/get-session': () => jsonResponse(200, session),
    });
    const client = createEmbeddedAuthClient();

    const result = await client.signIn.email({ email: nova.email, password: 'long-password' });

    expect(result).toEqual({ data: { redirect: false, token: 't', user: nova }, error: null });
    const [, init] = fetchMock.mock.calls[0]!;
    expect(init).toMatchObject({ method: 'POST', credentials: 'include' });
    expect(new Headers(init?.headers).get('Content-Type')).toBe('application/json');
    expect(JSON.parse(String(init?.body))).toEqual({
      email: nova.email,
      password: 'long-password',
    });
    expect(client.getSession()).toEqual({ data: null, isPending: true });
    await waitFor(() =>
      expect(client.getSession()).toEqual({ data: { user: nova }, isPending: false }),
    );
    expect(callsTo('/api/auth/get-session')).toHaveLength(1);
  });

  it('signs up with name, email and password', async () => {
    const { callsTo } = installFakeProvider({
      '/api/auth/sign-up/email': () => jsonResponse(200, { token: 't', user: nova }),
      '/api/auth/get-session': () => jsonResponse(200, signedIn),
    });
    const client = createEmbeddedAuthClient();

    const details = { name: nova.name, email: nova.email, password: 'long-password' };
    const { error } = await client.signUp.email(details);

    expect(error).toBeNull();
    const body = JSON.parse(String(callsTo('/api/auth/sign-up/email')[0]?.[1]?.body)) as unknown;
    // The verification mail's link returns to the web app.
    expect(body).toEqual({ ...details, callbackURL: '/verify-email' });
    await waitFor(() => expect(client.getSession().data?.user).toEqual(nova));
  });

  it("turns better-auth's error body into { status, message, code } and keeps the session", async () => {
    const { callsTo } = installFakeProvider({
      '/api/auth/sign-in/email': () =>
        jsonResponse(401, {
          code: 'INVALID_EMAIL_OR_PASSWORD',
          message: 'Incorrect email or password.',
          error: { code: 'UNAUTHENTICATED', message: 'Incorrect email or password.' },
        }),
      '/api/auth/get-session': () => jsonResponse(200, null),
    });
    const client = createEmbeddedAuthClient();

    const result = await client.signIn.email({ email: nova.email, password: 'wrong-password' });

    expect(result).toEqual({
      data: null,
      error: {
        status: 401,
        code: 'INVALID_EMAIL_OR_PASSWORD',
        message: 'Incorrect email or password.',
      },
    });
    expect(callsTo('/api/auth/get-session')).toHaveLength(0);
  });

  it('reads the wire error format and falls back to the status text', async () => {
    let answer = jsonResponse(429, {
      error: { code: 'RATE_LIMITED', message: 'Too many sign-in attempts.' },
    });
    installFakeProvider({ '/api/auth/sign-in/email': () => answer });
    const client = createEmbeddedAuthClient();
    const credentials = { email: nova.email, password: 'long-password' };

    expect((await client.signIn.email(credentials)).error).toEqual({
      status: 429,
      code: 'RATE_LIMITED',
      message: 'Too many sign-in attempts.',
    });

    answer = new Response('<html>bad gateway</html>', { status: 502, statusText: 'Bad Gateway' });
    expect((await client.signIn.email(credentials)).error).toEqual({
      status: 502,
      message: 'Bad Gateway',
    });
  });

  it('throws when the network fails', async () => {
    installFakeProvider({
      '/api/auth/sign-in/email': () => Promise.reject(new TypeError('Failed to fetch')),
    });
    const client = createEmbeddedAuthClient();

    await expect(
      client.signIn.email({ email: nova.email, password: 'long-password' }),
    ).rejects.toThrow('Failed to fetch');
  });
});

describe('embedded auth client: session store', () => {
  it('fetches the session once for all subscribers and updates them after sign-out', async () => {
    const { callsTo } = installFakeProvider({
      '/api/auth/get-session': () => jsonResponse(200, signedIn),
      '/api/auth/sign-out': () => jsonResponse(200, { success: true }),
    });
    const client = createEmbeddedAuthClient();

    const first = renderHook(() => useSession(client));
    const second = renderHook(() => useSession(client));
    expect(first.result.current).toEqual({ data: null, isPending: true });
    await waitFor(() => expect(first.result.current.data?.user).toEqual(nova));
    expect(second.result.current).toBe(first.result.current);
    expect(callsTo('/api/auth/get-session')).toHaveLength(1);

    await act(async () => {
      const { error } = await client.signOut();
      expect(error).toBeNull();
    });

    expect(first.result.current).toEqual({ data: null, isPending: false });
    expect(second.result.current).toEqual({ data: null, isPending: false });
    const [, init] = callsTo('/api/auth/sign-out')[0]!;
    expect(init).toMatchObject({ method: 'POST', credentials: 'include', body: '{}' });
  });

  it('prefetches the session before anything subscribes, and subscribers reuse that read', async () => {
    const { callsTo } = installFakeProvider({
      '/api/auth/get-session': () => jsonResponse(200, signedIn),
    });
    const client = createEmbeddedAuthClient();
    client.prefetch();
    client.prefetch();
    expect(callsTo('/api/auth/get-session')).toHaveLength(1);
    const view = renderHook(() => useSession(client));
    await waitFor(() => expect(view.result.current.data?.user).toEqual(nova));
    expect(callsTo('/api/auth/get-session')).toHaveLength(1);
  });

  it('hands out the token that came with a session read once, with whose it is', async () => {
    let token: string | null = 'header-token';
    installFakeProvider({
      '/api/auth/get-session': () => {
        const response = jsonResponse(200, signedIn);
        if (token) response.headers.set('set-auth-jwt', token);
        return response;
      },
    });
    const client = createEmbeddedAuthClient();
    await client.prefetch();
    expect(client.takeSessionToken()).toEqual({ userId: 'user-1', token: 'header-token' });
    expect(client.takeSessionToken()).toBeNull();
    token = null;
    await client.refreshSession();
    expect(client.takeSessionToken()).toBeNull();
  });

  it('does not let a session answer from before the sign-out bring the user back', async () => {
    let releaseSession: (response: Response) => void = () => undefined;
    installFakeProvider({
      '/api/auth/get-session': () =>
        new Promise<Response>((resolve) => {
          releaseSession = resolve;
        }),
      '/api/auth/sign-out': () => jsonResponse(200, { success: true }),
    });
    const client = createEmbeddedAuthClient();
    const { result } = renderHook(() => useSession(client));

    await act(async () => {
      await client.signOut();
    });
    await act(async () => {
      releaseSession(jsonResponse(200, signedIn));
      await Promise.resolve();
    });

    expect(result.current).toEqual({ data: null, isPending: false });
  });

  it('refetches when the tab becomes visible, clearing a session ended elsewhere', async () => {
    let session: unknown = signedIn;
    const { callsTo } = installFakeProvider({
      '/api/auth/get-session': () => jsonResponse(200, session),
    });
    const client = createEmbeddedAuthClient();
    const { result } = renderHook(() => useSession(client));
    await waitFor(() => expect(result.current.data?.user.id).toBe(nova.id));

    session = null;
    act(() => setVisibility('hidden'));
    expect(callsTo('/api/auth/get-session')).toHaveLength(1);
    act(() => setVisibility('visible'));

    await waitFor(() => expect(result.current).toEqual({ data: null, isPending: false }));
    expect(callsTo('/api/auth/get-session')).toHaveLength(2);
    // A quick second switch back does not hit the provider again.
    act(() => setVisibility('visible'));
    expect(callsTo('/api/auth/get-session')).toHaveLength(2);
  });

  it('clears the session on 401 and keeps it when the provider is unreachable', async () => {
    let answer: () => Response | Promise<Response> = () => jsonResponse(200, signedIn);
    installFakeProvider({ '/api/auth/get-session': () => answer() });
    const client = createEmbeddedAuthClient();
    const { result } = renderHook(() => useSession(client));
    await waitFor(() => expect(result.current.data?.user.id).toBe(nova.id));

    answer = () => Promise.reject(new TypeError('Failed to fetch'));
    await act(() => client.refreshSession());
    expect(result.current.data?.user.id).toBe(nova.id);

    answer = () => jsonResponse(500, { message: 'boom' });
    await act(() => client.refreshSession());
    expect(result.current.data?.user.id).toBe(nova.id);

    answer = () => jsonResponse(401, { code: 'UNAUTHORIZED', message: 'Unauthorized' });
    await act(() => client.refreshSession());
    expect(result.current).toEqual({ data: null, isPending: false });
  });

  it('tells other tabs about a sign-out, and they refetch', async () => {
    let session: unknown = signedIn;
    installFakeProvider({
      '/api/auth/get-session': () => jsonResponse(200, session),
      '/api/auth/sign-out': () => {
        session = null;
        return jsonResponse(200, { success: true });
      },
    });
    const thisTab = createEmbeddedAuthClient();
    const otherTab = createEmbeddedAuthClient();
    const { result } = renderHook(() => useSession(otherTab));
    await waitFor(() => expect(result.current.data?.user.id).toBe(nova.id));

    await thisTab.signOut();

    await waitFor(() => expect(result.current).toEqual({ data: null, isPending: false }));
  });

  it('works where BroadcastChannel is missing', async () => {
    vi.stubGlobal('BroadcastChannel', undefined);
    installFakeProvider({
      '/api/auth/get-session': () => jsonResponse(200, signedIn),
      '/api/auth/sign-out': () => jsonResponse(200, { success: true }),
    });
    const client = createEmbeddedAuthClient();
    const { result, unmount } = renderHook(() => useSession(client));
    await waitFor(() => expect(result.current.data?.user.id).toBe(nova.id));

    await act(async () => {
      await client.signOut();
    });

    expect(result.current.data).toBeNull();
    unmount();
  });
});

describe('embedded auth client: reachability', () => {
  it('a session read that gets no answer, with the health check failing too, marks the server unreachable; an answer marks it back', async () => {
    let isDown = true;
    const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
      if (isDown) throw new TypeError('Failed to fetch');
      if (String(input).endsWith('/api/health')) return jsonResponse(200, { status: 'ok' });
      return jsonResponse(200, null);
    });
    vi.stubGlobal('fetch', fetchMock);
    const client = createEmbeddedAuthClient();

    await client.refreshSession();
    await waitFor(() => expect(reachability.read()).toBe('unreachable'));
    expect(fetchMock.mock.calls.some(([input]) => String(input).endsWith('/api/health'))).toBe(
      true,
    );
    // Signed out, not stuck loading: the public page can render its Connection Problem.
    expect(client.getSession()).toEqual({ data: null, isPending: false });

    isDown = false;
    await client.refreshSession();
    expect(reachability.read()).toBe('reachable');
  });
});
