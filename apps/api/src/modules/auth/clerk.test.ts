import { exportSPKI, generateKeyPair, SignJWT, type CryptoKey } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issuerFromPublishableKey } from '../../identity/clerk';
import { bearer, buildTestApp, testAppUrl, type TestApp } from '../../testing/build-test-app';
import { databaseTargets } from '../../testing/test-database';

const clerkHost = 'clerk.crescendo.test';
const publishableKey = `pk_test_${Buffer.from(`${clerkHost}$`).toString('base64')}`;
const issuer = `https://${clerkHost}`;

describe.each(databaseTargets)('Clerk session tokens on %s (no network)', (target) => {
  let testApp: TestApp;
  let privateKey: CryptoKey;
  let otherKey: CryptoKey;

  beforeAll(async () => {
    const pair = await generateKeyPair('RS256');
    privateKey = pair.privateKey;
    otherKey = (await generateKeyPair('RS256')).privateKey;
    testApp = await buildTestApp(target, {
      env: {
        CLERK_PUBLISHABLE_KEY: publishableKey,
        CLERK_JWT_KEY: await exportSPKI(pair.publicKey),
        CLERK_AUTHORIZED_PARTIES: testAppUrl,
      },
    });
  });
  afterAll(async () => testApp.close());

  function clerkToken(
    claims: Record<string, unknown>,
    options: { key?: CryptoKey; expiresIn?: string } = {},
  ) {
    return new SignJWT({ azp: testAppUrl, sid: 'sess_1', ...claims })
      .setProtectedHeader({ alg: 'RS256', kid: 'ins_test' })
      .setIssuer(String(claims.iss ?? issuer))
      .setIssuedAt()
      .setNotBefore('-10s')
      .setExpirationTime(options.expiresIn ?? '1m')
      .sign(options.key ?? privateKey);
  }

  it('derives the issuer from the publishable key', () => {
    expect(issuerFromPublishableKey(publishableKey)).toBe(issuer);
  });

  it('registers a Clerk user, then reads roles, permissions and tier from public metadata', async () => {
    const token = await clerkToken({
      sub: 'user_clerk_1',
      metadata: { roles: ' customer , admin ', permissions: 'export:csv, view:roi', tier: 'pro' },
    });
    const beforeRegistration = await testApp.app.inject({
      method: 'GET',
      url: '/api/v1/auth/me',
      headers: bearer(token),
    });
    expect(beforeRegistration.statusCode).toBe(403);
    const registered = await testApp.app.inject({
      method: 'POST',
      url: '/api/v1/auth/register-user',
      headers: bearer(token),
      payload: { email: 'Clerk.User@Example.com', clerk_user_id: 'user_clerk_1' },
    });
    expect(registered.statusCode).toBe(201);
    const me = await testApp.app.inject({
      method: 'GET',
      url: '/api/v1/auth/me',
      headers: bearer(token),
    });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({
      user: { email: 'clerk.user@example.com' },
      role: 'admin',
      roles: ['admin', 'customer'],
      permissions: ['export:csv', 'view:roi'],
      tier: 'pro',
    });
  });

  it('falls back to backend values when the token has no metadata', async () => {
    const token = await clerkToken({ sub: 'user_clerk_2', email: 'plain@example.com' });
    const me = await testApp.app.inject({
      method: 'GET',
      url: '/api/v1/auth/me',
      headers: bearer(token),
    });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ role: 'lead', roles: ['lead'], permissions: [], tier: null });
  });

  it.each([
    ['expired', { sub: 'user_x' }, { expiresIn: '-1m' }],
    ['signed with another key', { sub: 'user_x' }, { key: 'other' }],
    ['from another issuer', { sub: 'user_x', iss: 'https://evil.clerk.test' }, {}],
    ['for another authorized party', { sub: 'user_x', azp: 'https://evil.example' }, {}],
  ] as const)('refuses a token %s', async (_label, claims, options) => {
    const token = await clerkToken(claims, {
      ...(options as { expiresIn?: string }),
      ...('key' in options ? { key: otherKey } : {}),
    });
    const response = await testApp.app.inject({
      method: 'GET',
      url: '/api/v1/auth/me',
      headers: bearer(token),
    });
    expect(response.statusCode).toBe(401);
    expect(response.json().error.code).toBe('UNAUTHENTICATED');
  });

  it('has no embedded sign-in endpoints and seeds nothing', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email: 'admin@example.com', password: 'crescendo-demo' },
    });
    expect(response.statusCode).toBe(404);
    expect(testApp.config.seedDemo).toBe(false);
  });
});
