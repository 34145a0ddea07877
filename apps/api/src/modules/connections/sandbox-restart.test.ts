import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { MeResponse } from '@crescendo/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../app';
import { loadConfig } from '../../config/env';
import type { DatabaseHandle } from '../../db/client';
import { platformConnections, sandboxOAuthRecords } from '../../db/schema';
import { bearer, signUp, testAppUrl } from '../../testing/build-test-app';
import { createTestDatabase, databaseTargets } from '../../testing/test-database';
import { updateUserRole } from '../users';
import { getAccessToken } from './tokens.service';

/**
 * The sandbox mounted in the product (no provider credentials) keeps its grants in the database:
 * a restarted process, or another process behind the same load balancer, honours them.
 */
describe.each(databaseTargets)('sandbox grants across restarts and processes on %s', (target) => {
  let database: DatabaseHandle;
  let dataDir: string;
  const apps: App[] = [];
  const env = () => ({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    CRESCENDO_DATA_DIR: dataDir,
    APP_URL: testAppUrl,
    AUTH_SECRET: 'test-secret-that-is-long-enough-for-better-auth',
    TOKEN_ENCRYPTION_KEYS: `1:${Buffer.alloc(32, 9).toString('base64')}`,
    WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
    USER_CACHE_TTL_MS: '0',
  });
  const start = async () => {
    const app = await buildApp({ config: loadConfig(env()), database });
    await app.ready();
    apps.push(app);
    return app;
  };

  beforeAll(async () => {
    database = await createTestDatabase(target);
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'crescendo-restart-'));
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  async function makeCustomer(app: App, token: string) {
    const me = await app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: bearer(token) });
    await updateUserRole(database.db, me.json<MeResponse>().user.id, 'customer');
  }

  /** auth URL on `starter`, consent on `consenter`'s sandbox, callback on `finisher`. */
  async function connect(token: string, starter: App, consenter: App, finisher: App) {
    const started = await starter.inject({
      method: 'GET',
      url: '/api/v1/youtube/oauth/auth-url?returnTo=%2Fsettings%2Fconnections',
      headers: bearer(token),
    });
    const cookie = String(started.headers['set-cookie']).split(';')[0]!;
    const consentUrl = new URL(started.json<{ url: string }>().url);
    const form = new URLSearchParams(consentUrl.searchParams);
    form.set('persona', 'small');
    const consented = await consenter.inject({
      method: 'POST',
      url: consentUrl.pathname,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: form.toString(),
    });
    expect(consented.statusCode).toBe(302);
    const back = new URL(consented.headers.location as string);
    const landed = await finisher.inject({
      method: 'GET',
      url: `${back.pathname}${back.search}`,
      headers: { cookie },
    });
    return new URL(landed.headers.location as string);
  }

  it('keeps a sandbox connection working after a restart (refresh does not turn it to reconnect needed)', async () => {
    const first = await start();
    const account = await signUp(first);
    await makeCustomer(first, account.token);
    const landed = await connect(account.token, first, first, first);
    expect(landed.searchParams.get('connected')).toBe('youtube');
    const [row] = await database.db.select().from(platformConnections);
    // Nothing the sandbox keeps is readable in the database.
    const stored = JSON.stringify(await database.db.select().from(sandboxOAuthRecords));
    expect(stored).not.toMatch(/ya29|1\/\/0Sbx|4\/0Sbx/);
    await first.close();

    const restarted = await start();
    await database.db
      .update(platformConnections)
      .set({ accessTokenExpiresAt: new Date(0) })
      .where(eq(platformConnections.id, row!.id));
    const connection = { id: row!.id, organizationId: row!.organizationId };
    const token = await getAccessToken(database.db, restarted.platforms, connection);
    const channel = await restarted.platforms.google.fetchMyChannel(token);
    expect(channel.id).toBe(row!.externalAccountId);
    const [after] = await database.db
      .select()
      .from(platformConnections)
      .where(eq(platformConnections.id, row!.id));
    expect(after!.status).toBe('connected');
  });

  it('finishes a connection begun on one process on another', async () => {
    const [one, two] = [await start(), await start()];
    const account = await signUp(one);
    await makeCustomer(one, account.token);
    const landed = await connect(account.token, one, one, two);
    expect(landed.searchParams.get('connected')).toBe('youtube');
  });
});
