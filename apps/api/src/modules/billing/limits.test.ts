import { getPlan, type UsageResponse } from '@crescendo/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { platformConnections } from '../../db/schema';
import {
  bearer,
  buildTestApp,
  createUser,
  testAppUrl,
  type SignedInUser,
  type TestApp,
} from '../../testing/build-test-app';
import { databaseTargets } from '../../testing/test-database';
import { assertWithinLimit, recordUsage } from './index';

const free = getPlan('free').limits;
const dayMs = 24 * 60 * 60 * 1000;

function daysAgo(days: number): string {
  return new Date(Date.now() - days * dayMs).toISOString().slice(0, 10);
}

describe.each(databaseTargets)('plan limits enforced by the API (%s)', (target) => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await buildTestApp(target);
  });
  afterAll(async () => {
    await testApp?.close();
  });

  const get = (url: string, user: SignedInUser, headers: Record<string, string> = {}) =>
    testApp.app.inject({ method: 'GET', url, headers: { ...bearer(user.token), ...headers } });
  const post = (url: string, user: SignedInUser, payload: object) =>
    testApp.app.inject({ method: 'POST', url, headers: bearer(user.token), payload });
  const upgrade = async (user: SignedInUser, priceId = 'price_sandbox_pro') => {
    const response = await post('/api/v1/stripe/create-checkout-session', user, {
      priceId,
      successUrl: `${testAppUrl}/success`,
      cancelUrl: `${testAppUrl}/cancel`,
    });
    const sessionId = new URL(response.json<{ url: string }>().url).pathname.split('/').pop();
    const paid = await testApp.app.inject({
      method: 'POST',
      url: `/payments-sandbox/checkout/${sessionId}/pay`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'method=card&cardNumber=4242424242424242&expiry=12%2F34&cvc=123',
    });
    expect(paid.statusCode).toBe(303);
  };
  const expectPlanLimit = (
    response: { statusCode: number; json(): unknown; body: string },
    details: object,
  ) => {
    expect(response.statusCode, response.body).toBe(403);
    expect((response.json() as { error: object }).error).toMatchObject({
      code: 'PLAN_LIMIT',
      details,
    });
  };

  it('campaigns: Free allows 5; the 6th answers 403 PLAN_LIMIT naming the plan that lifts it', async () => {
    const customer = await createUser(testApp, 'customer');
    const campaign = {
      name: 'Pitch',
      channel: 'playlist_pitching',
      amount: 25,
      startDate: '2025-01-01',
      endDate: '2025-01-07',
    };
    for (let index = 0; index < free.campaigns!; index += 1) {
      expect((await post('/api/dashboard/roi/campaigns', customer, campaign)).statusCode).toBe(201);
    }
    expectPlanLimit(await post('/api/dashboard/roi/campaigns', customer, campaign), {
      limit: 'campaigns',
      used: 5,
      allowed: 5,
      plan: 'free',
      upgradePlan: 'starter',
    });
    await upgrade(customer, 'price_sandbox_starter');
    expect((await post('/api/dashboard/roi/campaigns', customer, campaign)).statusCode).toBe(201);
  });

  it('exports: counted once per action (a retried request is free), refused past the period’s allowance', async () => {
    const customer = await createUser(testApp, 'customer');
    const exportCsv = (key: string) =>
      get('/api/dashboard/content?range=28d&format=csv', customer, { 'idempotency-key': key });
    for (const key of ['export-key-1', 'export-key-1', 'export-key-2', 'export-key-3']) {
      const response = await exportCsv(key);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['content-type']).toContain('text/csv');
    }
    const usage = (await get('/api/dashboard/usage', customer)).json<UsageResponse>();
    expect(usage.limits.find((limit) => limit.name === 'exports')).toMatchObject({
      used: 3,
      allowed: free.exports,
    });
    expectPlanLimit(await exportCsv('export-key-4'), {
      limit: 'exports',
      used: 3,
      allowed: 3,
      upgradePlan: 'starter',
    });
    // The refused export was not counted; a retry of a counted one still works.
    expect((await exportCsv('export-key-2')).statusCode).toBe(200);
    // JSON reads are not exports.
    expect((await get('/api/dashboard/content?range=28d', customer)).statusCode).toBe(200);
  });

  it('assistant messages: recordUsage counts each action id once, atomically under concurrency', async () => {
    const customer = await createUser(testApp, 'customer');
    const db = testApp.database.db;
    const org = customer.me.organization.id;
    const allowed = free.assistantMessages!;
    const attempts = await Promise.allSettled(
      Array.from({ length: allowed + 10 }, (_, index) =>
        recordUsage(db, org, 'assistantMessages', `message-${index}`),
      ),
    );
    expect(attempts.filter((attempt) => attempt.status === 'fulfilled')).toHaveLength(allowed);
    const refused = attempts.find((attempt) => attempt.status === 'rejected');
    expect((refused as PromiseRejectedResult).reason).toMatchObject({
      code: 'PLAN_LIMIT',
      statusCode: 403,
      details: { limit: 'assistantMessages', used: allowed, allowed, plan: 'free' },
    });
    // A retry of a message already counted is allowed and not counted again.
    const counted = attempts.findIndex((attempt) => attempt.status === 'fulfilled');
    await expect(
      recordUsage(db, org, 'assistantMessages', `message-${counted}`),
    ).resolves.toMatchObject({ used: allowed });
  });

  it('connected accounts: a new platform past the limit is refused at connect time; reconnecting is not', async () => {
    const customer = await createUser(testApp, 'customer');
    const org = customer.me.organization.id;
    await testApp.database.db.insert(platformConnections).values(
      ['channel-a', 'channel-b'].map((externalAccountId) => ({
        organizationId: org,
        provider: 'youtube' as const,
        externalAccountId,
        accountName: externalAccountId,
        tokenKeyVersion: 1,
        scopes: [],
      })),
    );
    const returnTo = encodeURIComponent('/settings/connections');
    expectPlanLimit(await get(`/api/v1/meta/oauth/auth-url?returnTo=${returnTo}`, customer), {
      limit: 'connectedAccounts',
      used: 2,
      allowed: free.connectedAccounts,
      upgradePlan: 'starter',
    });
    expect(
      (await get(`/api/v1/youtube/oauth/auth-url?returnTo=${returnTo}`, customer)).statusCode,
    ).toBe(200);
    await expect(
      assertWithinLimit(testApp.database.db, org, 'connectedAccounts'),
    ).rejects.toMatchObject({ code: 'PLAN_LIMIT' });
    await upgrade(customer);
    expect(
      (await get(`/api/v1/meta/oauth/auth-url?returnTo=${returnTo}`, customer)).statusCode,
    ).toBe(200);
  });

  it('history window: Free reads a year back; older answers 403; range=all means what the plan allows', async () => {
    const customer = await createUser(testApp, 'customer');
    const analytics = (query: string) => get(`/api/dashboard/analytics?${query}`, customer);
    expect((await analytics(`from=${daysAgo(300)}&to=${daysAgo(1)}`)).statusCode).toBe(200);
    expect((await analytics('range=365d')).statusCode).toBe(200);
    expectPlanLimit(await analytics(`from=${daysAgo(500)}&to=${daysAgo(1)}`), {
      limit: 'historyDays',
      used: 501,
      allowed: 365,
      plan: 'free',
      upgradePlan: 'starter',
    });
    expectPlanLimit(await get(`/api/dashboard/audience?from=${daysAgo(400)}`, customer), {
      limit: 'historyDays',
    });
    const all = await analytics('range=all');
    expect(all.statusCode, all.body).toBe(200);
    // The plan keeps 365 days up to the last complete day (yesterday, with no data yet).
    expect(all.json().range).toMatchObject({ from: daysAgo(365), to: daysAgo(1), days: 365 });
    await upgrade(customer);
    expect((await analytics(`from=${daysAgo(500)}&to=${daysAgo(1)}`)).statusCode).toBe(200);
  });

  it('usage lists every limit with its use, for customers and admins only', async () => {
    const customer = await createUser(testApp, 'customer');
    const usage = (await get('/api/dashboard/usage', customer)).json<UsageResponse>();
    expect(usage.plan.id).toBe('free');
    expect(usage.limits.map((limit) => limit.name)).toEqual([
      'connectedAccounts',
      'historyDays',
      'assistantMessages',
      'exports',
      'campaigns',
      'artists',
    ]);
    expect(usage.paymentMethod).toBeNull();
    expect(usage.invoices).toEqual([]);
    expect(usage.canManageBilling).toBe(false);
    const lead = await createUser(testApp, 'lead');
    expect((await get('/api/dashboard/usage', lead)).statusCode).toBe(403);
    expect(
      (await testApp.app.inject({ method: 'GET', url: '/api/dashboard/usage' })).statusCode,
    ).toBe(401);
  });
});
