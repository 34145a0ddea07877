import {
  billingPlansResponseSchema,
  checkoutOutcomeResponseSchema,
  checkoutSessionParamsSchema,
  checkoutSessionUrlResponseSchema,
  createCheckoutSessionRequestSchema,
  paidPlanIds,
  plans,
  portalSessionRequestSchema,
  usageResponseSchema,
} from '@crescendo/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { organizationRouteRoles, routeRoles } from '../../lib/permissions';
import { errorResponses } from '../../lib/route-schemas';
import { requireCurrentUser } from '../../plugins/auth';
import { createCheckoutSession, createPortalSession, getCheckoutOutcome } from './checkout.service';
import { getEntitlements } from './entitlements.service';
import { getUsage } from './usage.service';
import type { BillingServices } from './webhooks.service';

export type BillingRoutesOptions = { services: BillingServices; allowedOrigins: readonly string[] };

function readIdempotencyKey(header: string | string[] | undefined): string | null {
  const value = Array.isArray(header) ? header[0] : header;
  return value && /^[\w-]{8,100}$/.test(value) ? value : null;
}

/** Plans, checkout, the billing portal and usage: every call scoped to the caller's organisation. */
export const billingRoutes: FastifyPluginAsyncZod<BillingRoutesOptions> = async (app, options) => {
  const { services, allowedOrigins } = options;
  const { db } = services;
  const billing = { auth: 'user', roles: routeRoles.billing } as const;
  // Paying for the organisation is its owners' business (managers and viewers read the plan).
  const billingChange = { ...billing, organizationRole: organizationRouteRoles.billing } as const;
  const security = [{ bearerAuth: [] }];
  const tags = ['billing'];

  app.get(
    '/api/v1/billing/plans',
    {
      config: billing,
      schema: {
        tags,
        summary: 'The plans on sale with their price ids, and the current plan',
        security,
        response: { 200: billingPlansResponseSchema, ...errorResponses(401, 403, 429) },
      },
    },
    async (request) => {
      const user = requireCurrentUser(request);
      const { plan } = await getEntitlements(db, user.organization.id, services.now?.());
      return {
        currentPlan: plan.id,
        plans: plans.map((item) => ({
          id: item.id,
          name: item.name,
          priceCents: item.priceCents,
          priceId: (paidPlanIds as readonly string[]).includes(item.id)
            ? services.provider.priceIdOf(item.id as (typeof paidPlanIds)[number])
            : null,
          isCurrent: item.id === plan.id,
        })),
      };
    },
  );

  app.post(
    '/api/v1/stripe/create-checkout-session',
    {
      config: billingChange,
      schema: {
        tags,
        summary: 'A hosted checkout page for a plan; answers its URL',
        description:
          'priceId must be a catalogue price; successUrl and cancelUrl must be on the app’s own origin. An `Idempotency-Key` header makes a retried request return the same session.',
        security,
        body: createCheckoutSessionRequestSchema,
        response: {
          200: checkoutSessionUrlResponseSchema,
          ...errorResponses(400, 401, 403, 409, 429, 503),
        },
      },
    },
    async (request) =>
      createCheckoutSession(services, requireCurrentUser(request), request.body, {
        allowedOrigins,
        idempotencyKey: readIdempotencyKey(request.headers['idempotency-key']),
      }),
  );

  app.get(
    '/api/v1/stripe/checkout-sessions/:id',
    {
      config: billing,
      schema: {
        tags,
        summary: 'What happened to a checkout session, read from the payment provider',
        security,
        params: checkoutSessionParamsSchema,
        response: {
          200: checkoutOutcomeResponseSchema,
          ...errorResponses(400, 401, 403, 404, 429, 503),
        },
      },
    },
    async (request) => getCheckoutOutcome(services, requireCurrentUser(request), request.params.id),
  );

  app.post(
    '/api/v1/stripe/create-portal-session',
    {
      config: {
        auth: 'user',
        roles: routeRoles.dashboard,
        organizationRole: organizationRouteRoles.billing,
      },
      schema: {
        tags,
        summary: 'The billing portal: change plan, cancel at period end, resume, update card',
        security,
        body: portalSessionRequestSchema,
        response: {
          200: checkoutSessionUrlResponseSchema,
          ...errorResponses(400, 401, 403, 409, 429, 503),
        },
      },
    },
    async (request) =>
      createPortalSession(
        services,
        requireCurrentUser(request),
        request.body.returnUrl,
        allowedOrigins,
      ),
  );

  app.get(
    '/api/dashboard/usage',
    {
      config: { auth: 'user', roles: routeRoles.dashboard },
      schema: {
        tags: ['dashboard'],
        summary: 'Plan, billing period, each limit with its use, renewal, payment method, invoices',
        security,
        response: { 200: usageResponseSchema, ...errorResponses(401, 403, 429) },
      },
    },
    async (request) => getUsage(db, requireCurrentUser(request).organization.id, services.now?.()),
  );
};
