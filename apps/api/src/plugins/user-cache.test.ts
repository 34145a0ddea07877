import type { MeResponse } from '@crescendo/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TtlCache } from '../lib/ttl-cache';
import { updateUserRole } from '../modules/users/users.repository';
import {
  bearer,
  buildTestApp,
  createUser,
  signUp,
  testAppUrl,
  type TestApp,
} from '../testing/build-test-app';
import { databaseTargets } from '../testing/test-database';

describe('TtlCache', () => {
  it('expires entries after the TTL and evicts the oldest when full', () => {
    const cache = new TtlCache<number>(1000, 2);
    cache.set('a', 1, 0);
    expect(cache.get('a', 999)).toBe(1);
    expect(cache.get('a', 1000)).toBeUndefined();
    cache.set('a', 1, 0);
    cache.set('b', 2, 0);
    cache.set('c', 3, 0);
    expect(cache.size).toBe(2);
    expect(cache.get('a', 1)).toBeUndefined();
    expect(cache.get('c', 1)).toBe(3);
  });

  it('stores nothing with a TTL of 0', () => {
    const cache = new TtlCache<number>(0);
    cache.set('a', 1);
    expect(cache.get('a')).toBeUndefined();
  });
});

describe.each(databaseTargets)('the short user cache on %s', (target) => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await buildTestApp(target, { env: { USER_CACHE_TTL_MS: '60000' } });
  });
  afterAll(async () => testApp?.close());

  const me = (token: string) =>
    testApp.app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: bearer(token) });

  /** Any write through the API drops the cache; a refused profile create writes nothing else. */
  const anyWrite = (token: string) =>
    testApp.app.inject({
      method: 'POST',
      url: '/api/artist/profile',
      headers: bearer(token),
      payload: {},
    });

  it('reuses a resolved user until any write goes through the API', async () => {
    const user = await createUser(testApp, 'customer');
    // createUser sets the role behind the API's back, after the first lookup was cached.
    expect((await me(user.token)).json<MeResponse>().role).toBe('lead');
    await anyWrite(user.token);
    expect((await me(user.token)).json<MeResponse>().role).toBe('customer');
    // A change behind the API's back is not seen while the entry lives…
    await updateUserRole(testApp.database.db, user.me.user.id, 'lead');
    expect((await me(user.token)).json<MeResponse>().role).toBe('customer');
    // …but any write through this process drops the cache.
    // (the cached customer passes the role check; the empty body is refused)
    expect((await anyWrite(user.token)).statusCode).toBe(400);
    expect((await me(user.token)).json<MeResponse>().role).toBe('lead');
  });

  it('still ends a session at once on logout', async () => {
    const account = await signUp(testApp.app);
    expect((await me(account.token)).statusCode).toBe(200);
    expect((await me(account.token)).statusCode).toBe(200);
    const logout = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { ...bearer(account.token), cookie: account.cookie, origin: testAppUrl },
    });
    expect(logout.statusCode).toBe(200);
    expect((await me(account.token)).statusCode).toBe(401);
  });
});
