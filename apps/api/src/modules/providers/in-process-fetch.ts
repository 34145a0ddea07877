import type { FastifyInstance } from 'fastify';
import type { PlatformFetch } from './platform-http';

const bodilessStatuses = new Set([101, 204, 205, 304]);

/**
 * Sends requests for the sandbox mounted in this same app through `app.inject`, so syncs work
 * before the server listens (demo seeding) and behind proxies where APP_URL is not reachable
 * from inside. Every other URL goes to the network.
 */
export function createInProcessFetch(
  app: FastifyInstance,
  sandboxUrl: string | null,
  fallback: PlatformFetch = fetch,
): PlatformFetch {
  if (!sandboxUrl) return fallback;
  const origin = new URL(sandboxUrl).origin;
  const prefix = sandboxUrl.replace(/\/$/, '');
  return async (url, init = {}) => {
    if (!url.startsWith(`${prefix}/`)) return fallback(url, init);
    init.signal?.throwIfAborted();
    const target = new URL(url);
    const response = await app.inject({
      method: (init.method ?? 'GET') as 'GET',
      url: `${target.pathname}${target.search}`,
      headers: {
        host: new URL(origin).host,
        ...Object.fromEntries(new Headers(init.headers).entries()),
      },
      ...(typeof init.body === 'string' ? { payload: init.body } : {}),
    });
    const headers = new Headers();
    for (const [name, value] of Object.entries(response.headers)) {
      if (value === undefined) continue;
      for (const item of Array.isArray(value) ? value : [value]) headers.append(name, String(item));
    }
    return new Response(
      bodilessStatuses.has(response.statusCode) ? null : new Uint8Array(response.rawPayload),
      {
        status: response.statusCode,
        headers,
      },
    );
  };
}
