import { describe, expect, it, vi } from 'vitest';
import { runConnectivityCheck } from './debug-connectivity';

describe('runConnectivityCheck', () => {
  it('checks health, an unauthenticated /v1/auth/me and a CORS preflight, in that order', async () => {
    const statuses: Record<string, number> = {
      'GET /api/health': 200,
      'GET /api/v1/auth/me': 401,
      'OPTIONS /api/health': 204,
    };
    const fetchFn = vi.fn(
      async (url: RequestInfo | URL, init?: RequestInit) =>
        new Response(null, { status: statuses[`${init?.method} ${String(url)}`] ?? 500 }),
    );
    const steps = await runConnectivityCheck('/api', fetchFn as typeof fetch);
    expect(steps.map((step) => [step.name, step.ok, step.status])).toEqual([
      ['health', true, 200],
      ['auth-me-unauthenticated', true, 401],
      ['cors-preflight', true, 204],
    ]);
  });

  it('reports network failures', async () => {
    const steps = await runConnectivityCheck('/api', (async () => {
      throw new TypeError('Failed to fetch');
    }) as typeof fetch);
    expect(steps.every((step) => !step.ok && step.detail === 'Failed to fetch')).toBe(true);
  });
});
