import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../app';
import { loadConfig } from '../config/env';
import { signUp, testAppUrl } from '../testing/build-test-app';
import { createTestDatabase, databaseTargets, type DatabaseTarget } from '../testing/test-database';

/** Two API "processes" (two apps) on one database, as behind a load balancer. */
async function buildTwoApps(target: DatabaseTarget, env: Record<string, string>) {
  const database = await createTestDatabase(target);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'crescendo-limits-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    CRESCENDO_DATA_DIR: dataDir,
    APP_URL: testAppUrl,
    AUTH_SECRET: 'test-secret-that-is-long-enough-for-better-auth',
    WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
    USER_CACHE_TTL_MS: '0',
    ...env,
  });
  const apps: App[] = [await buildApp({ config, database }), await buildApp({ config, database })];
  await Promise.all(apps.map((app) => app.ready()));
  return {
    apps,
    database,
    async close() {
      await Promise.all(apps.map((app) => app.close()));
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A client address no earlier run used, so counters in a shared Redis never collide. */
function freshAddress(): string {
  const bytes = crypto.randomBytes(3);
  return `10.${bytes[0]}.${bytes[1]}.${bytes[2]}`;
}

type Setup = { name: string; target: DatabaseTarget; env: Record<string, string> };
const setups: Setup[] = [
  ...(databaseTargets.includes('postgres')
    ? [{ name: 'PostgreSQL counters', target: 'postgres' as const, env: {} }]
    : []),
  ...(process.env.TEST_REDIS_URL
    ? [
        {
          name: 'Redis counters',
          target: 'pglite' as const,
          env: { REDIS_URL: process.env.TEST_REDIS_URL },
        },
      ]
    : []),
];

describe.skipIf(setups.length === 0).each(setups)(
  'limits shared by two processes ($name)',
  (setup) => {
    let pair: Awaited<ReturnType<typeof buildTwoApps>>;
    beforeAll(async () => {
      pair = await buildTwoApps(setup.target, {
        ...setup.env,
        RATE_LIMIT_PER_IP: '4',
        RATE_LIMIT_PER_USER: '3',
        SIGN_IN_ACCOUNT_FAILURE_LIMIT: '3',
      });
    });
    afterAll(async () => {
      await pair.close();
    });

    it('counts per-address requests across both processes', async () => {
      const remoteAddress = freshAddress();
      const statuses: number[] = [];
      for (let index = 0; index < 6; index += 1) {
        const response = await pair.apps[index % 2]!.inject({
          method: 'POST',
          url: '/api/v1/auth/validate-waitlist',
          payload: { email: 'a@b.co' },
          remoteAddress,
        });
        statuses.push(response.statusCode);
      }
      expect(statuses).toEqual([200, 200, 200, 200, 429, 429]);
    });

    it('counts per-user requests across both processes', async () => {
      const account = await signUp(pair.apps[0]!);
      const statuses: number[] = [];
      for (let index = 0; index < 4; index += 1) {
        const response = await pair.apps[index % 2]!.inject({
          method: 'GET',
          url: '/api/v1/auth/me',
          headers: { authorization: `Bearer ${account.token}` },
          remoteAddress: freshAddress(),
        });
        statuses.push(response.statusCode);
      }
      expect(statuses).toEqual([200, 200, 200, 429]);
    });

    it.skipIf(setup.target !== 'postgres' || setup.env.REDIS_URL)(
      'keeps the counters in an unlogged table (no WAL flush per request, decision 0022)',
      async () => {
        const result = await pair.database.db.execute(
          sql`select relpersistence from pg_class where relname = 'rate_limit_counters'`,
        );
        const rows = (result as unknown as { rows: { relpersistence: string }[] }).rows;
        expect(rows).toEqual([{ relpersistence: 'u' }]);
      },
    );
  },
);

describe.each(databaseTargets)('sign-in limits on %s', (target) => {
  let pair: Awaited<ReturnType<typeof buildTwoApps>>;
  beforeAll(async () => {
    pair = await buildTwoApps(target, { SIGN_IN_ACCOUNT_FAILURE_LIMIT: '3' });
  });
  afterAll(async () => {
    await pair.close();
  });

  it('locks an account tried from many addresses, whatever the address', async () => {
    // On PGlite both apps share one process's database but not its memory counters: one app here.
    const app = pair.apps[0]!;
    const account = await signUp(app);
    const attempt = (password: string, remoteAddress: string, via = app) =>
      via.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        headers: { origin: testAppUrl },
        payload: { email: account.email, password },
        remoteAddress,
      });
    const statuses: number[] = [];
    for (let index = 0; index < 3; index += 1) {
      const via = target === 'postgres' ? pair.apps[index % 2]! : app;
      statuses.push((await attempt('wrong-password', freshAddress(), via)).statusCode);
    }
    const blocked = await attempt(account.password, freshAddress());
    expect(statuses).toEqual([401, 401, 401]);
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('TRUST_PROXY as a hop count', () => {
  it('takes the address the trusted proxy saw, not one the client wrote', async () => {
    const pair = await buildTwoApps('pglite', { TRUST_PROXY: '1', RATE_LIMIT_PER_IP: '2' });
    try {
      const statuses: number[] = [];
      for (let index = 0; index < 3; index += 1) {
        const response = await pair.apps[0]!.inject({
          method: 'POST',
          url: '/api/v1/auth/validate-waitlist',
          payload: { email: 'a@b.co' },
          remoteAddress: '127.0.0.1',
          // The client forges a new leftmost address each time; the proxy appended the real one.
          headers: { 'x-forwarded-for': `${freshAddress()}, 203.0.113.7` },
        });
        statuses.push(response.statusCode);
      }
      expect(statuses).toEqual([200, 200, 429]);
    } finally {
      await pair.close();
    }
  });
});
