import type { MeResponse, UsageResponse } from '@crescendo/contracts';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingAccounts, billingEvents, users } from '../../db/schema';
import {
  bearer,
  buildTestApp,
  createUser,
  testAppUrl,
  type SignedInUser,
  type TestApp,
} from '../../testing/build-test-app';
import { databaseTargets } from '../../testing/test-database';
import { getEntitlements } from './entitlements.service';

const declinedMessage = 'Your card was declined due to insufficient funds.';
const dayS = 24 * 60 * 60;

describe.each(databaseTargets)('billing: checkout, webhooks and plans (%s)', (target) => {
  let testApp: TestApp;
  const signer = new Stripe('sk_test_signer_only');

  beforeAll(async () => {
    testApp = await buildTestApp(target, { env: { PAYMENTS_SANDBOX_CONTROL_API: 'true' } });
  });
  afterAll(async () => {
    await testApp?.close();
  });

  const inject = (method: 'GET' | 'POST', url: string, token?: string, payload?: object) =>
    testApp.app.inject({
      method,
      url,
      headers: token ? bearer(token) : {},
      ...(payload ? { payload } : {}),
    });
  const postForm = (url: string, fields: Record<string, string>) =>
    testApp.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(fields).toString(),
    });
  const control = (url: string, payload: object = {}) =>
    testApp.app.inject({
      method: url.endsWith('/events') || url.endsWith('/stats') ? 'GET' : 'POST',
      url: `/payments-sandbox/__control${url}`,
      // The sandbox's key is generated per install (a data dir secret).
      headers: { authorization: `Bearer ${testApp.app.paymentsSandbox!.secretKey}` },
      ...(url.endsWith('/events') || url.endsWith('/stats') ? {} : { payload }),
    });
  const me = async (user: SignedInUser) =>
    (await inject('GET', '/api/v1/auth/me', user.token)).json<MeResponse>();
  const usageOf = async (user: SignedInUser) => {
    const response = await inject('GET', '/api/dashboard/usage', user.token);
    expect(response.statusCode).toBe(200);
    return response.json<UsageResponse>();
  };
  const accountOf = async (user: SignedInUser) =>
    (
      await testApp.database.db
        .select()
        .from(billingAccounts)
        .where(eq(billingAccounts.organizationId, user.me.organization.id))
    )[0]!;
  const startCheckout = async (user: SignedInUser, priceId = 'price_sandbox_pro') => {
    const response = await inject('POST', '/api/v1/stripe/create-checkout-session', user.token, {
      priceId,
      successUrl: `${testAppUrl}/stripe/success`,
      cancelUrl: `${testAppUrl}/cancel`,
    });
    expect(response.statusCode, response.body).toBe(200);
    const url = new URL(response.json<{ url: string }>().url);
    expect(url.origin).toBe(testAppUrl);
    return url.pathname.split('/').pop()!;
  };
  const pay = (sessionId: string, cardNumber = '4242 4242 4242 4242') =>
    postForm(`/payments-sandbox/checkout/${sessionId}/pay`, {
      method: 'card',
      cardNumber,
      expiry: '12 / 34',
      cvc: '123',
    });
  const subscribe = async (user: SignedInUser, priceId = 'price_sandbox_pro') => {
    const sessionId = await startCheckout(user, priceId);
    const paid = await pay(sessionId);
    expect(paid.statusCode).toBe(303);
    return sessionId;
  };
  const openPortal = async (user: SignedInUser) => {
    const response = await inject('POST', '/api/v1/stripe/create-portal-session', user.token, {
      returnUrl: `${testAppUrl}/settings/usage`,
    });
    expect(response.statusCode, response.body).toBe(200);
    return new URL(response.json<{ url: string }>().url).pathname;
  };
  const signed = (payload: object, timestamp?: number) => {
    const body = JSON.stringify(payload);
    const header = signer.webhooks.generateTestHeaderString({
      payload: body,
      secret: testApp.app.paymentsSandbox!.options.webhookSecret,
      ...(timestamp ? { timestamp } : {}),
    });
    return { body, header };
  };
  const deliver = (body: string, header: string) =>
    testApp.app.inject({
      method: 'POST',
      url: '/api/v1/stripe/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': header },
      payload: body,
    });
  const retrieveCount = async () => {
    const stats = (await control('/stats')).json<{ requests: Record<string, number> }>();
    return stats.requests['GET /payments-sandbox/v1/subscriptions/:id'] ?? 0;
  };

  it('a lead who pays with 4242… becomes a customer on the plan at once, with usage and an invoice', async () => {
    const lead = await createUser(testApp, 'lead');
    expect(lead.me.tier).toBeNull();
    const page = await inject('GET', `/payments-sandbox/checkout/${await startCheckout(lead)}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('$24.00');

    const sessionId = await startCheckout(lead);
    const paid = await pay(sessionId);
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe(`${testAppUrl}/stripe/success?session_id=${sessionId}`);

    const after = await me(lead);
    expect(after.role).toBe('customer');
    expect(after.tier).toBe('pro');
    const outcome = await inject(
      'GET',
      `/api/v1/stripe/checkout-sessions/${sessionId}`,
      lead.token,
    );
    expect(outcome.json()).toMatchObject({
      status: 'complete',
      paymentStatus: 'paid',
      plan: 'pro',
      currentPlan: 'pro',
    });
    const usage = await usageOf(lead);
    expect(usage.plan).toEqual({ id: 'pro', name: 'Pro', priceCents: 2400 });
    expect(usage.paymentMethod).toEqual({ brand: 'visa', last4: '4242' });
    expect(usage.invoices).toHaveLength(1);
    expect(usage.invoices[0]).toMatchObject({ amountCents: 2400, currency: 'usd', status: 'paid' });
    expect(usage.limits.find((limit) => limit.name === 'campaigns')?.allowed).toBe(100);
    expect(usage.renewsAt).toBe(usage.period.end);
    expect(Date.parse(usage.period.end) - Date.parse(usage.period.start)).toBeGreaterThanOrEqual(
      28 * dayS * 1000,
    );
    // The waitlist entry is approved too: paying skipped the queue.
    const status = await inject('POST', '/api/v1/auth/validate-waitlist', lead.token, {
      email: lead.email,
    });
    expect(status.json().status).toBe('approved');
  });

  it('4000 0000 0000 0002 and …9995 show the spec’s declined message and change nothing', async () => {
    const lead = await createUser(testApp, 'lead');
    const sessionId = await startCheckout(lead);
    for (const card of ['4000 0000 0000 0002', '4000000000009995']) {
      const declined = await pay(sessionId, card);
      expect(declined.statusCode).toBe(402);
      expect(declined.body).toContain(declinedMessage);
    }
    const after = await me(lead);
    expect(after).toMatchObject({ role: 'lead', tier: null });
    const outcome = await inject(
      'GET',
      `/api/v1/stripe/checkout-sessions/${sessionId}`,
      lead.token,
    );
    expect(outcome.json()).toMatchObject({
      status: 'open',
      paymentStatus: 'unpaid',
      currentPlan: 'free',
    });
    expect((await inject('GET', '/api/dashboard/usage', lead.token)).statusCode).toBe(403);
  });

  it('refuses unknown prices and return URLs off the app’s origin (no open redirect)', async () => {
    const lead = await createUser(testApp, 'lead');
    const attempt = (body: Record<string, string>) =>
      inject('POST', '/api/v1/stripe/create-checkout-session', lead.token, {
        priceId: 'price_sandbox_pro',
        successUrl: `${testAppUrl}/success`,
        cancelUrl: `${testAppUrl}/cancel`,
        ...body,
      });
    const unknownPrice = await attempt({ priceId: 'price_not_on_sale' });
    expect(unknownPrice.statusCode).toBe(400);
    expect(unknownPrice.json().error.details.fields[0].field).toBe('priceId');
    for (const url of [
      'https://evil.example/success',
      '//evil.example/success',
      'http://localhost:3000.evil.example/success',
      'http://user@evil.example@localhost:3000/success',
      'javascript:alert(1)',
      '/success',
      'http://localhost:3001/success',
    ]) {
      for (const field of ['successUrl', 'cancelUrl']) {
        const response = await attempt({ [field]: url });
        expect(response.statusCode, `${field}=${url}`).toBe(400);
        expect(response.json().error.code).toBe('VALIDATION_FAILED');
      }
    }
    const customer = await createUser(testApp, 'customer');
    await subscribe(customer);
    const portal = await inject('POST', '/api/v1/stripe/create-portal-session', customer.token, {
      returnUrl: 'https://evil.example/',
    });
    expect(portal.statusCode).toBe(400);
  });

  it('checkout needs sign-in and a role; a direct outcome read of someone else’s session is 404', async () => {
    expect((await inject('POST', '/api/v1/stripe/create-checkout-session')).statusCode).toBe(401);
    const lead = await createUser(testApp, 'lead');
    const other = await createUser(testApp, 'lead');
    const sessionId = await startCheckout(lead);
    expect(
      (await inject('GET', `/api/v1/stripe/checkout-sessions/${sessionId}`, other.token))
        .statusCode,
    ).toBe(404);
    expect(
      (await inject('GET', '/api/v1/stripe/checkout-sessions/cs_test_missing', lead.token))
        .statusCode,
    ).toBe(404);
    expect(
      (await inject('GET', '/api/v1/stripe/checkout-sessions/not-a-session', lead.token))
        .statusCode,
    ).toBe(400);
  });

  it('webhook: a bad or stale signature answers 400 and changes nothing', async () => {
    const lead = await createUser(testApp, 'lead');
    await subscribe(lead);
    const account = await accountOf(lead);
    const lie = {
      id: 'evt_forged_1',
      object: 'event',
      type: 'customer.subscription.deleted',
      data: { object: { id: account.subscriptionId, customer: account.customerId } },
    };
    const { body } = signed(lie);
    const badSignature = signer.webhooks.generateTestHeaderString({
      payload: body,
      secret: 'whsec_not_the_secret',
    });
    const stale = signed(lie, Math.floor(Date.now() / 1000) - 301);
    for (const header of [badSignature, stale.header, 't=1,v1=abc', '']) {
      const response = await deliver(header === stale.header ? stale.body : body, header);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.code).toBe('BAD_REQUEST');
    }
    const noSignature = await testApp.app.inject({
      method: 'POST',
      url: '/api/v1/stripe/webhook',
      headers: { 'content-type': 'application/json' },
      payload: body,
    });
    expect(noSignature.statusCode).toBe(400);
    const events = await testApp.database.db
      .select()
      .from(billingEvents)
      .where(eq(billingEvents.id, 'evt_forged_1'));
    expect(events).toHaveLength(0);
    expect((await me(lead)).tier).toBe('pro');
  });

  it('webhook: a replayed event and 10 concurrent duplicates make one state change', async () => {
    const lead = await createUser(testApp, 'lead');
    await subscribe(lead);
    const { data } = (await control('/events')).json<{ data: { id: string; type: string }[] }>();
    const created = data.filter((event) => event.type === 'customer.subscription.created').pop()!;
    const replay = await control(`/events/${created.id}/redeliver`);
    expect(replay.json().status).toBe(200);

    const account = await accountOf(lead);
    const event = {
      id: `evt_concurrent_${Date.now()}`,
      object: 'event',
      type: 'customer.subscription.updated',
      data: { object: { id: account.subscriptionId, customer: account.customerId } },
    };
    const { body, header } = signed(event);
    const before = await retrieveCount();
    const responses = await Promise.all(Array.from({ length: 10 }, () => deliver(body, header)));
    expect(responses.map((response) => response.statusCode)).toEqual(Array(10).fill(200));
    const duplicates = responses.map((response) => response.json().duplicate as boolean);
    expect(duplicates.filter((duplicate) => !duplicate)).toHaveLength(1);
    // One re-read of the subscription from the provider: one state change.
    expect((await retrieveCount()) - before).toBe(1);
    const stored = await testApp.database.db
      .select()
      .from(billingEvents)
      .where(eq(billingEvents.id, event.id));
    expect(stored).toMatchObject([{ status: 'processed', attempts: 1 }]);
  });

  it('webhook: events out of order (or lying) end in the provider’s state', async () => {
    const lead = await createUser(testApp, 'lead');
    await subscribe(lead);
    const portal = await openPortal(lead);
    await postForm(`${portal}/actions`, { action: 'cancel' });
    await postForm(`${portal}/actions`, { action: 'resume' });
    expect((await usageOf(lead)).subscription.cancelAtPeriodEnd).toBe(false);

    // The earlier "cancel" update arrives last; then a deleted event for a live subscription.
    const { data } = (await control('/events')).json<{
      data: { id: string; type: string; data: { object: { cancel_at_period_end?: boolean } } }[];
    }>();
    const cancelUpdate = data.find(
      (event) =>
        event.type === 'customer.subscription.updated' &&
        event.data.object.cancel_at_period_end === true,
    )!;
    const late = signed({ ...cancelUpdate, id: `${cancelUpdate.id}_late` });
    expect((await deliver(late.body, late.header)).statusCode).toBe(200);
    const account = await accountOf(lead);
    const early = signed({
      id: `evt_early_deleted_${Date.now()}`,
      object: 'event',
      type: 'customer.subscription.deleted',
      data: {
        object: { id: account.subscriptionId, customer: account.customerId, status: 'canceled' },
      },
    });
    expect((await deliver(early.body, early.header)).statusCode).toBe(200);
    const usage = await usageOf(lead);
    expect(usage.plan.id).toBe('pro');
    expect(usage.subscription).toMatchObject({ status: 'active', cancelAtPeriodEnd: false });
  });

  it('webhook: a subscription on a price outside the catalogue grants nothing', async () => {
    const lead = await createUser(testApp, 'lead');
    const sandbox = testApp.app.paymentsSandbox!;
    sandbox.store.prices.set('price_unknown_plan', {
      id: 'price_unknown_plan',
      productName: 'Mystery plan',
      unitAmount: 100,
    });
    await startCheckout(lead); // creates the organisation's customer
    const account = await accountOf(lead);
    const session = await testApp.app.billing.provider.stripe.checkout.sessions.create({
      mode: 'subscription',
      customer: account.customerId,
      line_items: [{ price: 'price_unknown_plan', quantity: 1 }],
      success_url: `${testAppUrl}/success`,
    });
    expect((await pay(session.id)).statusCode).toBe(303);
    expect(await me(lead)).toMatchObject({ role: 'lead', tier: null });
    expect((await accountOf(lead)).planId).toBeNull();
  });

  it('cancel at period end keeps the plan until the period ends; nothing is deleted after', async () => {
    const customer = await createUser(testApp, 'customer');
    await subscribe(customer, 'price_sandbox_starter');
    const campaignIds: string[] = [];
    // Recent days, so the ROI read's period (the last 28 days) shows them.
    const day = (daysAgo: number) =>
      new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
    for (let index = 0; index < 7; index += 1) {
      const created = await inject('POST', '/api/dashboard/roi/campaigns', customer.token, {
        name: `Campaign ${index}`,
        channel: 'pr',
        amount: 10,
        startDate: day(20),
        endDate: day(10),
      });
      expect(created.statusCode, created.body).toBe(201);
      campaignIds.push(created.json().campaign.id);
    }
    const portal = await openPortal(customer);
    const cancelled = await postForm(`${portal}/actions`, { action: 'cancel' });
    expect(cancelled.body).toContain('Your subscription will end on');
    const during = await usageOf(customer);
    expect(during.plan.id).toBe('starter');
    expect(during.subscription.cancelAtPeriodEnd).toBe(true);
    expect(during.renewsAt).toBeNull();
    expect((await me(customer)).tier).toBe('starter');

    await control('/advance-clock', { seconds: 32 * dayS });
    const after = await usageOf(customer);
    expect(after.plan.id).toBe('free');
    expect(after.subscription.status).toBe('canceled');
    expect(await me(customer)).toMatchObject({ role: 'customer', tier: null });
    const campaigns = after.limits.find((limit) => limit.name === 'campaigns')!;
    expect(campaigns).toMatchObject({ used: 7, allowed: 5, isOverLimit: true });
    // Over the limit: read-only. Editing is refused, deleting is allowed, nothing was deleted.
    const roi = await inject('GET', '/api/dashboard/roi?range=28d', customer.token);
    expect(roi.json().campaigns).toHaveLength(7);
    const edit = await testApp.app.inject({
      method: 'PUT',
      url: `/api/dashboard/roi/campaigns/${campaignIds[0]}`,
      headers: bearer(customer.token),
      payload: { name: 'Renamed', channel: 'pr', amount: 10, startDate: day(20), endDate: day(10) },
    });
    expect(edit.statusCode, edit.body).toBe(403);
    expect(edit.json().error).toMatchObject({
      code: 'PLAN_LIMIT',
      details: { limit: 'campaigns', used: 7, allowed: 5, plan: 'free', upgradePlan: 'starter' },
    });
    const removed = await testApp.app.inject({
      method: 'DELETE',
      url: `/api/dashboard/roi/campaigns/${campaignIds[0]}`,
      headers: bearer(customer.token),
    });
    expect(removed.statusCode).toBe(204);
  });

  it('past due: paid limits through the grace period, then Free; the portal card update cures it', async () => {
    const customer = await createUser(testApp, 'customer');
    await subscribe(customer);
    const account = await accountOf(customer);
    await control(`/subscriptions/${account.subscriptionId}/fail-next-renewal`);
    await control('/advance-clock', { seconds: 31 * dayS });
    const usage = await usageOf(customer);
    expect(usage.subscription.status).toBe('past_due');
    expect(usage.plan.id).toBe('pro');
    expect(usage.subscription.graceEndsAt).not.toBeNull();
    expect(usage.invoices.map((invoice) => invoice.status).sort()).toEqual(['open', 'paid']);
    const graceEnd = new Date(usage.subscription.graceEndsAt!);
    const db = testApp.database.db;
    const org = customer.me.organization.id;
    expect((await getEntitlements(db, org, new Date(graceEnd.getTime() - 1000))).plan.id).toBe(
      'pro',
    );
    expect((await getEntitlements(db, org, new Date(graceEnd.getTime() + 1000))).plan.id).toBe(
      'free',
    );

    const portal = await openPortal(customer);
    const updated = await postForm(`${portal}/actions`, {
      action: 'update-card',
      cardNumber: '5555 5555 5555 4444',
      expiry: '10 / 33',
      cvc: '321',
    });
    expect(updated.body).toContain('Your card was updated.');
    const cured = await usageOf(customer);
    expect(cured.subscription).toMatchObject({ status: 'active', graceEndsAt: null });
    expect(cured.paymentMethod).toEqual({ brand: 'mastercard', last4: '4444' });
  });

  it('the portal changes the plan, and the new plan’s limits apply', async () => {
    const customer = await createUser(testApp, 'customer');
    await subscribe(customer, 'price_sandbox_starter');
    const portal = await openPortal(customer);
    const changed = await postForm(`${portal}/actions`, {
      action: 'change-plan',
      priceId: 'price_sandbox_team',
    });
    expect(changed.body).toContain('Your plan was changed.');
    const usage = await usageOf(customer);
    expect(usage.plan.id).toBe('team');
    expect(usage.limits.find((limit) => limit.name === 'exports')?.allowed).toBeNull();
    expect((await me(customer)).tier).toBe('team');
    // A second subscription is not sold on top of the first.
    const again = await inject('POST', '/api/v1/stripe/create-checkout-session', customer.token, {
      priceId: 'price_sandbox_pro',
      successUrl: `${testAppUrl}/success`,
      cancelUrl: `${testAppUrl}/cancel`,
    });
    expect(again.statusCode).toBe(409);
  });

  it('keeps the users table in step: tier written for every member of the organisation', async () => {
    const lead = await createUser(testApp, 'lead');
    await subscribe(lead, 'price_sandbox_team');
    const rows = await testApp.database.db
      .select({ tier: users.tier, role: users.role })
      .from(users)
      .where(eq(users.organizationId, lead.me.organization.id));
    expect(rows).toEqual([{ tier: 'team', role: 'customer' }]);
  });
});
