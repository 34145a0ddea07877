import type { MeResponse } from '@crescendo/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organizations } from '../../db/schema';
import { bearer, type TestApp } from '../../testing/build-test-app';
import { startClerkTestApp, type ClerkBackendStandIn } from '../../testing/clerk';
import { subscribe } from '../../testing/teams';
import { databaseTargets } from '../../testing/test-database';

describe.each(databaseTargets)("the plan's artist limit with Clerk (%s)", (target) => {
  let testApp: TestApp;
  let clerk: ClerkBackendStandIn;
  let sign: (claims: Record<string, unknown>) => Promise<string>;
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ testApp, clerk, sign, close } = await startClerkTestApp(target));
  });
  afterAll(async () => close?.());

  /** `/api/v1/auth/me` as `userId`, in the Clerk organisation `org` with the Clerk `role`. */
  const me = async (userId: string, org?: { id: string; role: string }) => {
    const claims = { sub: userId, email: `${userId}@example.com` };
    const jwt = await sign(
      org ? { ...claims, o: { id: org.id, rol: org.role, slg: org.id } } : claims,
    );
    return testApp.app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: bearer(jwt) });
  };
  const personalOrganizationId = async (userId: string) => {
    const response = await me(userId);
    expect(response.statusCode).toBe(200);
    return response.json<MeResponse>().organization.id;
  };
  const productRows = async (identityOrganizationId: string) =>
    testApp.database.db
      .select({ id: organizations.id })
      .from(organizations)
      .where(eq(organizations.identityOrganizationId, identityOrganizationId));
  const owned = (...ids: string[]) => ids.map((id) => ({ id, role: 'org:admin' }));

  it('refuses an owner on Free a Clerk organisation beyond their own, and makes no row', async () => {
    const user = `user_free_${target}`;
    const [first, second] = [`org_free_a_${target}`, `org_free_b_${target}`];
    clerk.setMemberships(user, owned(first, second));
    await personalOrganizationId(user);

    for (const org of [second, first]) {
      const refused = await me(user, { id: org, role: 'org:admin' });
      expect(refused.statusCode).toBe(403);
      // The embedded path's error: their own organisation and the other one are two artists.
      expect(refused.json().error).toMatchObject({
        code: 'PLAN_LIMIT',
        message: expect.stringMatching(/^Your Free plan includes 1 artist\./),
        details: { limit: 'artists', used: 2, allowed: 1, plan: 'free', upgradePlan: 'team' },
      });
      expect(await productRows(org)).toEqual([]);
    }
    // A manager counts the same.
    const manager = await me(user, { id: `org_free_c_${target}`, role: 'org:manager' });
    expect(manager.json().error.code).toBe('PLAN_LIMIT');
    expect(clerk.membershipCalls(user)).toBe(3);
  });

  it('lets an owner on Team open up to 5 artists (concurrently) and refuses the 6th', async () => {
    const user = `user_team_${target}`;
    const orgs = [1, 2, 3, 4, 5].map((index) => `org_team_${index}_${target}`);
    clerk.setMemberships(
      user,
      owned(...orgs.slice(0, 3)).concat({ id: orgs[3]!, role: 'org:manager' }),
    );
    await subscribe(testApp, await personalOrganizationId(user), 'team');

    const opened = await Promise.all(
      orgs
        .slice(0, 4)
        .map((id, index) => me(user, { id, role: index === 3 ? 'org:manager' : 'org:admin' })),
    );
    expect(opened.map((response) => response.statusCode)).toEqual([200, 200, 200, 200]);

    // A fifth organisation in Clerk is a sixth artist.
    clerk.setMemberships(
      user,
      owned(...orgs.slice(0, 3), orgs[4]!).concat({ id: orgs[3]!, role: 'org:manager' }),
    );
    const refused = await me(user, { id: orgs[4]!, role: 'org:admin' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toMatchObject({
      code: 'PLAN_LIMIT',
      details: { limit: 'artists', used: 5, allowed: 5, plan: 'team' },
    });
    expect(await productRows(orgs[4]!)).toEqual([]);
  });

  it('holds the count against the best plan among the Clerk organisations already known', async () => {
    const [label, viewer] = [`user_label_${target}`, `user_label_viewer_${target}`];
    const [labelOrg, newOrg] = [`org_label_${target}`, `org_label_new_${target}`];
    clerk.setMemberships(label, [{ id: labelOrg, role: 'org:manager' }, ...owned(newOrg)]);
    // A viewer opens the label's organisation first (viewers never count).
    expect((await me(viewer, { id: labelOrg, role: 'org:member' })).statusCode).toBe(200);

    expect((await me(label, { id: newOrg, role: 'org:admin' })).statusCode).toBe(403);
    await subscribe(testApp, (await productRows(labelOrg))[0]!.id, 'team');
    const opened = await me(label, { id: newOrg, role: 'org:admin' });
    expect(opened.statusCode).toBe(200);
    expect(opened.json<MeResponse>().organization.role).toBe('owner');
  });

  it('never refuses a viewer, however many organisations they see', async () => {
    const user = `user_viewer_${target}`;
    const seen = Array.from({ length: 12 }, (_, index) => `org_seen_${index}_${target}`);
    const mine = [`org_mine_a_${target}`, `org_mine_b_${target}`];
    clerk.setMemberships(user, [
      ...seen.map((id) => ({ id, role: 'org:member' })),
      ...owned(...mine),
    ]);
    await personalOrganizationId(user);

    for (const id of seen) {
      const response = await me(user, { id, role: 'org:member' });
      expect(response.statusCode).toBe(200);
      expect(response.json<MeResponse>().organization.role).toBe('viewer');
    }
    expect(clerk.membershipCalls(user)).toBe(0);
    // The same person is over Free as an owner: the limit applies to them, just not as a viewer.
    expect((await me(user, { id: mine[0]!, role: 'org:admin' })).json().error.code).toBe(
      'PLAN_LIMIT',
    );
    expect(clerk.membershipCalls(user)).toBe(1);
  });

  it('counts a person promoted to owner or manager of a known organisation, once', async () => {
    const [person, viewer] = [`user_promoted_${target}`, `user_promoted_viewer_${target}`];
    const [theirs, label] = [`org_promoted_own_${target}`, `org_promoted_label_${target}`];
    // The label's organisation is known already: a viewer opened it first (viewers never count).
    expect((await me(viewer, { id: label, role: 'org:member' })).statusCode).toBe(200);
    // The person works there as a viewer: not counted, no call.
    clerk.setMemberships(person, [...owned(theirs), { id: label, role: 'org:member' }]);
    const personal = await personalOrganizationId(person);
    expect((await me(person, { id: label, role: 'org:member' })).statusCode).toBe(200);
    expect(clerk.membershipCalls(person)).toBe(0);

    // Promoted to manager in Clerk, on Free, with an artist of their own elsewhere: refused, and
    // nothing recorded, so every request asks again until they fit.
    clerk.setMemberships(person, [...owned(theirs), { id: label, role: 'org:manager' }]);
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const refused = await me(person, { id: label, role: 'org:manager' });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error).toMatchObject({
        code: 'PLAN_LIMIT',
        details: { limit: 'artists', used: 2, allowed: 1, plan: 'free' },
      });
    }
    expect(clerk.membershipCalls(person)).toBe(2);
    // As a viewer there they still work.
    expect((await me(person, { id: label, role: 'org:member' })).statusCode).toBe(200);

    // On Team (5 artists) they fit: counted once, then served with no further call.
    await subscribe(testApp, personal, 'team');
    const opened = await me(person, { id: label, role: 'org:manager' });
    expect(opened.statusCode).toBe(200);
    expect(opened.json<MeResponse>().organization).toMatchObject({
      id: (await productRows(label))[0]!.id,
      role: 'manager',
    });
    expect(Object.keys(opened.json<MeResponse>().organization).sort()).toEqual(
      Object.keys(
        (await me(viewer, { id: label, role: 'org:member' })).json<MeResponse>().organization,
      ).sort(),
    );
    for (const role of ['org:manager', 'org:admin']) {
      expect((await me(person, { id: label, role })).statusCode).toBe(200);
    }
    expect(clerk.membershipCalls(person)).toBe(3);
  });

  it('asks Clerk only the first time: a known organisation is served with no call', async () => {
    const user = `user_known_${target}`;
    const org = `org_known_${target}`;
    clerk.setMemberships(user, owned(org));
    await subscribe(testApp, await personalOrganizationId(user), 'team');

    const first = await me(user, { id: org, role: 'org:admin' });
    expect(first.statusCode).toBe(200);
    expect(clerk.membershipCalls(user)).toBe(1);
    for (const role of ['org:admin', 'org:manager', 'org:admin']) {
      const again = await me(user, { id: org, role });
      expect(again.json<MeResponse>().organization.id).toBe(
        first.json<MeResponse>().organization.id,
      );
    }
    expect(clerk.membershipCalls(user)).toBe(1);
  });
});
