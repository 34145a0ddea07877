import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../testing/build-test-app';
import { databaseTargets } from '../testing/test-database';

/** Sends raw bytes and reads everything the server answers until it closes the connection. */
function sendRaw(
  port: number,
  bytes: string,
): Promise<{ status: number; headers: string; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(bytes));
    let received = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk) => (received += chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const [head = '', body = ''] = received.split('\r\n\r\n');
      resolve({ status: Number(head.split(' ')[1]), headers: head.toLowerCase(), body });
    });
  });
}

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

  describe('requests Node’s HTTP parser refuses, over a raw socket', () => {
    let port: number;
    beforeAll(async () => {
      const address = new URL(await testApp.app.listen({ port: 0, host: '127.0.0.1' }));
      port = Number(address.port);
    });

    it('answers a request line over the 16 KB header limit with 431 in the wire format', async () => {
      const response = await sendRaw(
        port,
        `GET /api/health?q=${'a'.repeat(20_000)} HTTP/1.1\r\nHost: localhost\r\n\r\n`,
      );
      expect(response.status).toBe(431);
      expect(response.headers).toContain('content-type: application/json; charset=utf-8');
      expect(JSON.parse(response.body)).toEqual({
        error: {
          code: 'HEADERS_TOO_LARGE',
          message:
            'The URL and headers are too large (over 16 KB together). Shorten the URL, or clear this site’s cookies.',
        },
      });
      const bigCookie = await sendRaw(
        port,
        `GET /api/health HTTP/1.1\r\nHost: localhost\r\nCookie: c=${'b'.repeat(17_000)}\r\n\r\n`,
      );
      expect(bigCookie.status).toBe(431);
    });

    it('answers a method Node does not know with 405 and Allow on a known path, 404 elsewhere', async () => {
      const known = await sendRaw(port, 'FOO /api/health HTTP/1.1\r\nHost: localhost\r\n\r\n');
      expect(known.status).toBe(405);
      expect(known.headers).toContain('allow: get, head');
      expect(JSON.parse(known.body)).toEqual({
        error: {
          code: 'METHOD_NOT_ALLOWED',
          message: 'FOO is not allowed on /api/health; use GET, HEAD.',
        },
      });
      const unknown = await sendRaw(
        port,
        'FOO /api/nothing?x=1 HTTP/1.1\r\nHost: localhost\r\n\r\n',
      );
      expect(unknown.status).toBe(404);
      expect(JSON.parse(unknown.body).error).toEqual({
        code: 'NOT_FOUND',
        message: 'No route for FOO /api/nothing',
      });
    });

    it('answers bytes that are not HTTP with 400 in the wire format', async () => {
      const response = await sendRaw(port, 'GET /api/health HTTP/1.1\r\nBad Header\r\n\r\n');
      expect(response.status).toBe(400);
      expect(JSON.parse(response.body)).toEqual({
        error: { code: 'BAD_REQUEST', message: 'The request is not valid HTTP.' },
      });
      // The server still answers the next connection.
      const next = await sendRaw(
        port,
        'GET /api/health HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n',
      );
      expect(next.status).toBe(200);
    });
  });
});
