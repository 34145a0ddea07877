import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, testAppUrl, type TestApp } from '../../testing/build-test-app';
import { databaseTargets } from '../../testing/test-database';

describe.each(databaseTargets)('API core on %s', (target) => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await buildTestApp(target, { env: { BODY_LIMIT_BYTES: '2048' } });
  });
  afterAll(async () => testApp.close());

  it('reports liveness', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      status: 'ok',
      uptimeSeconds: expect.any(Number),
      version: expect.any(String),
    });
  });

  it('echoes a valid client X-Request-ID and replaces an invalid one', async () => {
    const kept = await testApp.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'client-req-12345' },
    });
    expect(kept.headers['x-request-id']).toBe('client-req-12345');
    const replaced = await testApp.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'bad id with spaces <script>' },
    });
    expect(replaced.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const generated = await testApp.app.inject({ method: 'GET', url: '/api/health' });
    expect(generated.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('answers a CORS preflight on /api/health for an allowed origin only', async () => {
    const allowed = await testApp.app.inject({
      method: 'OPTIONS',
      url: '/api/health',
      headers: { origin: testAppUrl, 'access-control-request-method': 'GET' },
    });
    expect(allowed.statusCode).toBe(204);
    expect(allowed.headers['access-control-allow-origin']).toBe(testAppUrl);
    const denied = await testApp.app.inject({
      method: 'OPTIONS',
      url: '/api/health',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'GET' },
    });
    expect(denied.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('sets security headers', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['strict-transport-security']).toContain('max-age=');
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('sets every Helmet header of the policy, on errors too', async () => {
    // Worked out once at start-up (plugins/security.ts): the same set @fastify/helmet sent.
    const expected = {
      'content-security-policy':
        "default-src 'self';base-uri 'self';font-src 'self' https: data:;form-action 'self';frame-ancestors 'self';img-src 'self' data: https:;object-src 'none';script-src 'self';script-src-attr 'none';style-src 'self' 'unsafe-inline';connect-src 'self';frame-src 'self';worker-src 'self' blob:",
      'cross-origin-opener-policy': 'same-origin',
      'cross-origin-resource-policy': 'same-origin',
      'origin-agent-cluster': '?1',
      'referrer-policy': 'no-referrer',
      'strict-transport-security': 'max-age=15552000; includeSubDomains',
      'x-content-type-options': 'nosniff',
      'x-dns-prefetch-control': 'off',
      'x-download-options': 'noopen',
      'x-frame-options': 'SAMEORIGIN',
      'x-permitted-cross-domain-policies': 'none',
      'x-xss-protection': '0',
    };
    for (const url of ['/api/health', '/api/v1/auth/me', '/api/v1/nothing-here']) {
      const response = await testApp.app.inject({ method: 'GET', url });
      expect(response.headers).toMatchObject(expected);
    }
  });

  it('answers unknown /api routes with a JSON 404 in the wire format', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/v1/nothing-here' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      error: { code: 'NOT_FOUND', message: 'No route for GET /api/v1/nothing-here' },
    });
  });

  it('rejects malformed JSON with a clear 400', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/v1/auth/validate-waitlist',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: { code: 'BAD_REQUEST', message: 'The request body is not valid JSON.' },
    });
  });

  it('rejects bodies over the limit with 413', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/v1/auth/validate-waitlist',
      payload: { email: `${'a'.repeat(4000)}@example.com` },
    });
    expect(response.statusCode).toBe(413);
    expect(response.json().error.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('serves the OpenAPI document and docs UI', async () => {
    const documentResponse = await testApp.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(documentResponse.statusCode).toBe(200);
    const document = documentResponse.json<{ paths: Record<string, unknown> }>();
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining([
        '/api/v1/auth/me',
        '/api/artist/profile',
        '/api/v1/admin/waitlist',
        '/api/health',
      ]),
    );
    const ui = await testApp.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(ui.statusCode).toBe(200);
    expect(ui.headers['content-type']).toContain('text/html');
    // The docs page keeps its own policy (it loads Swagger UI's scripts and styles).
    expect(ui.headers['content-security-policy']).toContain('validator.swagger.io');
  });
});

describe.each(databaseTargets)('health when the database is down, on %s', (target) => {
  it('stays alive while readiness answers 503 naming the database', async () => {
    const testApp = await buildTestApp(target);
    try {
      await testApp.database.close();
      const live = await testApp.app.inject({ method: 'GET', url: '/api/health' });
      expect(live.statusCode).toBe(200);
      const ready = await testApp.app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({
        error: {
          code: 'SERVICE_UNAVAILABLE',
          message:
            'Not ready: database (The database is unreachable.); migrations (Not checked: the database is unreachable.)',
        },
      });
    } finally {
      await testApp.app.close();
    }
  });
});

describe('per-IP rate limit', () => {
  it('answers 429 with Retry-After once the limit is spent', async () => {
    const testApp = await buildTestApp('pglite', { env: { RATE_LIMIT_PER_IP: '3' } });
    try {
      const statuses: number[] = [];
      let last;
      for (let index = 0; index < 4; index += 1) {
        last = await testApp.app.inject({
          method: 'POST',
          url: '/api/v1/auth/validate-waitlist',
          payload: { email: 'a@b.co' },
        });
        statuses.push(last.statusCode);
      }
      expect(statuses).toEqual([200, 200, 200, 429]);
      expect(Number(last!.headers['retry-after'])).toBeGreaterThan(0);
      expect(last!.json().error.code).toBe('RATE_LIMITED');
    } finally {
      await testApp.close();
    }
  });
});
