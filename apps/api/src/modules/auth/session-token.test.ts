import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authSession } from '../../db/schema';
import { hashSessionToken, hashStoredSessionTokens } from '../../identity/hashed-session-tokens';
import { buildTestApp, testAppUrl, type TestApp } from '../../testing/build-test-app';
import { databaseTargets } from '../../testing/test-database';

describe.each(databaseTargets)('embedded sign-in bodies on %s', (target) => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await buildTestApp(target);
  });
  afterAll(async () => {
    await testApp.close();
  });

  it('carry no session token (only the HttpOnly cookie does), and the cookie still works', async () => {
    const email = `token-${Date.now()}@example.com`;
    const password = 'correct-horse-battery';
    const signUpResponse = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: { origin: testAppUrl },
      payload: { email, password, name: 'Token Test' },
    });
    const signInResponse = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: testAppUrl },
      payload: { email, password },
    });
    for (const response of [signUpResponse, signInResponse]) {
      expect(response.statusCode).toBe(200);
      const body = response.json<Record<string, unknown>>();
      expect(body).not.toHaveProperty('token');
      expect(body).toHaveProperty('user');
      const cookie = String(response.headers['set-cookie']).split(';')[0]!;
      const sessionValue = decodeURIComponent(cookie.split('=')[1]!).split('.')[0]!;
      expect(response.body).not.toContain(sessionValue);
      const token = await testApp.app.inject({
        method: 'GET',
        url: '/api/auth/token',
        headers: { cookie },
      });
      expect(token.statusCode).toBe(200);
    }
  });

  it('are stored only as SHA-256 hashes: the table holds nothing a cookie can be made of', async () => {
    const email = `hashed-${Date.now()}@example.com`;
    const password = 'correct-horse-battery';
    const signUp = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: { origin: testAppUrl },
      payload: { email, password, name: 'Hash Test' },
    });
    expect(signUp.statusCode).toBe(200);
    const cookie = String(signUp.headers['set-cookie']).split(';')[0]!;
    const [cookieName, cookieValue] = cookie.split('=') as [string, string];
    const token = decodeURIComponent(cookieValue).split('.')[0]!;
    const rows = await testApp.database.db
      .select({ id: authSession.id, token: authSession.token })
      .from(authSession);
    const stored = rows.find((row) => row.token === hashSessionToken(token));
    expect(stored).toBeDefined();
    expect(rows.some((row) => row.token === token)).toBe(false);

    // The cookie still reads the session, again and again (no token rotation to the hash).
    for (let read = 0; read < 2; read += 1) {
      const session = await testApp.app.inject({
        method: 'GET',
        url: '/api/auth/get-session',
        headers: { cookie },
      });
      expect(session.statusCode).toBe(200);
      expect(session.json<{ user: { email: string } }>().user.email).toBe(email);
    }
    // Even correctly signed (as someone holding the secret and the table could), a cookie made
    // of the stored value opens nothing.
    const sign = (value: string) =>
      `${value}.${crypto.createHmac('sha256', testApp.config.authSecret!).update(value).digest('base64')}`;
    expect(decodeURIComponent(cookieValue)).toBe(sign(token));
    const forged = await testApp.app.inject({
      method: 'GET',
      url: '/api/auth/token',
      headers: { cookie: `${cookieName}=${encodeURIComponent(sign(stored!.token))}` },
    });
    expect(forged.statusCode).toBe(401);

    // Signing out deletes the hashed row.
    const signOut = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { cookie, origin: testAppUrl },
      payload: {},
    });
    expect(signOut.statusCode).toBe(200);
    const left = await testApp.database.db
      .select()
      .from(authSession)
      .where(eq(authSession.id, stored!.id));
    expect(left).toHaveLength(0);
  });

  it('hashes sessions stored before hashing in place, and they keep working', async () => {
    const email = `legacy-${Date.now()}@example.com`;
    const password = 'correct-horse-battery';
    const signUp = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: { origin: testAppUrl },
      payload: { email, password, name: 'Legacy' },
    });
    const cookie = String(signUp.headers['set-cookie']).split(';')[0]!;
    const token = decodeURIComponent(cookie.split('=')[1]!).split('.')[0]!;
    // As an older version left it: the token in plaintext.
    await testApp.database.db
      .update(authSession)
      .set({ token })
      .where(eq(authSession.token, hashSessionToken(token)));
    await hashStoredSessionTokens(testApp.database.db);
    const rows = await testApp.database.db.select({ token: authSession.token }).from(authSession);
    expect(rows.map((row) => row.token)).toContain(hashSessionToken(token));
    expect(rows.map((row) => row.token)).not.toContain(token);
    const session = await testApp.app.inject({
      method: 'GET',
      url: '/api/auth/token',
      headers: { cookie },
    });
    expect(session.statusCode).toBe(200);
  });
});
