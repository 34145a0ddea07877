import type { UsageResponse } from '@crescendo/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../app';
import { billingAccounts } from '../../db/schema';
import {
  bearer,
  buildTestApp,
  createUser,
  testAppUrl,
  type TestApp,
} from '../../testing/build-test-app';
import { databaseTargets } from '../../testing/test-database';

/**
 * The payments sandbox keeps its customers and subscriptions in the product's database: an app
 * started again on the same database (and data dir) still knows the subscription the billing
 * account points at, through the same Stripe SDK calls.
 */
describe.each(databaseTargets)('payments sandbox: a restart keeps its state (%s)', (target) => {
  let testApp: TestApp;
  let restarted: App | null = null;

  beforeAll(async () => {
    testApp = await buildTestApp(target);
  });
  afterAll(async () => {
    await restarted?.close();
    await testApp?.close();
  });

  it('reads the subscription back through the Stripe SDK after a restart; the portal still works', async () => {
    const lead = await createUser(testApp, 'lead');
    const created = await testApp.app.inject({
      method: 'POST',
      url: '/api/v1/stripe/create-checkout-session',
      headers: bearer(lead.token),
      payload: {
        priceId: 'price_sandbox_pro',
        successUrl: `${testAppUrl}/stripe/success`,
        cancelUrl: `${testAppUrl}/cancel`,
      },
    });
    expect(created.statusCode, created.body).toBe(200);
    const sessionId = new URL(created.json<{ url: string }>().url).pathname.split('/').pop()!;
    const paid = await testApp.app.inject({
      method: 'POST',
      url: `/payments-sandbox/checkout/${sessionId}/pay`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        method: 'card',
        cardNumber: '4242 4242 4242 4242',
        expiry: '12 / 34',
        cvc: '123',
      }).toString(),
    });
    expect(paid.statusCode).toBe(303);
    const [account] = await testApp.database.db
      .select()
      .from(billingAccounts)
      .where(eq(billingAccounts.organizationId, lead.me.organization.id));
    expect(account?.subscriptionId).toBeTruthy();

    // The process stops; a new one starts on the same database and data dir.
    await testApp.app.close();
    restarted = await buildApp({
      config: testApp.config,
      database: testApp.database,
      billingOverrides: { sandbox: { minDelayMs: 0, maxDelayMs: 0 } },
    });
    await restarted.ready();

    const stripe = restarted.billing.provider.stripe;
    const subscription = await stripe.subscriptions.retrieve(account!.subscriptionId!, {
      expand: ['default_payment_method'],
    });
    expect(subscription).toMatchObject({
      id: account!.subscriptionId,
      customer: account!.customerId,
      status: 'active',
      cancel_at_period_end: false,
    });
    expect(subscription.items.data[0]?.price.id).toBe('price_sandbox_pro');
    const method = subscription.default_payment_method as { card?: { last4: string } } | null;
    expect(method?.card?.last4).toBe('4242');
    const customer = await stripe.customers.retrieve(account!.customerId);
    expect(customer.id).toBe(account!.customerId);
    const session = await stripe.checkout.sessions.retrieve(sessionId);
    expect(session).toMatchObject({ status: 'complete', subscription: account!.subscriptionId });

    // The usage page and the portal, which read through the provider, still work.
    const usage = await restarted.inject({
      method: 'GET',
      url: '/api/dashboard/usage',
      headers: bearer(lead.token),
    });
    expect(usage.statusCode).toBe(200);
    expect(usage.json<UsageResponse>()).toMatchObject({
      plan: { id: 'pro' },
      canManageBilling: true,
    });
    const portal = await restarted.inject({
      method: 'POST',
      url: '/api/v1/stripe/create-portal-session',
      headers: bearer(lead.token),
      payload: { returnUrl: `${testAppUrl}/settings/usage` },
    });
    expect(portal.statusCode, portal.body).toBe(200);
    const portalPath = new URL(portal.json<{ url: string }>().url).pathname;
    const cancelled = await restarted.inject({
      method: 'POST',
      url: `${portalPath}/actions`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ action: 'cancel' }).toString(),
    });
    expect(cancelled.statusCode).toBeLessThan(400);
    expect(
      (await stripe.subscriptions.retrieve(account!.subscriptionId!)).cancel_at_period_end,
    ).toBe(true);
  });
});
