/**
 * A small client for the embedded identity provider (better-auth, same origin at /api/auth). It
 * covers only what the app calls; better-auth's own client (plus nanostores) cost ~13 KB gzipped
 * on every first visit to /login. Same-origin `fetch` sends the Origin header better-auth checks
 * against its trusted origins, and JSON bodies satisfy its content-type check.
 */

import { reachability } from '../connectivity';

export type EmbeddedUser = { id: string; email: string; name: string; emailVerified: boolean };
export type EmbeddedSession = { user: EmbeddedUser };
export type EmbeddedSessionState = { data: EmbeddedSession | null; isPending: boolean };

/** better-auth's error body is `{ code, message }`; the API adds the wire `{ error: { … } }`. */
export type EmbeddedAuthError = { status: number; message: string; code?: string };
export type EmbeddedAuthResult =
  { data: unknown; error: null } | { data: null; error: EmbeddedAuthError };

/** Visibility refetches closer together than this are skipped (better-auth uses the same). */
const VISIBILITY_REFETCH_INTERVAL_MS = 5_000;
const CHANNEL_NAME = 'crescendo.embedded-auth';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function readString(value: unknown): string | undefined {
  return typeof value === 'string' && value ? value : undefined;
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

function toAuthError(response: Response, body: unknown): EmbeddedAuthError {
  const fields = isRecord(body) ? body : {};
  const wire = isRecord(fields.error) ? fields.error : {};
  const code = readString(fields.code) ?? readString(wire.code);
  const message = readString(fields.message) ?? readString(wire.message) ?? response.statusText;
  return code ? { status: response.status, message, code } : { status: response.status, message };
}

/** `get-session` answers `null` or `{ session, user }`. */
function toSession(body: unknown): EmbeddedSession | null {
  const user = isRecord(body) && isRecord(body.user) ? body.user : null;
  if (!user || typeof user.id !== 'string') return null;
  return {
    user: {
      id: user.id,
      email: typeof user.email === 'string' ? user.email : '',
      name: typeof user.name === 'string' ? user.name : '',
      emailVerified: user.emailVerified === true,
    },
  };
}

/**
 * The identity requests are the public pages' first (and often only) ones: they tell whether the
 * server is there, as the API client's do, so /login shows Connection Problem too.
 */
async function observeReachability(request: Promise<Response>): Promise<Response> {
  try {
    const response = await request;
    reachability.reportAnswer();
    return response;
  } catch (error) {
    if (!(error instanceof DOMException && error.name === 'AbortError')) {
      void reachability.reportNoAnswer();
    }
    throw error;
  }
}

function isSameState(a: EmbeddedSessionState, b: EmbeddedSessionState): boolean {
  return (
    a.isPending === b.isPending &&
    a.data?.user.id === b.data?.user.id &&
    a.data?.user.email === b.data?.user.email &&
    a.data?.user.name === b.data?.user.name &&
    a.data?.user.emailVerified === b.data?.user.emailVerified
  );
}

/** The API token better-auth sends with a session read (`set-auth-jwt`), and whose it is. */
export type SessionToken = { userId: string; token: string };

export function createEmbeddedAuthClient(basePath = '/api/auth') {
  let state: EmbeddedSessionState = { data: null, isPending: true };
  let sessionToken: SessionToken | null = null;
  const listeners = new Set<() => void>();
  let hasFetched = false;
  let requestCount = 0;
  let latestRefresh: Promise<void> = Promise.resolve();
  let lastVisibilityRefetchAt = Number.NEGATIVE_INFINITY;
  let channel: BroadcastChannel | null = null;

  function setState(next: EmbeddedSessionState): void {
    if (isSameState(state, next)) return;
    state = next;
    for (const listener of listeners) listener();
  }

  async function loadSession(request: number): Promise<void> {
    try {
      const response = await observeReachability(
        fetch(`${basePath}/get-session`, {
          credentials: 'include',
          headers: { Accept: 'application/json' },
        }),
      );
      const body = await readJson(response);
      if (request !== requestCount) return latestRefresh;
      if (response.ok) {
        const session = toSession(body);
        const token = response.headers.get('set-auth-jwt');
        sessionToken = session && token ? { userId: session.user.id, token } : null;
        setState({ data: session, isPending: false });
      } else setState({ data: response.status === 401 ? null : state.data, isPending: false });
    } catch {
      // Offline or the API is down: keep what we knew; the next refetch will correct it.
      if (request !== requestCount) return latestRefresh;
      setState({ data: state.data, isPending: false });
    }
  }

  /** Refetches the session; resolves once the store holds the newest answer. */
  function refreshSession(): Promise<void> {
    hasFetched = true;
    requestCount += 1;
    latestRefresh = loadSession(requestCount);
    return latestRefresh;
  }

  function broadcastSessionChange(): void {
    if (typeof BroadcastChannel === 'undefined') return;
    if (channel) {
      channel.postMessage({ event: 'session' });
      return;
    }
    const sender = new BroadcastChannel(CHANNEL_NAME);
    sender.postMessage({ event: 'session' });
    sender.close();
  }

  function handleVisibilityChange(): void {
    if (document.visibilityState !== 'visible') return;
    if (Date.now() - lastVisibilityRefetchAt < VISIBILITY_REFETCH_INTERVAL_MS) return;
    lastVisibilityRefetchAt = Date.now();
    void refreshSession();
  }

  function handleOnline(): void {
    void refreshSession();
  }

  function handleMessage(): void {
    void refreshSession();
  }

  function startWatching(): void {
    document.addEventListener('visibilitychange', handleVisibilityChange);
    window.addEventListener('online', handleOnline);
    if (typeof BroadcastChannel !== 'undefined') {
      channel = new BroadcastChannel(CHANNEL_NAME);
      channel.addEventListener('message', handleMessage);
    }
  }

  function stopWatching(): void {
    document.removeEventListener('visibilitychange', handleVisibilityChange);
    window.removeEventListener('online', handleOnline);
    channel?.close();
    channel = null;
  }

  function subscribe(listener: () => void): () => void {
    listeners.add(listener);
    if (listeners.size === 1) {
      startWatching();
      if (!hasFetched) void refreshSession();
    }
    return () => {
      listeners.delete(listener);
      if (listeners.size === 0) stopWatching();
    };
  }

  function getSnapshot(): EmbeddedSessionState {
    return state;
  }

  async function post(path: string, body: object): Promise<EmbeddedAuthResult> {
    const response = await observeReachability(
      fetch(`${basePath}${path}`, {
        method: 'POST',
        credentials: 'include',
        headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      }),
    );
    const payload = await readJson(response);
    if (!response.ok) return { data: null, error: toAuthError(response, payload) };
    return { data: payload, error: null };
  }

  /**
   * Signs in or up, then loads the new session. It resolves before the session arrives, because
   * sign-up navigates on to registration first (/register would otherwise bounce a signed-in
   * user home); meanwhile the session reads as pending, so guards wait instead of redirecting.
   */
  async function startSession(
    path: string,
    body: object,
    { isSessionReadDeferred = false } = {},
  ): Promise<EmbeddedAuthResult> {
    const result = await post(path, body);
    if (result.error) return result;
    setState({ data: state.data, isPending: true });
    // A deferred read waits for the caller (sign-up first moves on to its next page; were the
    // session to arrive while /register's chunk is still loading, /register would send the new
    // user home instead).
    if (!isSessionReadDeferred) void refreshSession();
    broadcastSessionChange();
    return result;
  }

  return {
    getSession: getSnapshot,
    /**
     * The token that came with the latest session read, handed out once: it saves the first
     * token request (the session read is what every start-up does first).
     */
    takeSessionToken(): SessionToken | null {
      const taken = sessionToken;
      sessionToken = null;
      return taken;
    },
    subscribe,
    refreshSession,
    /** Starts the first session read before anything subscribes (at start-up, beside the route chunks). */
    prefetch(): Promise<void> {
      return hasFetched ? latestRefresh : refreshSession();
    },
    signIn: {
      email: (credentials: { email: string; password: string }) =>
        startSession('/sign-in/email', credentials),
    },
    signUp: {
      // The verification mail's link comes back to the web app's /verify-email.
      email: (
        details: { name: string; email: string; password: string },
        options: { isSessionReadDeferred?: boolean } = {},
      ) => startSession('/sign-up/email', { ...details, callbackURL: '/verify-email' }, options),
    },
    /** `POST {basePath}{path}` as better-auth expects it (lib/identity/embedded-mail-requests). */
    post,
    /** The organization plugin's switch: the session's active organisation. */
    setActiveOrganization: (organizationId: string) =>
      post('/organization/set-active', { organizationId }),
    async signOut(): Promise<EmbeddedAuthResult> {
      const result = await post('/sign-out', {});
      if (result.error) {
        await refreshSession();
        return result;
      }
      // Drop any in-flight session answer that predates the sign-out.
      requestCount += 1;
      latestRefresh = Promise.resolve();
      setState({ data: null, isPending: false });
      broadcastSessionChange();
      return result;
    },
  };
}

export type EmbeddedAuthClient = ReturnType<typeof createEmbeddedAuthClient>;

export const embeddedAuthClient = createEmbeddedAuthClient();

export async function fetchEmbeddedToken(): Promise<string | null> {
  const response = await fetch('/api/auth/token', {
    credentials: 'include',
    headers: { Accept: 'application/json' },
  });
  if (!response.ok) return null;
  const body = (await response.json()) as { token?: unknown };
  return typeof body.token === 'string' ? body.token : null;
}
