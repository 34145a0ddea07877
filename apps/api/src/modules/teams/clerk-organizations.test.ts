import type { MeResponse } from '@crescendo/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, type TestApp } from '../../testing/build-test-app';
import {
  createClerkTokens,
  startClerkTestApp,
  type ClerkBackendStandIn,
} from '../../testing/clerk';
import { subscribe } from '../../testing/teams';
import { databaseTargets } from '../../testing/test-database';
import { artistLimitUncheckableMessage } from './clerk-organizations.service';

describe.each(databaseTargets)('Clerk Organizations (%s, no network)', (target) => {
  let testApp: TestApp;
  let clerk: ClerkBackendStandIn;
  let token: (claims: Record<string, unknown>) => Promise<string>;
  let close: () => Promise<void>;

  beforeAll(async () => {
    // Clerk's Backend API (a local stand-in) is asked when a token first names an organisation.
    ({ testApp, clerk, sign: token, close } = await startClerkTestApp(target));
  });
  afterAll(async () => close?.());

  const me = async (jwt: string) =>
    (
      await testApp.app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: bearer(jwt) })
    ).json<MeResponse>();

  it("scopes each request to the token's organisation, mapped 1:1, with the token's role", async () => {
    const base = { sub: 'user_org_1', email: 'label@example.com' };
    clerk.setMemberships(base.sub, [
      { id: 'org_A', role: 'org:manager' },
      { id: 'org_B', role: 'org:member' },
    ]);
    const personal = await me(await token(base));
    expect(personal.organization.role).toBe('owner');
    // Their own organisation and org_A are two artists: Team covers them (decision 0024).
    await subscribe(testApp, personal.organization.id, 'team');

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

describe.each(databaseTargets)('Clerk without CLERK_SECRET_KEY (%s)', (target) => {
  let testApp: TestApp;
  let token: (claims: Record<string, unknown>) => Promise<string>;

  beforeAll(async () => {
    const tokens = await createClerkTokens();
    token = tokens.sign;
    testApp = await buildTestApp(target, { env: tokens.env, captureLogs: true });
  });
  afterAll(async () => testApp?.close());

  const me = async (claims: Record<string, unknown>) =>
    testApp.app.inject({
      method: 'GET',
      url: '/api/v1/auth/me',
      headers: bearer(await token({ sub: 'user_no_key', email: 'nokey@example.com', ...claims })),
    });

  it('cannot check the artist limit, so a new organisation opens only for a viewer', async () => {
    const warnings = testApp.logs.filter((line) => line.includes('CLERK_SECRET_KEY is not set'));
    expect(warnings).toHaveLength(1);
    expect((await me({})).statusCode).toBe(200);
    await subscribe(testApp, (await me({})).json<MeResponse>().organization.id, 'team');

    for (const rol of ['org:admin', 'org:manager']) {
      const refused = await me({ o: { id: 'org_unseen', rol } });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error).toEqual({
        code: 'FORBIDDEN',
        message: artistLimitUncheckableMessage,
      });
    }
    // A viewer makes it known; a known organisation serves every role, as before.
    expect((await me({ o: { id: 'org_unseen', rol: 'org:member' } })).statusCode).toBe(200);
    const owner = await me({ o: { id: 'org_unseen', rol: 'org:admin' } });
    expect(owner.json<MeResponse>().organization.role).toBe('owner');
  });
});
