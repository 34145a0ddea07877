import type { RawEnv } from './env-schema';

export type BillingConfig = {
  /** True when no Stripe keys are configured and the payments sandbox stands in for Stripe. */
  isSandbox: boolean;
  secretKey: string;
  /** null in sandbox mode: a per-install secret is generated in the data directory. */
  webhookSecret: string | null;
  priceIds: { starter: string; pro: string; team: string };
  /** Where the payments sandbox is mounted in this API; null with real Stripe. */
  sandboxUrl: string | null;
  graceDays: number;
};

// The payments sandbox's built-in key and prices (see packages/payments-sandbox/src/options.ts).
const sandboxStripeSecretKey = 'sk_test_payments_sandbox';
const sandboxPriceIds = {
  starter: 'price_sandbox_starter',
  pro: 'price_sandbox_pro',
  team: 'price_sandbox_team',
};

export function resolveBilling(env: RawEnv, appUrl: string): BillingConfig {
  const isSandbox = !env.STRIPE_SECRET_KEY;
  return {
    isSandbox,
    secretKey: env.STRIPE_SECRET_KEY ?? sandboxStripeSecretKey,
    webhookSecret: env.STRIPE_WEBHOOK_SECRET ?? null,
    priceIds: isSandbox
      ? sandboxPriceIds
      : {
          starter: env.STRIPE_PRICE_STARTER!,
          pro: env.STRIPE_PRICE_PRO!,
          team: env.STRIPE_PRICE_TEAM!,
        },
    sandboxUrl: isSandbox ? `${appUrl}/payments-sandbox` : null,
    graceDays: env.BILLING_GRACE_DAYS,
  };
}
