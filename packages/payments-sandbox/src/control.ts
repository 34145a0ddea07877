import type { FastifyInstance, FastifyReply } from 'fastify';
import type { PaymentsSandbox } from './sandbox';

function notFound(reply: FastifyReply, what: string) {
  return reply
    .status(404)
    .send({ error: { type: 'invalid_request_error', message: `No such ${what}` } });
}

/**
 * Test and demo controls, behind the same API key: move the clock (renewals and period ends
 * happen), make the next renewal fail, replay an event, count requests.
 */
export function registerControlRoutes(app: FastifyInstance, sandbox: PaymentsSandbox) {
  const store = sandbox.store;
  app.addHook('onRequest', async (request, reply) => {
    const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
    if (match?.[1] !== sandbox.secretKey) {
      return reply
        .status(401)
        .send({ error: { type: 'invalid_request_error', message: 'Invalid API Key provided.' } });
    }
  });

  app.post<{ Body: { seconds?: number } }>('/advance-clock', async (request, reply) => {
    const seconds = Number(request.body?.seconds);
    if (!Number.isFinite(seconds) || seconds <= 0) {
      return reply.status(400).send({
        error: { type: 'invalid_request_error', message: 'seconds must be a positive number' },
      });
    }
    await sandbox.advanceClock(seconds);
    return { now: store.nowSeconds() };
  });

  app.post<{ Params: { id: string } }>(
    '/subscriptions/:id/fail-next-renewal',
    async (request, reply) => {
      const subscription = store.subscriptions.get(request.params.id);
      if (!subscription) return notFound(reply, 'subscription');
      subscription.failNextRenewal = true;
      return { id: subscription.id, failNextRenewal: true };
    },
  );

  app.get('/events', async () => ({ data: store.events, deliveries: sandbox.deliveries }));

  app.post<{ Params: { id: string } }>('/events/:id/redeliver', async (request, reply) => {
    const event = store.events.find((item) => item.id === request.params.id);
    if (!event) return notFound(reply, 'event');
    return sandbox.deliverOne(event);
  });

  app.get('/stats', async () => ({ requests: Object.fromEntries(store.requestCounts) }));
}
