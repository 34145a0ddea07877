import type { FastifyInstance } from 'fastify';
import { PaymentsSandbox, paymentsSandbox } from '@crescendo/payments-sandbox';
import { plans } from '@crescendo/contracts';
import type { AppDependencies } from './app';
import { readOrCreateSecretFile } from './lib/secrets';
import {
  createPaymentsProvider,
  createPaymentsSandboxPersistence,
  createSandboxFetch,
  createTierPublisher,
  getEntitlements,
  planLimitError,
  type BillingServices,
} from './modules/billing';
import type { ArtistPlans } from './modules/teams';

/**
 * The plans the teams module holds a person's artist count against: billing's plan in force and
 * its 403 PLAN_LIMIT. Passed to teams from here, so that teams does not import billing.
 */
export function createArtistPlans(now: () => Date = () => new Date()): ArtistPlans {
  return {
    readPlan: async (db, organizationId) => (await getEntitlements(db, organizationId, now())).plan,
    limitError: (plan, used) => planLimitError({ plan }, 'artists', used),
  };
}

/**
 * The payments side of the app: the billing services over the official Stripe SDK, real or
 * sandbox, and the payments sandbox when Stripe is not configured (its signed events delivered to
 * this app's webhook in-process). Nothing is registered yet: `mountPaymentsSandbox` serves it.
 */
export function createBillingServices(
  app: FastifyInstance,
  {
    config,
    database,
    billingOverrides,
    clerkOverrides,
    now,
  }: Pick<AppDependencies, 'config' | 'database' | 'billingOverrides' | 'clerkOverrides'> & {
    now: () => Date;
  },
): { billing: BillingServices; paymentsSandbox: PaymentsSandbox | null; webhookSecret: string } {
  // The sandbox's API key is generated per install (data dir secret), never a published one.
  const billingConfig = config.billing.isSandbox
    ? {
        ...config.billing,
        secretKey: `sk_test_${readOrCreateSecretFile(config.dataDir, 'payments-sandbox-secret-key')}`,
      }
    : config.billing;
  const isSandboxServed = billingConfig.sandboxUrl !== null && config.sandbox.isServed;
  if (billingConfig.sandboxUrl && !isSandboxServed) {
    app.log.warn(
      'Payments are not connected to Stripe: set STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET and the STRIPE_PRICE_* ids (the payments sandbox is served only when APP_URL is on this machine, or with SANDBOX_PUBLIC=true for a demo)',
    );
  }
  const webhookSecret =
    billingConfig.webhookSecret ??
    `whsec_${readOrCreateSecretFile(config.dataDir, 'payments-sandbox-webhook-secret')}`;
  let sandboxInstance: PaymentsSandbox | null = null;
  if (isSandboxServed) {
    sandboxInstance = new PaymentsSandbox({
      secretKey: billingConfig.secretKey,
      webhookSecret,
      prices: (['starter', 'pro', 'team'] as const).map((planId) => ({
        id: billingConfig.priceIds[planId],
        productName: `Crescendo ${plans.find((plan) => plan.id === planId)!.name}`,
        unitAmount: plans.find((plan) => plan.id === planId)!.priceCents,
      })),
      // Signed events reach this app's webhook endpoint in-process, like Stripe's over HTTPS.
      deliver: async (payload, signatureHeader) =>
        (
          await app.inject({
            method: 'POST',
            url: '/api/v1/stripe/webhook',
            headers: { 'content-type': 'application/json', 'stripe-signature': signatureHeader },
            payload,
          })
        ).statusCode,
      // Customers and subscriptions outlive a restart, like the product rows pointing at them.
      persistence: createPaymentsSandboxPersistence(database.db),
      ...billingOverrides?.sandbox,
    });
  }
  const billing: BillingServices = {
    db: database.db,
    provider: createPaymentsProvider(
      billingConfig,
      webhookSecret,
      billingConfig.sandboxUrl ? createSandboxFetch(app, billingConfig.sandboxUrl) : undefined,
      billingConfig.sandboxUrl === null || isSandboxServed,
    ),
    publishTier: createTierPublisher(config.clerk?.secretKey ?? null, clerkOverrides?.apiUrl),
    now,
    log: app.log,
  };
  return { billing, paymentsSandbox: sandboxInstance, webhookSecret };
}

/** Serves the payments sandbox at /payments-sandbox (when there is one: no Stripe keys). */
export async function mountPaymentsSandbox(
  app: FastifyInstance,
  config: AppDependencies['config'],
  instance: PaymentsSandbox | null,
  webhookSecret: string,
): Promise<void> {
  if (!instance) return;
  await app.register(paymentsSandbox, {
    prefix: '/payments-sandbox',
    logLevel: 'warn',
    webhookSecret,
    instance,
    // Clock, forced failed renewals and event replays: tests and demos ask for them.
    isControlApiEnabled: config.sandbox.isPaymentsControlApiEnabled,
  });
}
