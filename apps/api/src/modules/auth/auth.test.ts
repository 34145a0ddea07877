import fs from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { decodeProtectedHeader, generateKeyPair, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  buildTestApp,
  createUser,
  signIn,
  signUp,
  testAppUrl,
  uniqueEmail,
  type TestApp,
} from '../../testing/build-test-app';
import { databaseTargets } from '../../testing/test-database';
import { users } from '../../db/schema';
import { embeddedIssuer } from '../../identity/embedded';

/** The migration that moved embedded users off the app's URL as issuer; safe to run again. */
const adoptLegacyIssuersSql = fs.readFileSync(
  path.join(import.meta.dirname, '../../db/migrations/0006_embedded_issuer.sql'),
  'utf8',
);

function base64url(value: object): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

describe.each(databaseTargets)('identity and /v1/auth on %s', (target) => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await buildTestApp(target);
  });
  afterAll(async () => testApp.close());

  const me = (headers: Record<string, string> = {}) =>
    testApp.app.inject({ method: 'GET', url: '/api/v1/auth/me', headers });

  it('provisions a lead with an organisation and a pending waitlist entry on first sign-in', async () => {
    const account = await signUp(testApp.app, { name: 'Mara Vox' });
    const response = await me(bearer(account.token));
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      user: { email: account.email, name: 'Mara Vox' },
      role: 'lead',
      roles: ['lead'],
      permissions: [],
      tier: null,
      organization: { name: "Mara Vox's team" },
    });
    const waitlist = await testApp.app.inject({
      method: 'POST',
      url: '/api/v1/auth/validate-waitlist',
      headers: bearer(account.token),
      payload: { email: account.email.toUpperCase() },
    });
    expect(waitlist.json()).toMatchObject({ status: 'pending', position: expect.any(Number) });
  });

  it('keys embedded users by a fixed issuer, so a changed APP_URL or PORT keeps every user', async () => {
    const account = await signUp(testApp.app);
    const [, payload] = account.token.split('.');
    expect(JSON.parse(Buffer.from(payload!, 'base64url').toString()).iss).toBe(embeddedIssuer);
    const before = (await me(bearer(account.token))).json();
    // A user first seen under the old scheme (the app's URL as issuer), twice under two ports:
    // the migration adopts the earliest backend user and leaves the later one alone.
    const { db } = testApp.database;
    await db
      .update(users)
      .set({ issuer: 'http://localhost:3000' })
      .where(eq(users.id, before.user.id));
    const [later] = await db
      .insert(users)
      .values({
        ...(await db.select().from(users).where(eq(users.id, before.user.id)))[0]!,
        id: crypto.randomUUID(),
        issuer: 'http://localhost:4000',
        email: uniqueEmail(),
        createdAt: new Date(Date.now() + 60_000),
      })
      .returning({ id: users.id });
    await db.execute(sql.raw(adoptLegacyIssuersSql));
    await db.execute(sql.raw(adoptLegacyIssuersSql)); // idempotent
    const rows = await db
      .select({ id: users.id, issuer: users.issuer })
      .from(users)
      .where(eq(users.subject, account.identityUserId));
    expect(new Map(rows.map((row) => [row.id, row.issuer]))).toEqual(
      new Map([
        [before.user.id, embeddedIssuer],
        [later!.id, 'http://localhost:4000'],
      ]),
    );
    const after = (await me(bearer(account.token))).json();
    expect(after.user.id).toBe(before.user.id);
    expect(after.organization.id).toBe(before.organization.id);
  });

  it('gives the same user on every call (one backend user per issuer and subject)', async () => {
    const account = await signUp(testApp.app);
    const [first, second] = await Promise.all([
      me(bearer(account.token)),
      me(bearer(account.token)),
    ]);
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    expect(first.json().user.id).toBe(second.json().user.id);
    expect(first.json().organization.id).toBe(second.json().organization.id);
  });

  it('returns the user with organisation details', async () => {
    const user = await createUser(testApp, 'customer');
    const response = await testApp.app.inject({
      method: 'GET',
      url: '/api/v1/auth/user-with-org',
      headers: bearer(user.token),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      user: { id: user.me.user.id, role: 'customer', identityProvider: 'embedded' },
      organization: { id: user.me.organization.id, role: 'owner' },
    });
  });

  describe('refuses bad tokens with 401', () => {
    it('without a token', async () => {
      const response = await me();
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({
        error: { code: 'UNAUTHENTICATED', message: 'Sign in to continue.' },
      });
    });

    it('with a non-bearer scheme or garbage token', async () => {
      expect((await me({ authorization: 'Basic abc' })).statusCode).toBe(401);
      expect((await me(bearer('not-a-jwt'))).json().error.code).toBe('UNAUTHENTICATED');
    });

    it('when expired', async () => {
      const account = await signUp(testApp.app);
      const now = Math.floor(Date.now() / 1000);
      const { token } = await testApp.app.embeddedAuth!.api.signJWT({
        body: {
          payload: {
            sub: account.identityUserId,
            email: account.email,
            iat: now - 3600,
            exp: now - 60,
          },
        },
      });
      const response = await me(bearer(token));
      expect(response.statusCode).toBe(401);
      expect(response.json().error.message).toBe('Your session has expired. Sign in again.');
    });

    it('with the wrong issuer or audience', async () => {
      const account = await signUp(testApp.app);
      const wrongIssuer = await testApp.app.embeddedAuth!.api.signJWT({
        body: { payload: { sub: account.identityUserId, iss: 'https://evil.example' } },
      });
      expect((await me(bearer(wrongIssuer.token))).statusCode).toBe(401);
      const wrongAudience = await testApp.app.embeddedAuth!.api.signJWT({
        body: { payload: { sub: account.identityUserId, aud: 'someone-else' } },
      });
      expect((await me(bearer(wrongAudience.token))).statusCode).toBe(401);
    });

    it('with alg: none', async () => {
      const account = await signUp(testApp.app);
      const [, payload] = account.token.split('.');
      const unsigned = `${base64url({ alg: 'none', typ: 'JWT' })}.${payload}.`;
      const response = await me(bearer(unsigned));
      expect(response.statusCode).toBe(401);
      expect(response.json().error.message).toBe(
        'Unsigned tokens are not accepted. Sign in again.',
      );
    });

    it('when signed with another key under the same key id (forged)', async () => {
      const account = await signUp(testApp.app);
      const { kid } = decodeProtectedHeader(account.token);
      const { privateKey } = await generateKeyPair('EdDSA', { crv: 'Ed25519' });
      const [, payload] = account.token.split('.');
      const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString('utf8'));
      const forged = await new SignJWT(claims)
        .setProtectedHeader({ alg: 'EdDSA', kid: kid! })
        .sign(privateKey);
      expect((await me(bearer(forged))).statusCode).toBe(401);
      // A payload edited after signing fails too.
      const tampered = account.token.split('.');
      tampered[1] = base64url({ ...claims, sub: 'someone-else' });
      expect((await me(bearer(tampered.join('.')))).statusCode).toBe(401);
    });
  });

  it('ends the session on logout: the token stops working', async () => {
    const account = await signUp(testApp.app);
    expect((await me(bearer(account.token))).statusCode).toBe(200);
    const logout = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { ...bearer(account.token), cookie: account.cookie, origin: testAppUrl },
    });
    expect(logout.statusCode).toBe(200);
    expect(logout.json()).toEqual({ success: true });
    const after = await me(bearer(account.token));
    expect(after.statusCode).toBe(401);
    expect(after.json().error.message).toBe('Your session has ended. Sign in again.');
  });

  it('verifies and refreshes an embedded token', async () => {
    const user = await createUser(testApp, 'customer');
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/v1/auth/verify-and-refresh-token',
      headers: bearer(user.token),
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ valid: true, user: { user: { id: user.me.user.id } } });
    expect(new Date(body.expiresAt).getTime()).toBeGreaterThan(Date.now());
    expect((await me(bearer(body.token))).json().user.id).toBe(user.me.user.id);
  });

  it.each(['login', 'register'])(
    'POST /api/auth/%s points to the identity provider',
    async (path) => {
      const response = await testApp.app.inject({
        method: 'POST',
        url: `/api/auth/${path}`,
        payload: { email: 'a@b.co', password: 'x' },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.code).toBe('USE_IDENTITY_PROVIDER');
      expect(response.json().error.message).toContain(path === 'login' ? '/login' : '/register');
    },
  );

  describe('register-user', () => {
    it('links the identity user idempotently', async () => {
      const account = await signUp(testApp.app);
      const body = { email: account.email, clerk_user_id: account.identityUserId };
      const first = await testApp.app.inject({
        method: 'POST',
        url: '/api/v1/auth/register-user',
        headers: bearer(account.token),
        payload: body,
      });
      expect(first.statusCode).toBe(201);
      expect(first.json().created).toBe(true);
      const second = await testApp.app.inject({
        method: 'POST',
        url: '/api/v1/auth/register-user',
        headers: bearer(account.token),
        payload: body,
      });
      expect(second.statusCode).toBe(200);
      expect(second.json().created).toBe(false);
      expect(second.json().user.user.id).toBe(first.json().user.user.id);
    });

    it('names invalid fields', async () => {
      const account = await signUp(testApp.app);
      const response = await testApp.app.inject({
        method: 'POST',
        url: '/api/v1/auth/register-user',
        headers: bearer(account.token),
        payload: { email: 'not-an-email' },
      });
      expect(response.statusCode).toBe(400);
      const fields = response
        .json()
        .error.details.fields.map((field: { field: string }) => field.field);
      expect(fields).toEqual(expect.arrayContaining(['email', 'clerk_user_id']));
    });

    it("refuses to link someone else's identity", async () => {
      const account = await signUp(testApp.app);
      const response = await testApp.app.inject({
        method: 'POST',
        url: '/api/v1/auth/register-user',
        headers: bearer(account.token),
        payload: { email: account.email, clerk_user_id: 'user_somebody_else' },
      });
      expect(response.statusCode).toBe(403);
    });
  });

  describe('embedded identity provider', () => {
    it('enforces the password rules: at least 8 characters, 64 accepted', async () => {
      const tooShort = await testApp.app.inject({
        method: 'POST',
        url: '/api/auth/sign-up/email',
        headers: { origin: testAppUrl },
        payload: { email: uniqueEmail(), password: 'short7!', name: 'A' },
      });
      expect(tooShort.statusCode).toBe(400);
      expect(tooShort.json().error).toEqual({
        code: 'VALIDATION_FAILED',
        message: 'Password must be at least 8 characters.',
        details: {
          fields: [{ field: 'password', message: 'Password must be at least 8 characters.' }],
        },
      });
      const tooLong = await testApp.app.inject({
        method: 'POST',
        url: '/api/auth/sign-up/email',
        headers: { origin: testAppUrl },
        payload: { email: uniqueEmail(), password: 'p'.repeat(129), name: 'A' },
      });
      expect(tooLong.statusCode).toBe(400);
      const long = await signUp(testApp.app, { password: 'p'.repeat(64) });
      expect(long.token).toBeTruthy();
    });

    it('accepts the loopback aliases of APP_URL as origins, and no other origin', async () => {
      // better-auth checks the origin of requests that carry cookies (a browser's do).
      const { cookie } = await signUp(testApp.app);
      for (const origin of ['http://127.0.0.1:3000', 'http://[::1]:3000']) {
        const email = uniqueEmail('loopback');
        const signedUp = await testApp.app.inject({
          method: 'POST',
          url: '/api/auth/sign-up/email',
          headers: { origin, cookie },
          payload: { email, password: 'correct-horse-battery', name: 'Loop Back' },
        });
        expect(signedUp.statusCode).toBe(200);
        const signedIn = await testApp.app.inject({
          method: 'POST',
          url: '/api/auth/sign-in/email',
          headers: { origin, cookie },
          payload: { email, password: 'correct-horse-battery' },
        });
        expect(signedIn.statusCode).toBe(200);
      }
      const stranger = await testApp.app.inject({
        method: 'POST',
        url: '/api/auth/sign-up/email',
        headers: { origin: 'http://127.0.0.2:3000', cookie },
        payload: { email: uniqueEmail(), password: 'correct-horse-battery', name: 'Stranger' },
      });
      expect(stranger.statusCode).toBe(403);
      expect(stranger.json().error).toEqual({
        code: 'FORBIDDEN',
        message:
          'Crescendo accepts sign-in only on its own address. Open http://localhost:3000 and try again there.',
      });
    });

    it('refuses a wrong password with the wire error format', async () => {
      const account = await signUp(testApp.app);
      const response = await testApp.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        headers: { origin: testAppUrl },
        payload: { email: account.email, password: 'wrong-password' },
      });
      expect(response.statusCode).toBe(401);
      expect(response.json().error).toEqual({
        code: 'UNAUTHENTICATED',
        message: 'Incorrect email or password.',
      });
      await expect(signIn(testApp.app, account.email, account.password)).resolves.toMatchObject({
        token: expect.any(String),
      });
    });

    it('publishes its JWKS', async () => {
      const response = await testApp.app.inject({ method: 'GET', url: '/api/auth/jwks' });
      expect(response.statusCode).toBe(200);
      expect(response.json().keys[0]).toMatchObject({ kty: 'OKP', crv: 'Ed25519' });
      expect(response.json().keys[0].d).toBeUndefined();
    });
  });
});

describe('sign-in attempts are rate-limited', () => {
  it('locks an account after repeated failures from one address', async () => {
    const testApp = await buildTestApp('pglite', { env: { SIGN_IN_RATE_LIMIT: '3' } });
    try {
      const account = await signUp(testApp.app);
      const attempt = (password: string) =>
        testApp.app.inject({
          method: 'POST',
          url: '/api/auth/sign-in/email',
          headers: { origin: testAppUrl },
          payload: { email: account.email, password },
        });
      const statuses = [];
      for (let index = 0; index < 3; index += 1)
        statuses.push((await attempt('wrong-password')).statusCode);
      const blocked = await attempt(account.password);
      expect(statuses).toEqual([401, 401, 401]);
      expect(blocked.statusCode).toBe(429);
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
      expect(blocked.json().error.code).toBe('RATE_LIMITED');
    } finally {
      await testApp.close();
    }
  });
});

describe('logs', () => {
  it('never contain tokens, cookies or passwords, and carry the request id', async () => {
    const testApp = await buildTestApp('pglite', { captureLogs: true });
    try {
      const account = await signUp(testApp.app, { password: 'very-secret-password-1' });
      await testApp.app.inject({
        method: 'GET',
        url: '/api/v1/auth/me?token=leaky-query-token',
        headers: {
          ...bearer(account.token),
          cookie: account.cookie,
          'x-request-id': 'trace-me-123456',
        },
      });
      const output = testApp.logs.join('');
      expect(output).toContain('trace-me-123456');
      expect(output).not.toContain(account.token);
      expect(output).not.toContain(account.token.split('.')[2]!);
      expect(output).not.toContain(account.cookie.split('=')[1]!.slice(0, 20));
      expect(output).not.toContain('very-secret-password-1');
      expect(output).not.toContain('leaky-query-token');
    } finally {
      await testApp.close();
    }
  });
});

describe('per-user rate limit', () => {
  it('answers 429 with Retry-After once a user spends their budget, whatever their address', async () => {
    const testApp = await buildTestApp('pglite', { env: { RATE_LIMIT_PER_USER: '3' } });
    try {
      const account = await signUp(testApp.app);
      const statuses: number[] = [];
      let last;
      for (let index = 0; index < 4; index += 1) {
        last = await testApp.app.inject({
          method: 'GET',
          url: '/api/v1/auth/me',
          headers: bearer(account.token),
          remoteAddress: `10.0.0.${index + 1}`,
        });
        statuses.push(last.statusCode);
      }
      expect(statuses).toEqual([200, 200, 200, 429]);
      expect(Number(last!.headers['retry-after'])).toBeGreaterThan(0);
      expect(last!.json().error.code).toBe('RATE_LIMITED');
      const other = await signUp(testApp.app);
      expect(
        (
          await testApp.app.inject({
            method: 'GET',
            url: '/api/v1/auth/me',
            headers: bearer(other.token),
          })
        ).statusCode,
      ).toBe(200);
    } finally {
      await testApp.close();
    }
  });
});

describe('server errors', () => {
  // A closed database is the database being down: 503 with Retry-After (issue 18), still generic.
  it('answer 503 with a generic message and the request id, never internals, when the database is gone', async () => {
    const testApp = await buildTestApp('pglite');
    try {
      const account = await signUp(testApp.app);
      await testApp.database.close();
      const response = await testApp.app.inject({
        method: 'GET',
        url: '/api/v1/auth/me',
        headers: { ...bearer(account.token), 'x-request-id': 'req-internal-0001' },
      });
      expect(response.statusCode).toBe(503);
      expect(response.headers['retry-after']).toBe('5');
      expect(response.json()).toEqual({
        error: {
          code: 'SERVICE_UNAVAILABLE',
          message: 'The service is briefly unavailable. Try again in a few seconds.',
          details: { retryAfterSeconds: 5, requestId: 'req-internal-0001' },
        },
      });
    } finally {
      await testApp.app.close();
    }
  });
});
