import type { MeResponse } from '@crescendo/contracts';
import { exportSPKI, generateKeyPair, SignJWT, type CryptoKey } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, testAppUrl, type TestApp } from '../../testing/build-test-app';
import { databaseTargets } from '../../testing/test-database';

const clerkHost = 'clerk.crescendo.test';
const publishableKey = `pk_test_${Buffer.from(`${clerkHost}$`).toString('base64')}`;

describe.each(databaseTargets)('Clerk Organizations (%s, no network)', (target) => {
  let testApp: TestApp;
  let privateKey: CryptoKey;

  beforeAll(async () => {
    const pair = await generateKeyPair('RS256');
    privateKey = pair.privateKey;
    testApp = await buildTestApp(target, {
      env: {
        CLERK_PUBLISHABLE_KEY: publishableKey,
        CLERK_JWT_KEY: await exportSPKI(pair.publicKey),
        CLERK_AUTHORIZED_PARTIES: testAppUrl,
      },
    });
  });
  afterAll(async () => testApp?.close());

  const token = (claims: Record<string, unknown>) =>
    new SignJWT({ azp: testAppUrl, sid: 'sess_1', metadata: { roles: 'customer' }, ...claims })
      .setProtectedHeader({ alg: 'RS256', kid: 'ins_test' })
      .setIssuer(`https://${clerkHost}`)
      .setIssuedAt()
      .setExpirationTime('1m')
      .sign(privateKey);
  const me = async (jwt: string) =>
    (
      await testApp.app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: bearer(jwt) })
    ).json<MeResponse>();

  it("scopes each request to the token's organisation, mapped 1:1, with the token's role", async () => {
    const base = { sub: 'user_org_1', email: 'label@example.com' };
    const personal = await me(await token(base));
    expect(personal.organization.role).toBe('owner');

    // Session tokens v2 (`o`) and v1 (`org_id`/`org_role`) name the same organisation.
    const inA = await me(
      await token({ ...base, o: { id: 'org_A', rol: 'manager', slg: 'artist-a' } }),
    );
    const inAv1 = await me(await token({ ...base, org_id: 'org_A', org_role: 'org:admin' }));
    const inB = await me(
      await token({ ...base, o: { id: 'org_B', rol: 'member', slg: 'artist-b' } }),
    );
    expect(inA.organization).toMatchObject({ name: 'artist-a', role: 'manager' });
    expect(inAv1.organization).toMatchObject({ id: inA.organization.id, role: 'owner' });
    expect(inB.organization).toMatchObject({ name: 'artist-b', role: 'viewer' });
    expect(new Set([personal.organization.id, inA.organization.id, inB.organization.id]).size).toBe(
      3,
    );

    // A Clerk viewer is read-only like an embedded one; member management lives in Clerk.
    const viewerToken = await token({ ...base, o: { id: 'org_B', rol: 'org:member' } });
    const write = await testApp.app.inject({
      method: 'POST',
      url: '/api/artist/profile',
      headers: bearer(viewerToken),
      payload: { artistName: 'Nope' },
    });
    expect(write.statusCode).toBe(403);
    const adminToken = await token({ ...base, o: { id: 'org_B', rol: 'org:admin' } });
    const invite = await testApp.app.inject({
      method: 'POST',
      url: '/api/v1/team/invitations',
      headers: bearer(adminToken),
      payload: { email: 'someone@example.com', role: 'viewer' },
    });
    expect(invite.statusCode).toBe(409);
    expect(invite.json().error.message).toMatch(/managed in Clerk/);
  });
});
