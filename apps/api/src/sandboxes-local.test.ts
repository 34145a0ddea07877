import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { auth, youtube } from '@googleapis/youtube';
import { paymentsNotSetUpMessage } from '@crescendo/contracts';
import { staticGoogleToken } from '@crescendo/platform-sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingAccounts } from './db/schema';
import { bearer, buildTestApp, uniqueEmail, type TestApp } from './testing/build-test-app';
import { databaseTargets } from './testing/test-database';

const indexHtml =
  '<!doctype html><html><head><!--crescendo-config--></head><body><div id="root"></div></body></html>';

function readPublicConfig(html: string): Record<string, unknown> {
  const content = /<meta name="crescendo-config" content="([^"]*)">/.exec(html)?.[1] ?? '{}';
  return JSON.parse(content.replace(/&quot;/g, '"').replace(/&amp;/g, '&')) as Record<
    string,
    unknown
  >;
}

describe.each(databaseTargets)('sandboxes on a public APP_URL, on %s', (target) => {
  let testApp: TestApp;
  const distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'crescendo-dist-'));
  beforeAll(async () => {
    fs.writeFileSync(path.join(distDir, 'index.html'), indexHtml);
    testApp = await buildTestApp(target, {
      captureLogs: true,
      env: {
        APP_URL: 'https://crescendo.example.com',
        WEB_DIST_DIR: distDir,
        PAYMENTS_SANDBOX_CONTROL_API: 'true',
        SANDBOX_CONTROL_API: 'true',
      },
    });
  });
  afterAll(async () => {
    await testApp.close();
    fs.rmSync(distDir, { recursive: true, force: true });
  });

  it('serves neither sandbox: their paths answer a JSON 404, never the web app', async () => {
    for (const url of [
      '/sandbox/oauth2/auth',
      '/sandbox/__control/state',
      '/sandbox/youtube/v3/channels',
      '/payments-sandbox/v1/prices',
      '/payments-sandbox/__control/events',
      '/payments-sandbox/checkout/cs_test_1',
    ]) {
      const response = await testApp.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.json(), url).toEqual({
        error: { code: 'NOT_FOUND', message: `No route for GET ${url}` },
      });
    }
    // Google's client paths are not routed to a sandbox that is not served.
    const clientPath = await testApp.app.inject({ method: 'GET', url: '/youtube/v3/channels' });
    expect(clientPath.headers['content-type']).toContain('text/html');
  });

  it('says once per part which variable to set', () => {
    const messages = testApp.logs.map((line) => (JSON.parse(line) as { msg: string }).msg);
    expect(messages.filter((message) => message.startsWith('YouTube is not connected'))).toEqual([
      expect.stringContaining('set GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET'),
    ]);
    expect(
      messages.filter((message) => message.startsWith('Instagram and Facebook are not connected')),
    ).toEqual([expect.stringContaining('set META_APP_ID and META_APP_SECRET')]);
    expect(messages.filter((message) => message.startsWith('Payments are not connected'))).toEqual([
      expect.stringContaining('set STRIPE_SECRET_KEY'),
    ]);
    expect(messages.filter((message) => message.startsWith('Mail is not sent'))).toEqual([
      expect.stringContaining('set SMTP_URL'),
    ]);
  });

  it('answers checkout with a 503 sentence instead of calling a sandbox that is not there', async () => {
    const origin = 'https://crescendo.example.com';
    const signUp = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: { origin },
      payload: {
        email: uniqueEmail('public-host'),
        password: 'correct-horse-battery',
        name: 'Nora',
      },
    });
    expect(signUp.statusCode, signUp.body).toBe(200);
    const cookie = [signUp.headers['set-cookie']]
      .flat()
      .map((value) => String(value).split(';')[0]);
    const { token } = (
      await testApp.app.inject({
        method: 'GET',
        url: '/api/auth/token',
        headers: { cookie: cookie.join('; ') },
      })
    ).json<{ token: string }>();
    const plans = await testApp.app.inject({
      method: 'GET',
      url: '/api/v1/billing/plans',
      headers: bearer(token),
    });
    const priceId = plans
      .json<{ plans: { id: string; priceId: string | null }[] }>()
      .plans.find((plan) => plan.id === 'pro')!.priceId!;
    const checkout = await testApp.app.inject({
      method: 'POST',
      url: '/api/v1/stripe/create-checkout-session',
      headers: bearer(token),
      payload: { priceId, successUrl: `${origin}/stripe/success`, cancelUrl: `${origin}/cancel` },
    });
    expect(checkout.statusCode).toBe(503);
    expect(checkout.json()).toEqual({
      error: { code: 'SERVICE_UNAVAILABLE', message: paymentsNotSetUpMessage },
    });
    // Reading a checkout's outcome asks the provider too (the portal, for subscribers, likewise).
    const outcome = await testApp.app.inject({
      method: 'GET',
      url: '/api/v1/stripe/checkout-sessions/cs_test_1',
      headers: bearer(token),
    });
    expect(outcome.statusCode).toBe(503);
    expect(outcome.json().error.message).toBe(paymentsNotSetUpMessage);
    // Nothing was asked of a provider: no billing account was made for the organisation.
    expect(await testApp.database.db.select().from(billingAccounts)).toEqual([]);
  });

  it('tells the web app no sandbox is served and no demo banner is due', async () => {
    const page = await testApp.app.inject({ method: 'GET', url: '/dashboard' });
    expect(readPublicConfig(page.body)).toMatchObject({ sandbox: false, sandboxDemo: false });
  });
});

describe('SANDBOX_PUBLIC=true on a public APP_URL', () => {
  let testApp: TestApp;
  const distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'crescendo-dist-'));
  beforeAll(async () => {
    fs.writeFileSync(path.join(distDir, 'index.html'), indexHtml);
    testApp = await buildTestApp('pglite', {
      env: { APP_URL: 'https://demo.example.com', SANDBOX_PUBLIC: 'true', WEB_DIST_DIR: distDir },
    });
  });
  afterAll(async () => {
    await testApp.close();
    fs.rmSync(distDir, { recursive: true, force: true });
  });

  it('serves both sandboxes and turns the demo banner on in every page’s configuration', async () => {
    const page = await testApp.app.inject({ method: 'GET', url: '/settings' });
    expect(readPublicConfig(page.body)).toMatchObject({ sandbox: true, sandboxDemo: true });
    const google = await testApp.app.inject({ method: 'GET', url: '/sandbox/youtube/v3/channels' });
    expect(google.statusCode).toBe(401);
    expect(google.json().error.status).toBe('UNAUTHENTICATED');
    expect(testApp.app.paymentsSandbox).toBeDefined();
  });

  it('keeps both control APIs off', async () => {
    const key = testApp.app.paymentsSandbox!.secretKey;
    const payments = await testApp.app.inject({
      method: 'GET',
      url: '/payments-sandbox/__control/events',
      headers: { authorization: `Bearer ${key}` },
    });
    expect(payments.statusCode).toBe(404);
    expect(payments.json().error.type).toBe('invalid_request_error');
    const platform = await testApp.app.inject({ method: 'GET', url: '/sandbox/__control/state' });
    expect(platform.statusCode).toBe(404);
    expect(platform.json().error.status).toBe('NOT_FOUND');
  });
});

describe.each(databaseTargets)('the sandboxes mounted locally, on %s', (target) => {
  let testApp: TestApp;
  let baseUrl: string;
  beforeAll(async () => {
    testApp = await buildTestApp(target);
    baseUrl = await testApp.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => testApp.close());

  it('generates the payments key per install, never the old published one', async () => {
    const key = testApp.app.paymentsSandbox!.secretKey;
    expect(key).toMatch(/^sk_test_[\w-]{43}$/);
    const secret = fs.readFileSync(
      path.join(testApp.config.dataDir, 'secrets', 'payments-sandbox-secret-key'),
      'utf8',
    );
    expect(key).toBe(`sk_test_${secret}`);
    const published = await testApp.app.inject({
      method: 'GET',
      url: '/payments-sandbox/v1/prices',
      headers: { authorization: 'Bearer sk_test_payments_sandbox' },
    });
    expect(published.statusCode).toBe(401);
  });

  it('answers the product’s Stripe SDK for prices, products and customers, and a JSON 404 for the rest', async () => {
    const stripe = testApp.app.billing.provider.stripe;
    expect((await stripe.prices.list()).data.map((price) => price.id)).toEqual([
      'price_sandbox_starter',
      'price_sandbox_pro',
      'price_sandbox_team',
    ]);
    expect((await stripe.products.list()).data).toHaveLength(3);
    const customer = await stripe.customers.create({ email: 'list-me@example.com' });
    expect((await stripe.customers.list({ email: 'list-me@example.com' })).data[0]?.id).toBe(
      customer.id,
    );
    await expect(stripe.rawRequest('GET', '/v1/unknown_things')).rejects.toMatchObject({
      statusCode: 404,
      type: 'StripeInvalidRequestError',
    });
  });

  it('routes Google’s official client, given the product as rootUrl, to the sandbox', async () => {
    const client = new auth.OAuth2();
    client.setCredentials({ access_token: staticGoogleToken('small') });
    const api = youtube({ version: 'v3', rootUrl: `${baseUrl}/sandbox/`, auth: client });
    const response = await api.channels.list({ part: ['snippet', 'statistics'], mine: true });
    expect(response.config.url?.toString()).toMatch(/\/youtube\/v3\/channels\?/);
    expect(response.data.items?.[0]?.statistics?.viewCount).toEqual(expect.any(String));
  });
});
