import type { MeResponse } from '@crescendo/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingAccounts, users } from '../../db/schema';
import {
  bearer,
  buildTestApp,
  createUser,
  testAppUrl,
  uniqueEmail,
  type SignedInUser,
  type TestApp,
} from '../../testing/build-test-app';
import { invite, setActiveOrganization, signUpAndAccept } from '../../testing/teams';
import { databaseTargets } from '../../testing/test-database';

/**
 * Decision 0021: a person's tier (stored, and published to Clerk's public metadata) is the best
 * plan in force among the organisations they belong to, members who joined through an invitation
 * included, whichever organisation is active.
 */
describe.each(databaseTargets)('billing: the tier of invited members (%s)', (target) => {
  let testApp: TestApp;
  let clock = new Date();
  const published: { subject: string; tier: string | null }[] = [];
  let ownerA: SignedInUser;
  let ownerB: SignedInUser;
  let member: { token: string; cookie: string; id: string; subject: string; homeId: string };

  beforeAll(async () => {
    testApp = await buildTestApp(target, { now: () => clock });
    // Stands in for Clerk's Backend API: records every tier written to public metadata.
    testApp.app.billing.publishTier = async (members, tier) => {
      for (const { subject } of members) published.push({ subject, tier });
    };
    ownerA = await createUser(testApp, 'customer');
    ownerB = await createUser(testApp, 'customer');
    const email = uniqueEmail('member');
    const joined = await signUpAndAccept(
      testApp,
      (await invite(testApp, ownerA.token, email, 'viewer')).token,
      email,
    );
    expect(joined.status).toBe(200);
    const secondInvitation = await invite(testApp, ownerB.token, email, 'viewer');
    const accepted = await testApp.app.inject({
      method: 'POST',
      url: `/api/v1/invitations/${secondInvitation.token}/accept`,
      headers: bearer(joined.token),
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const me = await meOf(joined.token);
    const [row] = await testApp.database.db
      .select({ subject: users.subject, homeId: users.organizationId })
      .from(users)
      .where(eq(users.id, me.user.id));
    member = { token: joined.token, cookie: joined.cookie, id: me.user.id, ...row! };
  });
  afterAll(async () => {
    await testApp?.close();
  });

  const inject = (method: 'GET' | 'POST' | 'PUT', url: string, token: string, payload?: object) =>
    testApp.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
  const meOf = async (token: string) =>
    (await inject('GET', '/api/v1/auth/me', token)).json<MeResponse>();
  const storedTierOf = async (userId: string) =>
    (
      await testApp.database.db.select({ tier: users.tier }).from(users).where(eq(users.id, userId))
    )[0]!.tier;
  const postForm = (url: string, fields: Record<string, string>) =>
    testApp.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(fields).toString(),
    });
  /** Pays through the payments sandbox: the tier arrives by the signed webhook, as in production. */
  const subscribe = async (owner: SignedInUser, priceId: string) => {
    const created = await inject('POST', '/api/v1/stripe/create-checkout-session', owner.token, {
      priceId,
      successUrl: `${testAppUrl}/stripe/success`,
      cancelUrl: `${testAppUrl}/cancel`,
    });
    expect(created.statusCode, created.body).toBe(200);
    const sessionId = new URL(created.json<{ url: string }>().url).pathname.split('/').pop()!;
    const paid = await postForm(`/payments-sandbox/checkout/${sessionId}/pay`, {
      method: 'card',
      cardNumber: '4242 4242 4242 4242',
      expiry: '12 / 34',
      cvc: '123',
    });
    expect(paid.statusCode).toBe(303);
  };
  const publishedFor = (subject: string) =>
    published.filter((entry) => entry.subject === subject).map((entry) => entry.tier);

  it("gives a member who joined through an invitation the plan's tier when the owner pays", async () => {
    clock = new Date();
    published.length = 0;
    await subscribe(ownerA, 'price_sandbox_pro');
    expect(publishedFor(member.subject)).toEqual(['pro']);
    expect(await storedTierOf(member.id)).toBe('pro');
    expect((await meOf(member.token)).tier).toBe('pro');
  });

  it('a member of two paying organisations gets the better plan, whichever is active', async () => {
    published.length = 0;
    await subscribe(ownerB, 'price_sandbox_team');
    expect(publishedFor(member.subject)).toEqual(['team']);
    expect(await storedTierOf(member.id)).toBe('team');
    expect((await meOf(member.token)).tier).toBe('team');
    // The owner of the Pro artist alone keeps Pro.
    expect((await meOf(ownerA.token)).tier).toBe('pro');
    expect(await storedTierOf(ownerA.me.user.id)).toBe('pro');

    // Switching to their own (Free) artist changes neither the tier nor what Clerk holds.
    expect(await setActiveOrganization(testApp, member.cookie, member.homeId)).toBe(200);
    const inOwn = await meOf(member.token);
    expect(inOwn.organization).toMatchObject({ id: member.homeId, role: 'owner' });
    expect(inOwn.tier).toBe('team');
    expect(publishedFor(member.subject)).toEqual(['team']);
  });

  it("falls back to the next best plan when one ends; the admin's role change answers the tier in force", async () => {
    const portal = await inject('POST', '/api/v1/stripe/create-portal-session', ownerB.token, {
      returnUrl: `${testAppUrl}/settings/usage`,
    });
    const portalPath = new URL(portal.json<{ url: string }>().url).pathname;
    await postForm(`${portalPath}/actions`, { action: 'cancel' });
    const [account] = await testApp.database.db
      .select()
      .from(billingAccounts)
      .where(eq(billingAccounts.organizationId, ownerB.me.organization.id));
    expect(account!.cancelAtPeriodEnd).toBe(true);
    published.length = 0;
    clock = new Date(account!.currentPeriodEnd!.getTime() + 1000);

    // Nothing has read the member since: the stored tier is still Team, the tier in force Pro.
    expect(await storedTierOf(member.id)).toBe('team');
    const admin = await createUser(testApp, 'admin');
    const changed = await inject('PUT', `/api/v1/admin/users/${member.id}/role`, admin.token, {
      role: 'customer',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json<MeResponse>().tier).toBe('pro');

    // The member's next request brings them, and the other members of their artists, in line.
    expect((await meOf(member.token)).tier).toBe('pro');
    expect(publishedFor(member.subject)).toEqual(['pro']);
    expect(await storedTierOf(member.id)).toBe('pro');
    expect(publishedFor(await subjectOf(ownerB))).toEqual([null]);
    expect(await storedTierOf(ownerB.me.user.id)).toBeNull();
  });

  const subjectOf = async (user: SignedInUser) =>
    (
      await testApp.database.db
        .select({ subject: users.subject })
        .from(users)
        .where(eq(users.id, user.me.user.id))
    )[0]!.subject;
});
