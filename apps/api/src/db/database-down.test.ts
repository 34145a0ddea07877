import crypto from 'node:crypto';
import net from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../app';
import { loadConfig } from '../config/env';
import { openDatabase, type DatabaseHandle } from './client';
import { bearer, signUp, testAppUrl } from '../testing/build-test-app';

const adminUrl = process.env.TEST_DATABASE_URL;

/** A TCP relay to PostgreSQL that the test can cut (dropping every connection) and restore. */
async function startRelay(target: URL) {
  const sockets = new Set<net.Socket>();
  let isUp = true;
  const server = net.createServer((client) => {
    if (!isUp) return client.destroy();
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => socket.destroy());
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  return {
    port,
    cut() {
      isUp = false;
      for (const socket of sockets) socket.destroy();
    },
    restore() {
      isUp = true;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe.skipIf(!adminUrl)('the API while PostgreSQL is down', () => {
  let app: App;
  let database: DatabaseHandle;
  let relay: Awaited<ReturnType<typeof startRelay>>;
  const name = `crescendo_down_${crypto.randomBytes(6).toString('hex')}`;

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    relay = await startRelay(new URL(adminUrl!));
    const url = new URL(adminUrl!);
    url.hostname = '127.0.0.1';
    url.port = String(relay.port);
    url.pathname = `/${name}`;
    database = await openDatabase({ kind: 'postgres', url: url.toString(), poolMax: 4 });
    app = await buildApp({
      config: loadConfig({
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        APP_URL: testAppUrl,
        AUTH_SECRET: 'test-secret-that-is-long-enough-for-better-auth',
        CRESCENDO_DATA_DIR: `/tmp/${name}`,
        USER_CACHE_TTL_MS: '0',
      }),
      database,
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await database.close();
    await relay.close();
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  });

  it('answers 503 with Retry-After while it is down, and recovers by itself when it is back', async () => {
    const account = await signUp(app);
    const me = () =>
      app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: bearer(account.token) });
    expect((await me()).statusCode).toBe(200);

    relay.cut();
    const down = await me();
    expect(down.statusCode).toBe(503);
    expect(down.headers['retry-after']).toBe('5');
    expect(down.json<{ error: { code: string } }>().error.code).toBe('SERVICE_UNAVAILABLE');
    // Alive, but not ready: a load balancer takes it out of rotation until the database is back.
    expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    const notReady = await app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(notReady.statusCode).toBe(503);
    expect(notReady.json<{ error: { message: string } }>().error.message).toContain(
      'database (The database is unreachable.)',
    );

    relay.restore();
    await expect.poll(async () => (await me()).statusCode, { timeout: 10_000 }).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });
});
