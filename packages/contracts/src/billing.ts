import { z } from 'zod';

/** What a plan limits. `historyDays` is a window; the others are counts (null = unlimited). */
export const planLimitNames = [
  'connectedAccounts',
  'historyDays',
  'assistantMessages',
  'exports',
  'campaigns',
  'artists',
] as const;
export const planLimitNameSchema = z.enum(planLimitNames);
export type PlanLimitName = z.infer<typeof planLimitNameSchema>;

/** Limits counted per billing period (the others count what exists now). */
export const periodLimitNames = ['assistantMessages', 'exports'] as const satisfies PlanLimitName[];

export const planLimitLabels: Record<PlanLimitName, string> = {
  connectedAccounts: 'Connected accounts',
  historyDays: 'History window (days)',
  assistantMessages: 'Assistant messages this period',
  exports: 'Exports this period',
  campaigns: 'Campaigns',
  artists: 'Artists',
};

/** How a limit reads in a sentence: "Your Free plan includes 1 artist." */
export function describePlanLimit(planName: string, limit: PlanLimitName, allowed: number): string {
  if (limit === 'historyDays') return `Your ${planName} plan keeps ${allowed} days of history.`;
  const nouns: Record<Exclude<PlanLimitName, 'historyDays'>, [string, string]> = {
    connectedAccounts: ['connected account', 'connected accounts'],
    assistantMessages: ['assistant message a month', 'assistant messages a month'],
    exports: ['export a month', 'exports a month'],
    campaigns: ['campaign', 'campaigns'],
    artists: ['artist', 'artists'],
  };
  const [one, many] = nouns[limit];
  return `Your ${planName} plan includes ${allowed} ${allowed === 1 ? one : many}.`;
}

export const planIds = ['free', 'starter', 'pro', 'team'] as const;
export const planIdSchema = z.enum(planIds);
export type PlanId = z.infer<typeof planIdSchema>;
export type PaidPlanId = Exclude<PlanId, 'free'>;
export const paidPlanIds = ['starter', 'pro', 'team'] as const satisfies PaidPlanId[];

export type PlanLimits = Record<PlanLimitName, number | null>;

export type Plan = {
  id: PlanId;
  name: string;
  /** Monthly price in US cents; 0 for Free. */
  priceCents: number;
  tagline: string;
  features: string[];
  isFeatured: boolean;
  limits: PlanLimits;
};

/** The one plan catalogue: the web's pricing page and the API's entitlements both read it. */
export const plans: readonly Plan[] = [
  {
    id: 'free',
    name: 'Free',
    priceCents: 0,
    tagline: 'What every approved artist gets.',
    features: ['YouTube & Meta analytics', 'Audience, content and ROI dashboards'],
    isFeatured: false,
    limits: {
      connectedAccounts: 2,
      historyDays: 365,
      assistantMessages: 20,
      exports: 3,
      campaigns: 5,
      artists: 1,
    },
  },
  {
    id: 'starter',
    name: 'Starter',
    priceCents: 900,
    tagline: 'For artists releasing their first tracks.',
    features: ['Everything in Free'],
    isFeatured: false,
    limits: {
      connectedAccounts: 3,
      historyDays: 730,
      assistantMessages: 200,
      exports: 20,
      campaigns: 20,
      artists: 1,
    },
  },
  {
    id: 'pro',
    name: 'Pro',
    priceCents: 2400,
    tagline: 'For artists building a fanbase.',
    features: ['Everything in Starter'],
    isFeatured: true,
    limits: {
      connectedAccounts: 10,
      historyDays: 1095,
      assistantMessages: 1000,
      exports: 100,
      campaigns: 100,
      artists: 1,
    },
  },
  {
    id: 'team',
    name: 'Team',
    priceCents: 7900,
    tagline: 'For managers and small labels.',
    features: ['Everything in Pro', 'Up to 5 artists'],
    isFeatured: false,
    limits: {
      connectedAccounts: 50,
      historyDays: 1095,
      assistantMessages: 5000,
      exports: null,
      campaigns: null,
      artists: 5,
    },
  },
];

export function findPlan(id: string | null | undefined): Plan | undefined {
  return plans.find((plan) => plan.id === id);
}

export function getPlan(id: PlanId): Plan {
  return plans.find((plan) => plan.id === id)!;
}

/** The cheapest plan whose limit is above `used` (null: no plan lifts it). */
export function findPlanThatLifts(limit: PlanLimitName, used: number): PlanId | null {
  const lifting = plans.find((plan) => {
    const allowed = plan.limits[limit];
    return allowed === null || allowed > used;
  });
  return lifting?.id ?? null;
}

export function formatPlanPrice(cents: number): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(cents / 100);
}

/** The `details` of a 403 `PLAN_LIMIT` answer. */
export const planLimitDetailsSchema = z.object({
  limit: planLimitNameSchema,
  used: z.number().int(),
  allowed: z.number().int(),
  plan: planIdSchema,
  upgradePlan: planIdSchema.nullable(),
});
export type PlanLimitDetails = z.infer<typeof planLimitDetailsSchema>;

/** The plans on sale, with the provider's price id for each. */
export const billingPlanSchema = z.object({
  id: planIdSchema,
  name: z.string(),
  priceCents: z.number().int(),
  priceId: z.string().nullable(),
  isCurrent: z.boolean(),
});
export const billingPlansResponseSchema = z.object({
  currentPlan: planIdSchema,
  plans: z.array(billingPlanSchema),
});
export type BillingPlansResponse = z.infer<typeof billingPlansResponseSchema>;

/** `POST /api/v1/stripe/create-checkout-session` (spec §7). */
export const createCheckoutSessionRequestSchema = z.object({
  priceId: z.string({ error: 'priceId is required' }).trim().min(1).max(200),
  successUrl: z.string({ error: 'successUrl is required' }).trim().min(1).max(2000),
  cancelUrl: z.string({ error: 'cancelUrl is required' }).trim().min(1).max(2000),
});
export type CreateCheckoutSessionRequest = z.infer<typeof createCheckoutSessionRequestSchema>;
export const checkoutSessionUrlResponseSchema = z.object({ url: z.string() });
export type CheckoutSessionUrlResponse = z.infer<typeof checkoutSessionUrlResponseSchema>;

export const checkoutSessionParamsSchema = z.object({
  id: z
    .string()
    .trim()
    .regex(/^cs_[A-Za-z0-9_]{1,200}$/, { error: 'Must be a checkout session id (cs_…)' }),
});

/** `GET /api/v1/stripe/checkout-sessions/:id`: what really happened, read from the provider. */
export const checkoutOutcomeResponseSchema = z.object({
  id: z.string(),
  status: z.enum(['open', 'complete', 'expired']),
  paymentStatus: z.enum(['paid', 'unpaid', 'no_payment_required']),
  plan: planIdSchema.nullable(),
  /** The organisation's plan now (after the outcome was applied). */
  currentPlan: planIdSchema,
});
export type CheckoutOutcomeResponse = z.infer<typeof checkoutOutcomeResponseSchema>;

export const portalSessionRequestSchema = z.object({
  returnUrl: z.string().trim().min(1).max(2000),
});
export const webhookResponseSchema = z.object({
  received: z.literal(true),
  duplicate: z.boolean(),
});

export const subscriptionStatuses = [
  'none',
  'active',
  'trialing',
  'past_due',
  'unpaid',
  'canceled',
  'incomplete',
  'incomplete_expired',
  'paused',
] as const;
export const subscriptionStatusSchema = z.enum(subscriptionStatuses);
export type SubscriptionStatus = z.infer<typeof subscriptionStatusSchema>;

export const usageLimitSchema = z.object({
  name: planLimitNameSchema,
  label: z.string(),
  used: z.number().int(),
  /** null: unlimited. */
  allowed: z.number().int().nullable(),
  isOverLimit: z.boolean(),
  upgradePlan: planIdSchema.nullable(),
});
export type UsageLimit = z.infer<typeof usageLimitSchema>;

export const invoiceSchema = z.object({
  id: z.string(),
  number: z.string().nullable(),
  amountCents: z.number().int(),
  currency: z.string(),
  status: z.string(),
  createdAt: z.string(),
  hostedInvoiceUrl: z.string().nullable(),
});
export type Invoice = z.infer<typeof invoiceSchema>;

/** `GET /api/dashboard/usage` (spec §7). */
export const usageResponseSchema = z.object({
  plan: z.object({ id: planIdSchema, name: z.string(), priceCents: z.number().int() }),
  subscription: z.object({
    status: subscriptionStatusSchema,
    cancelAtPeriodEnd: z.boolean(),
    /** Past due: paid limits until this moment, Free limits after it. */
    graceEndsAt: z.string().nullable(),
  }),
  period: z.object({ start: z.string(), end: z.string() }),
  renewsAt: z.string().nullable(),
  limits: z.array(usageLimitSchema),
  paymentMethod: z.object({ brand: z.string(), last4: z.string() }).nullable(),
  invoices: z.array(invoiceSchema),
  canManageBilling: z.boolean(),
});
export type UsageResponse = z.infer<typeof usageResponseSchema>;

/** Checkout on a public host with neither Stripe keys nor the demo sandbox (503). */
export const paymentsNotSetUpMessage =
  'Payments are not set up on this server yet, so plans cannot be bought here. Nothing was charged: ask the person who runs Crescendo to connect Stripe.';
