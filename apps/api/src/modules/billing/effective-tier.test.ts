import type { MeResponse, UsageResponse } from '@crescendo/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingAccounts, users } from '../../db/schema';
import {
  bearer,
  buildTestApp,
  createUser,
  testAppUrl,
  type SignedInUser,
  type TestApp,
} from '../../testing/build-test-app';
import { databaseTargets } from '../../testing/test-database';

const dayS = 24 * 60 * 60;

/**
 * The tier in force is a function of the subscription and the clock: when a grace period runs out
 * or a cancelled subscription reaches its period's end, /me, the limits and the usage page change
 * at that instant, with no provider event, and the published tier (Clerk) follows on that read.
 */
describe.each(databaseTargets)('billing: the tier in force follows the clock (%s)', (target) => {
  let testApp: TestApp;
  let clock = new Date();
  const published: { subjects: string[]; tier: string | null }[] = [];

  beforeAll(async () => {
    testApp = await buildTestApp(target, {
      env: { PAYMENTS_SANDBOX_CONTROL_API: 'true' },
      now: () => clock,
    });
    // Stands in for Clerk's Backend API: records every tier written to public metadata.
    testApp.app.billing.publishTier = async (members, tier) => {
      published.push({ subjects: members.map((member) => member.subject), tier });
    };
  });
  afterAll(async () => {
    await testApp?.close();
  });

  const inject = (method: 'GET' | 'POST', url: string, token: string, payload?: object) =>
    testApp.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
  const postForm = (url: string, fields: Record<string, string>) =>
    testApp.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(fields).toString(),
    });
  const control = (url: string, payload: object = {}) =>
    testApp.app.inject({
      method: 'POST',
      url: `/payments-sandbox/__control${url}`,
      // The sandbox's key is generated per install (a data dir secret).
      headers: { authorization: `Bearer ${testApp.app.paymentsSandbox!.secretKey}` },
      payload,
    });
  const me = async (user: SignedInUser) =>
    (await inject('GET', '/api/v1/auth/me', user.token)).json<MeResponse>();
  const usageOf = async (user: SignedInUser) =>
    (await inject('GET', '/api/dashboard/usage', user.token)).json<UsageResponse>();
  const accountOf = async (user: SignedInUser) =>
    (
      await testApp.database.db
        .select()
        .from(billingAccounts)
        .where(eq(billingAccounts.organizationId, user.me.organization.id))
    )[0]!;
  const storedTierOf = async (user: SignedInUser) =>
    (
      await testApp.database.db
        .select({ tier: users.tier })
        .from(users)
        .where(eq(users.id, user.me.user.id))
    )[0]!.tier;
  const subscribe = async (user: SignedInUser) => {
    const created = await inject('POST', '/api/v1/stripe/create-checkout-session', user.token, {
      priceId: 'price_sandbox_pro',
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
  const exportAllowance = async (user: SignedInUser) =>
    (await usageOf(user)).limits.find((limit) => limit.name === 'exports')!.allowed;

  it('past due: /me, the limits and the usage page drop to Free the moment the grace period ends', async () => {
    clock = new Date();
    const customer = await createUser(testApp, 'customer');
    await subscribe(customer);
    const account = await accountOf(customer);
    await control(`/subscriptions/${account.subscriptionId}/fail-next-renewal`);
    await control('/advance-clock', { seconds: 31 * dayS });
    const graceEndsAt = (await accountOf(customer)).graceEndsAt!;
    expect(graceEndsAt).not.toBeNull();
    const paidExports = await exportAllowance(customer);

    clock = new Date(graceEndsAt.getTime() - 1000);
    expect((await me(customer)).tier).toBe('pro');
    expect((await usageOf(customer)).plan.id).toBe('pro');

    published.length = 0;
    clock = new Date(graceEndsAt.getTime() + 1000);
    expect((await me(customer)).tier).toBeNull();
    const usage = await usageOf(customer);
    expect(usage.plan.id).toBe('free');
    expect(usage.subscription.status).toBe('past_due');
    expect(await exportAllowance(customer)).not.toBe(paidExports);
    // Published once, on the first read after the change; the stored tier follows.
    expect(published).toEqual([{ subjects: [expect.any(String)], tier: null }]);
    expect(await storedTierOf(customer)).toBeNull();
    await me(customer);
    expect(published).toHaveLength(1);
  });

  it('cancel at period end: paid until the period ends, Free from that instant with no event', async () => {
    clock = new Date();
    const lead = await createUser(testApp, 'lead');
    await subscribe(lead);
    const portal = await inject('POST', '/api/v1/stripe/create-portal-session', lead.token, {
      returnUrl: `${testAppUrl}/settings/usage`,
    });
    const portalPath = new URL(portal.json<{ url: string }>().url).pathname;
    await postForm(`${portalPath}/actions`, { action: 'cancel' });
    const account = await accountOf(lead);
    expect(account.cancelAtPeriodEnd).toBe(true);
    const periodEnd = account.currentPeriodEnd!;

    clock = new Date(periodEnd.getTime() - 1000);
    expect(await me(lead)).toMatchObject({ role: 'customer', tier: 'pro' });
    expect((await usageOf(lead)).plan.id).toBe('pro');

    published.length = 0;
    clock = new Date(periodEnd.getTime() + 1000);
    // No customer.subscription.deleted has arrived: the stored status is still "active".
    expect((await accountOf(lead)).status).toBe('active');
    expect(await me(lead)).toMatchObject({ role: 'customer', tier: null });
    expect((await usageOf(lead)).plan.id).toBe('free');
    expect(published).toHaveLength(1);
    expect(published[0]!.tier).toBeNull();
    expect(await storedTierOf(lead)).toBeNull();
  });

  it('a failed metadata write leaves the stored tier as it was, so the next read tries again', async () => {
    clock = new Date();
    const customer = await createUser(testApp, 'customer');
    await subscribe(customer);
    const account = await accountOf(customer);
    await control(`/subscriptions/${account.subscriptionId}/fail-next-renewal`);
    await control('/advance-clock', { seconds: 31 * dayS });
    const graceEndsAt = (await accountOf(customer)).graceEndsAt!;
    const publish = testApp.app.billing.publishTier;
    let attempts = 0;
    testApp.app.billing.publishTier = async () => {
      attempts += 1;
      throw new Error('Clerk is unreachable');
    };
    try {
      clock = new Date(graceEndsAt.getTime() + 1000);
      const first = await inject('GET', '/api/v1/auth/me', customer.token);
      expect(first.statusCode).toBe(200);
      expect(first.json<MeResponse>().tier).toBeNull();
      expect(await storedTierOf(customer)).toBe('pro');
      await me(customer);
      expect(attempts).toBe(2);
    } finally {
      testApp.app.billing.publishTier = publish;
    }
    await me(customer);
    expect(await storedTierOf(customer)).toBeNull();
  });
});
