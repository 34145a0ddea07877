import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { registerStripeApi } from './api';
import { registerControlRoutes } from './control';
import { parseStripeForm } from './form';
import type { PaymentsSandboxOptions } from './options';
import { registerHostedPages } from './pages';
import { PaymentsSandbox } from './sandbox';

const FORM_CONTENT_TYPE = 'application/x-www-form-urlencoded';

declare module 'fastify' {
  interface FastifyInstance {
    paymentsSandbox?: PaymentsSandbox;
  }
}

/**
 * The payments sandbox as an encapsulated Fastify plugin: register it with a prefix (the API uses
 * `/payments-sandbox`). Stripe's REST API under `/v1`, the hosted checkout and portal pages, and
 * (when enabled) `/__control`.
 */
export const paymentsSandbox: FastifyPluginAsync<
  PaymentsSandboxOptions & { instance?: PaymentsSandbox }
> = async (app, options) => {
  const sandbox = options.instance ?? new PaymentsSandbox(options);
  const root = app.prefix;
  const publicBase = (request: FastifyRequest) => `${request.protocol}://${request.host}${root}`;

  // Stripe sends form bodies; the hosted pages post forms too. Scoped to this plugin only.
  if (app.hasContentTypeParser(FORM_CONTENT_TYPE)) app.removeContentTypeParser(FORM_CONTENT_TYPE);
  app.addContentTypeParser(FORM_CONTENT_TYPE, { parseAs: 'string' }, (_request, body, done) => {
    done(null, parseStripeForm(typeof body === 'string' ? body : body.toString('utf8')));
  });

  // With persistence, state a previous run saved is loaded before the first request, and what a
  // request changed is saved before its response leaves (a client that saw it can rely on it).
  app.addHook('onRequest', async () => sandbox.restore());
  app.addHook('onSend', async (_request, _reply, payload) => {
    await sandbox.persist();
    return payload;
  });

  await app.register(async (child) => registerStripeApi(child, sandbox, publicBase), {
    prefix: '/v1',
  });
  await app.register(async (child) => registerHostedPages(child, sandbox, root));
  if (options.isControlApiEnabled ?? false) {
    await app.register(async (child) => registerControlRoutes(child, sandbox), {
      prefix: '/__control',
    });
  }

  // Stripe's answer to a path it does not know, so its SDK reports a 404 instead of bad JSON.
  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0]!.slice(root.length) || '/';
    return reply.status(404).send({
      error: {
        type: 'invalid_request_error',
        message: `Unrecognized request URL (${request.method}: ${path}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.`,
      },
    });
  });
};
