import type { FastifyInstance } from 'fastify';

const bodilessStatuses = new Set([101, 204, 205, 304]);

/**
 * The Stripe SDK calls `<protocol>://<host>:<port>/v1/…`; the payments sandbox is mounted in
 * this same app under a path (`/payments-sandbox`). This fetch sends the SDK's requests for the
 * sandbox's host through `app.inject` under that path, so billing works before the server
 * listens and behind proxies where APP_URL is not reachable from inside.
 */
export function createSandboxFetch(app: FastifyInstance, sandboxUrl: string): typeof fetch {
  const sandbox = new URL(sandboxUrl);
  const prefix = sandbox.pathname.replace(/\/$/, '');
  return (async (input: string | URL | Request, init: RequestInit = {}) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (url.host !== sandbox.host) return fetch(input, init);
    const response = await app.inject({
      method: (init.method ?? 'GET') as 'GET',
      url: `${prefix}${url.pathname}${url.search}`,
      headers: { ...Object.fromEntries(new Headers(init.headers).entries()), host: sandbox.host },
      ...(typeof init.body === 'string' ? { payload: init.body } : {}),
    });
    const headers = new Headers();
    for (const [name, value] of Object.entries(response.headers)) {
      if (value === undefined) continue;
      for (const item of Array.isArray(value) ? value : [value]) headers.append(name, String(item));
    }
    return new Response(
      bodilessStatuses.has(response.statusCode) ? null : new Uint8Array(response.rawPayload),
      { status: response.statusCode, headers },
    );
  }) as typeof fetch;
}
