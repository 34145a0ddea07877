import { webhookResponseSchema } from '@crescendo/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type Stripe from 'stripe';
import { AppError } from '../../lib/app-error';
import { errorResponses } from '../../lib/route-schemas';
import { handleWebhookEvent, type BillingServices } from './webhooks.service';

/**
 * `POST /api/v1/stripe/webhook`. Registered as its own encapsulated plugin: its JSON parser
 * keeps the raw bytes, which the signature is computed over; no other route is affected.
 */
export const webhookRoutes: FastifyPluginAsyncZod<{ services: BillingServices }> = async (
  app,
  { services },
) => {
  app.removeContentTypeParser(['application/json']);
  app.addContentTypeParser(['application/json'], { parseAs: 'buffer' }, (_request, body, done) => {
    done(null, body);
  });

  app.post(
    '/api/v1/stripe/webhook',
    {
      // Stripe sends bursts from a few addresses; the signature, not a per-IP budget, guards it.
      config: { rateLimit: false },
      schema: {
        tags: ['billing'],
        summary: 'Payment provider events (signed; deduplicated by event id)',
        description:
          'Public: the `Stripe-Signature` header (HMAC over the raw body, 300 s tolerance) proves the sender. A bad or stale signature answers 400 and changes nothing.',
        response: { 200: webhookResponseSchema, ...errorResponses(400, 500) },
      },
    },
    async (request) => {
      const signature = request.headers['stripe-signature'];
      if (typeof signature !== 'string' || !Buffer.isBuffer(request.body)) {
        throw new AppError('BAD_REQUEST', 'Missing Stripe-Signature header or JSON body.');
      }
      let event: Stripe.Event;
      try {
        event = services.provider.constructEvent(request.body, signature);
      } catch {
        throw new AppError('BAD_REQUEST', 'The webhook signature is invalid or too old.');
      }
      const { duplicate } = await handleWebhookEvent(services, event);
      request.log.info({ eventId: event.id, type: event.type, duplicate }, 'billing event');
      return { received: true as const, duplicate };
    },
  );
};
