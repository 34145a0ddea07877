import Stripe from 'stripe';
import type { BillingConfig } from '../../config/env';

export type PaymentsProvider = {
  stripe: Stripe;
  /** Verifies a webhook body and its `Stripe-Signature` header (300 s tolerance). */
  constructEvent(rawBody: Buffer, signatureHeader: string): Stripe.Event;
  priceIdOf(planId: 'starter' | 'pro' | 'team'): string;
  planOfPrice(priceId: string | null | undefined): 'starter' | 'pro' | 'team' | null;
  isSandbox: boolean;
  /**
   * False on a public host with neither Stripe keys nor a served sandbox (`SANDBOX_PUBLIC`): the
   * SDK has nothing to talk to, so billing answers 503 with `paymentsNotSetUpMessage`.
   */
  isConnected: boolean;
  graceDays: number;
};

export const webhookToleranceSeconds = 300;

/**
 * The official Stripe SDK, talking to Stripe when keys are configured, else to the payments
 * sandbox mounted in this API (same SDK, same calls: only host, port and protocol differ).
 */
export function createPaymentsProvider(
  config: BillingConfig,
  webhookSecret: string,
  fetchFunction?: typeof fetch,
  isConnected = true,
): PaymentsProvider {
  const sandbox = config.sandboxUrl ? new URL(config.sandboxUrl) : null;
  const stripe = new Stripe(config.secretKey, {
    maxNetworkRetries: 2,
    timeout: 10_000,
    ...(sandbox
      ? {
          host: sandbox.hostname,
          port: sandbox.port || (sandbox.protocol === 'https:' ? 443 : 80),
          protocol: sandbox.protocol === 'https:' ? 'https' : 'http',
        }
      : {}),
    ...(fetchFunction ? { httpClient: Stripe.createFetchHttpClient(fetchFunction) } : {}),
  });
  const planByPrice = new Map(
    (Object.entries(config.priceIds) as ['starter' | 'pro' | 'team', string][]).map(
      ([plan, price]) => [price, plan],
    ),
  );
  return {
    stripe,
    constructEvent: (rawBody, signatureHeader) =>
      stripe.webhooks.constructEvent(
        rawBody,
        signatureHeader,
        webhookSecret,
        webhookToleranceSeconds,
      ),
    priceIdOf: (planId) => config.priceIds[planId],
    planOfPrice: (priceId) => (priceId ? (planByPrice.get(priceId) ?? null) : null),
    isSandbox: config.isSandbox,
    isConnected,
    graceDays: config.graceDays,
  };
}
