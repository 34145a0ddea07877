import Fastify, { type FastifyInstance } from 'fastify';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentsSandbox } from './plugin';
import { PaymentsSandbox } from './sandbox';

const secretKey = 'sk_test_generated_for_this_install';

/** The official SDK in its default configuration, pointed at the sandbox's host and port only. */
describe('the payments sandbox driven by the official stripe SDK', () => {
  let app: FastifyInstance;
  let stripe: Stripe;
  let sandbox: PaymentsSandbox;
  beforeAll(async () => {
    app = Fastify();
    sandbox = new PaymentsSandbox({ webhookSecret: 'whsec_x', secretKey });
    await app.register(paymentsSandbox, { webhookSecret: 'whsec_x', instance: sandbox });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    stripe = new Stripe(secretKey, {
      host: '127.0.0.1',
      port,
      protocol: 'http',
      maxNetworkRetries: 0,
    });
  });
  afterAll(async () => app.close());

  it('prices.list and products.list: the plans on sale, linked to each other', async () => {
    const prices = await stripe.prices.list();
    expect(prices.object).toBe('list');
    expect(
      prices.data.map((price) => [price.id, price.unit_amount, price.recurring?.interval]),
    ).toEqual([
      ['price_sandbox_starter', 900, 'month'],
      ['price_sandbox_pro', 2400, 'month'],
      ['price_sandbox_team', 7900, 'month'],
    ]);
    const products = await stripe.products.list();
    expect(products.data.map((product) => product.name)).toEqual([
      'Crescendo Starter',
      'Crescendo Pro',
      'Crescendo Team',
    ]);
    for (const price of prices.data) {
      const product = products.data.find((candidate) => candidate.id === price.product);
      expect(product?.default_price).toBe(price.id);
    }
  });

  it('customers.list pages with limit and starting_after, and auto-pagination reads them all', async () => {
    const created = [];
    for (let index = 0; index < 5; index += 1)
      created.push(await stripe.customers.create({ email: `fan-${index}@example.com` }));
    const firstPage = await stripe.customers.list({ limit: 2 });
    expect(firstPage.data).toHaveLength(2);
    expect(firstPage.has_more).toBe(true);
    const all: string[] = [];
    for await (const customer of stripe.customers.list({ limit: 2 })) all.push(customer.id);
    expect(all.sort()).toEqual(created.map((customer) => customer.id).sort());
    const byEmail = await stripe.customers.list({ email: 'fan-3@example.com' });
    expect(byEmail.data.map((customer) => customer.id)).toEqual([created[3]!.id]);
  });

  it('refuses a bad limit, a wrong key and an unknown path with Stripe errors the SDK understands', async () => {
    await expect(stripe.customers.list({ limit: 500 })).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
      statusCode: 400,
      param: 'limit',
    });
    const stranger = new Stripe('sk_test_published_somewhere', {
      host: '127.0.0.1',
      port: (app.server.address() as { port: number }).port,
      protocol: 'http',
      maxNetworkRetries: 0,
    });
    await expect(stranger.prices.list()).rejects.toMatchObject({
      type: 'StripeAuthenticationError',
      statusCode: 401,
    });
    await expect(stripe.rawRequest('GET', '/v1/nothing_here')).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
      statusCode: 404,
      message: expect.stringContaining('Unrecognized request URL (GET: /v1/nothing_here)'),
    });
  });

  it('keeps the control API off unless asked for', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/__control/events',
      headers: { authorization: `Bearer ${secretKey}` },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json().error.type).toBe('invalid_request_error');
  });
});
