import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { parseStripeForm } from './form';
import { publicSession, type PaymentsSandbox } from './sandbox';
import type { CheckoutSession } from './objects';
import { newId } from './store';
import { catalogueCreated, listPage, priceObject, productObject } from './catalogue';

type Params = Record<string, unknown>;

function stripeError(reply: FastifyReply, status: number, message: string, param?: string) {
  return reply.status(status).send({
    error: {
      type: status === 401 ? 'invalid_request_error' : 'invalid_request_error',
      message,
      ...(param ? { param } : {}),
    },
  });
}

function readQuery(request: FastifyRequest): Params {
  const index = request.url.indexOf('?');
  return index < 0 ? {} : parseStripeForm(request.url.slice(index + 1));
}

function readExpand(params: Params): string[] {
  const expand = params.expand;
  return Array.isArray(expand)
    ? expand.filter((item): item is string => typeof item === 'string')
    : [];
}

function asMetadata(value: unknown): Record<string, string> {
  if (!value || typeof value !== 'object') return {};
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>).filter(
      (entry): entry is [string, string] => typeof entry[1] === 'string',
    ),
  );
}

/** The Stripe REST endpoints the product calls, with Stripe's shapes, auth and idempotency. */
export function registerStripeApi(
  app: FastifyInstance,
  sandbox: PaymentsSandbox,
  publicBase: (request: FastifyRequest) => string,
) {
  const store = sandbox.store;

  app.addHook('onRequest', async (request, reply) => {
    const header = request.headers.authorization ?? '';
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    if (match?.[1] !== sandbox.secretKey) {
      return stripeError(reply.status(401), 401, 'Invalid API Key provided.');
    }
    store.countRequest(`${request.method} ${request.routeOptions.url ?? request.url}`);
  });

  // Stripe replays the first answer to a POST carrying the same Idempotency-Key.
  app.addHook('preHandler', async (request, reply) => {
    const key = request.headers['idempotency-key'];
    if (request.method !== 'POST' || typeof key !== 'string') return;
    const saved = store.idempotent.get(`${request.url}|${key}`);
    if (saved) {
      return reply.status(saved.status).header('idempotent-replayed', 'true').send(saved.body);
    }
  });
  app.addHook('onSend', async (request, reply, payload) => {
    const key = request.headers['idempotency-key'];
    if (
      request.method === 'POST' &&
      typeof key === 'string' &&
      reply.statusCode < 500 &&
      !reply.hasHeader('idempotent-replayed')
    ) {
      const body = typeof payload === 'string' ? (JSON.parse(payload) as unknown) : payload;
      store.idempotent.set(`${request.url}|${key}`, { status: reply.statusCode, body });
    }
    return payload;
  });

  const sendPage = <T extends { id: string }>(
    reply: FastifyReply,
    items: T[],
    query: Params,
    url: string,
  ) => {
    const page = listPage(items, query, url);
    return 'error' in page ? stripeError(reply, 400, page.error, page.param) : page;
  };

  // The catalogue and customers as Stripe lists them, newest first (`prices.list`,
  // `products.list`, `customers.list` in the official SDK, auto-pagination included).
  app.get('/prices', async (request, reply) => {
    const query = readQuery(request);
    const prices = [...store.prices.values()]
      .map((price) => priceObject(price, catalogueCreated))
      .filter((price) => !query.product || price.product === query.product);
    return sendPage(reply, prices, query, '/v1/prices');
  });

  app.get('/products', async (request, reply) => {
    const query = readQuery(request);
    const products = [...store.prices.values()].map((price) =>
      productObject(price, catalogueCreated),
    );
    return sendPage(reply, products, query, '/v1/products');
  });

  app.get('/customers', async (request, reply) => {
    const query = readQuery(request);
    const customers = [...store.customers.values()]
      .filter((customer) => !query.email || customer.email === query.email)
      .sort((a, b) => b.created - a.created || (a.id < b.id ? 1 : -1));
    return sendPage(reply, customers, query, '/v1/customers');
  });

  app.post('/customers', async (request) => {
    const body = (request.body ?? {}) as Params;
    return store.createCustomer({
      ...(typeof body.email === 'string' ? { email: body.email } : {}),
      ...(typeof body.name === 'string' ? { name: body.name } : {}),
      metadata: asMetadata(body.metadata),
    });
  });

  app.get<{ Params: { id: string } }>('/customers/:id', async (request, reply) => {
    const customer = store.customers.get(request.params.id);
    return customer ?? stripeError(reply, 404, `No such customer: '${request.params.id}'`, 'id');
  });

  app.post('/checkout/sessions', async (request, reply) => {
    const body = (request.body ?? {}) as Params;
    if (body.mode !== 'subscription')
      return stripeError(
        reply,
        400,
        'This sandbox sells subscriptions only: mode must be subscription.',
        'mode',
      );
    const lineItems = Array.isArray(body.line_items) ? (body.line_items as Params[]) : [];
    const priceId = lineItems[0]?.price;
    if (lineItems.length !== 1 || typeof priceId !== 'string' || !store.prices.has(priceId)) {
      return stripeError(reply, 400, `No such price: '${String(priceId)}'`, 'line_items[0][price]');
    }
    if (typeof body.success_url !== 'string')
      return stripeError(reply, 400, 'Missing required param: success_url.', 'success_url');
    const customerId = typeof body.customer === 'string' ? body.customer : null;
    if (customerId && !store.customers.has(customerId))
      return stripeError(reply, 400, `No such customer: '${customerId}'`, 'customer');
    const customer =
      customerId ??
      store.createCustomer({
        ...(typeof body.customer_email === 'string' ? { email: body.customer_email } : {}),
      }).id;
    const id = newId('cs_test');
    const subscriptionData = (body.subscription_data ?? {}) as Params;
    const session: CheckoutSession = {
      id,
      object: 'checkout.session',
      mode: 'subscription',
      status: 'open',
      payment_status: 'unpaid',
      customer,
      customer_email: typeof body.customer_email === 'string' ? body.customer_email : null,
      client_reference_id:
        typeof body.client_reference_id === 'string' ? body.client_reference_id : null,
      metadata: asMetadata(body.metadata),
      subscription: null,
      success_url: body.success_url,
      cancel_url: typeof body.cancel_url === 'string' ? body.cancel_url : null,
      url: `${publicBase(request)}/checkout/${id}`,
      amount_total: store.prices.get(priceId)!.unitAmount,
      currency: 'usd',
      created: store.nowSeconds(),
      expires_at: store.nowSeconds() + 24 * 3600,
      livemode: false,
      priceId,
      subscriptionMetadata: asMetadata(subscriptionData.metadata),
    };
    store.sessions.set(id, session);
    return publicSession(session);
  });

  app.get<{ Params: { id: string } }>('/checkout/sessions/:id', async (request, reply) => {
    const session = store.sessions.get(request.params.id);
    if (!session)
      return stripeError(reply, 404, `No such checkout.session: '${request.params.id}'`, 'id');
    return publicSession(session);
  });

  app.get<{ Params: { id: string } }>('/subscriptions/:id', async (request, reply) => {
    const subscription = store.subscriptions.get(request.params.id);
    if (!subscription)
      return stripeError(reply, 404, `No such subscription: '${request.params.id}'`, 'id');
    return store.subscriptionObject(subscription, readExpand(readQuery(request)));
  });

  app.delete<{ Params: { id: string } }>('/subscriptions/:id', async (request, reply) => {
    const subscription = store.subscriptions.get(request.params.id);
    if (!subscription)
      return stripeError(reply, 404, `No such subscription: '${request.params.id}'`, 'id');
    await sandbox.cancelNow(subscription);
    return store.subscriptionObject(subscription, []);
  });

  app.get('/subscriptions', async (request) => {
    const query = readQuery(request);
    const data = [...store.subscriptions.values()]
      .filter((subscription) => !query.customer || subscription.customer === query.customer)
      .map((subscription) => store.subscriptionObject(subscription, readExpand(query)));
    return { object: 'list', data, has_more: false, url: '/v1/subscriptions' };
  });

  app.get<{ Params: { id: string } }>('/payment_methods/:id', async (request, reply) => {
    const method = store.paymentMethods.get(request.params.id);
    return method ?? stripeError(reply, 404, `No such PaymentMethod: '${request.params.id}'`, 'id');
  });

  app.get('/invoices', async (request) => {
    const query = readQuery(request);
    const data = [...store.invoices.values()]
      .filter((invoice) => !query.customer || invoice.customer === query.customer)
      .sort((a, b) => b.created - a.created);
    return { object: 'list', data, has_more: false, url: '/v1/invoices' };
  });

  app.post('/billing_portal/sessions', async (request, reply) => {
    const body = (request.body ?? {}) as Params;
    if (typeof body.customer !== 'string' || !store.customers.has(body.customer)) {
      return stripeError(reply, 400, `No such customer: '${String(body.customer)}'`, 'customer');
    }
    const id = newId('bps');
    const session = {
      id,
      object: 'billing_portal.session' as const,
      customer: body.customer,
      return_url: typeof body.return_url === 'string' ? body.return_url : null,
      url: `${publicBase(request)}/portal/${id}`,
      created: store.nowSeconds(),
      livemode: false as const,
    };
    store.portalSessions.set(id, session);
    return session;
  });
}
