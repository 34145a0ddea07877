import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { platformConnections } from '../../db/schema';
import { buildTestApp, createUser, type TestApp } from '../../testing/build-test-app';
import { databaseTargets } from '../../testing/test-database';
import type { PlatformFetch } from '../providers';
import { getAccessToken, sealTokens } from './tokens.service';

describe.each(databaseTargets)('token refresh against a hung provider on %s', (target) => {
  let testApp: TestApp;
  let organizationId: string;
  const hungRequests: string[] = [];
  // Google's token endpoint that never answers: only the caller's abort ends the request.
  const hangingFetch: PlatformFetch = (url, init) =>
    new Promise((_resolve, reject) => {
      hungRequests.push(url);
      init?.signal?.addEventListener('abort', () => reject(init.signal!.reason), { once: true });
    });

  beforeAll(async () => {
    testApp = await buildTestApp(target, {
      platformOverrides: {
        fetch: hangingFetch,
        retry: { timeoutMs: 400, maxRetries: 1, baseDelayMs: 1 },
      },
    });
    organizationId = (await createUser(testApp)).me.organization.id;
  });
  afterAll(async () => {
    await testApp.close();
  });

  it('holds no lock while it waits, and gives up after the time-out', async () => {
    const id = crypto.randomUUID();
    const { db } = testApp.database;
    await db.insert(platformConnections).values({
      id,
      organizationId,
      provider: 'youtube',
      externalAccountId: 'UC-hung',
      accountName: 'Hung',
      ...sealTokens(testApp.app.platforms, id, {
        accessToken: 'old-access',
        refreshToken: 'refresh',
      }),
      accessTokenExpiresAt: new Date(0),
      scopes: [],
    });
    let isSettled = false;
    const refresh = getAccessToken(db, testApp.app.platforms, { id, organizationId }).finally(
      () => {
        isSettled = true;
      },
    );
    refresh.catch(() => {});
    await expect.poll(() => hungRequests.length).toBe(1);
    // While Google hangs: the database answers, and the row itself can be written.
    expect(await testApp.database.ping()).toBe(true);
    await db
      .update(platformConnections)
      .set({ syncStep: 'touched' })
      .where(eq(platformConnections.id, id));
    expect(isSettled).toBe(false);
    await expect(refresh).rejects.toThrow(/did not answer within 400 ms/);
    expect(hungRequests).toHaveLength(2);
    const [row] = await db.select().from(platformConnections).where(eq(platformConnections.id, id));
    // A time-out is not a revoked grant: the connection stays connected for the next try.
    expect(row!.status).toBe('connected');
  });
});
