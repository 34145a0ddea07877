import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTierPublisher } from './clerk-tier';

type Received = { method: string; path: string; authorization: string; body: unknown };

describe('the tier in Clerk public metadata', () => {
  const received: Received[] = [];
  let server: http.Server;
  let apiUrl: string;

  beforeAll(async () => {
    // A stand-in for Clerk's Backend API that records what it is asked.
    server = http.createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        received.push({
          method: request.method ?? '',
          path: request.url ?? '',
          authorization: request.headers.authorization ?? '',
          body: body ? JSON.parse(body) : null,
        });
        const id = (request.url ?? '').split('/')[3];
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ object: 'user', id, public_metadata: {} }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    apiUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("writes the tier to each Clerk user's public metadata, and to no one else", async () => {
    const publish = createTierPublisher('sk_test_clerk', apiUrl);
    await publish(
      [
        { subject: 'user_2abc', identityProvider: 'clerk' },
        { subject: 'embedded-user', identityProvider: 'embedded' },
      ],
      'pro',
    );
    expect(received).toEqual([
      {
        method: 'PATCH',
        path: '/v1/users/user_2abc/metadata',
        authorization: 'Bearer sk_test_clerk',
        body: { public_metadata: { tier: 'pro' } },
      },
    ]);
  });

  it('publishes nothing without a Clerk secret key', async () => {
    received.length = 0;
    await createTierPublisher(null, apiUrl)(
      [{ subject: 'user_2abc', identityProvider: 'clerk' }],
      'pro',
    );
    expect(received).toEqual([]);
  });
});
