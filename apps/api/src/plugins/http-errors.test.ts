import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../testing/build-test-app';
import { databaseTargets } from '../testing/test-database';

describe.each(databaseTargets)('HTTP errors in the wire format on %s', (target) => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await buildTestApp(target);
  });
  afterAll(async () => testApp.close());

  it('answers 405 with Allow for a known path and a method it does not take', async () => {
    const response = await testApp.app.inject({ method: 'DELETE', url: '/api/health' });
    expect(response.statusCode).toBe(405);
    expect(response.headers.allow).toBe('GET, HEAD');
    expect(response.json()).toEqual({
      error: {
        code: 'METHOD_NOT_ALLOWED',
        message: 'DELETE is not allowed on /api/health; use GET, HEAD.',
      },
    });
    const withParameter = await testApp.app.inject({
      method: 'PUT',
      url: '/api/shares/0b0f4a6e-58bb-4a8c-8f49-0a8b7a9d1c11/revoke',
    });
    expect(withParameter.statusCode).toBe(405);
    expect(withParameter.headers.allow).toBe('POST');
  });

  it('keeps 404 for an unknown path, whatever the method', async () => {
    for (const method of ['GET', 'DELETE', 'PROPFIND'] as const) {
      const response = await testApp.app.inject({ method, url: '/api/v1/nothing-here' });
      expect(response.statusCode).toBe(404);
      expect(response.json().error.code).toBe('NOT_FOUND');
    }
  });

  it('answers an over-long path parameter with 414 and a bad URL with 400, both in the wire format', async () => {
    const tooLong = await testApp.app.inject({
      method: 'GET',
      url: `/api/public/shares/${'a'.repeat(500)}`,
    });
    expect(tooLong.statusCode).toBe(414);
    expect(tooLong.json()).toEqual({
      error: { code: 'URI_TOO_LONG', message: 'The URL is too long.' },
    });
    expect(tooLong.headers['x-request-id']).toEqual(expect.any(String));
    const badUrl = await testApp.app.inject({ method: 'GET', url: '/api/%zz' });
    expect(badUrl.statusCode).toBe(400);
    expect(badUrl.json()).toEqual({
      error: { code: 'BAD_REQUEST', message: 'The URL is not valid.' },
    });
  });
});
