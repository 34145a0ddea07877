import type Stripe from 'stripe';
import type { Database } from '../../db/client';
import { recordAuditEvent } from '../audit';
import { approvePendingEntry } from '../waitlist';
import {
  claimEvent,
  findBillingAccountByCustomer,
  releaseEvent,
  updateSubscriptionState,
  promoteLeadsOfOrganization,
  upsertInvoice,
  type BillingAccount,
} from './billing.repository';
import { resolveEntitlements } from './entitlements.service';
import type { PaymentsProvider } from './payments-provider';
import { reconcilePublishedTier } from './tier-sync.service';
import { dayMs } from '../../lib/days';

export type TierPublisher = (
  users: { subject: string; identityProvider: string }[],
  tier: string | null,
) => Promise<void>;

export type BillingServices = {
  db: Database;
  provider: PaymentsProvider;
  /** Writes the tier to the identity provider's public metadata (Clerk); no-op otherwise. */
  publishTier: TierPublisher;
  now?: () => Date;
  log?: { warn(object: object, message: string): void };
  /** Told when a payment fails (the notifications module's alert); never throws. */
  onPaymentFailed?: (failed: {
    organizationId: string;
    invoiceId: string;
    amountCents: number;
    currency: string;
  }) => Promise<void>;
};

const handledTypes = new Set([
  'checkout.session.completed',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'invoice.paid',
  'invoice.payment_failed',
]);

function idOf(value: string | { id: string } | null | undefined): string | null {
  if (!value) return null;
  return typeof value === 'string' ? value : value.id;
}

/**
 * Handles one verified event once: duplicates (same event id, even 10 at a time) change nothing.
 * The event body is not trusted for state: the subscription is re-read from the provider, so
 * events arriving out of order still end in the provider's current state.
 */
export async function handleWebhookEvent(
  services: BillingServices,
  event: Stripe.Event,
): Promise<{ duplicate: boolean }> {
  if (!handledTypes.has(event.type)) return { duplicate: false };
  const isFirst = await claimEvent(services.db, event.id, event.type);
  if (!isFirst) return { duplicate: true };
  try {
    await applyEvent(services, event);
  } catch (error) {
    // Released: the provider's retry of this event processes it again.
    await releaseEvent(services.db, event.id);
    throw error;
  }
  return { duplicate: false };
}

async function applyEvent(services: BillingServices, event: Stripe.Event): Promise<void> {
  const object = event.data.object as unknown as Record<string, unknown>;
  const customerId = idOf(object.customer as string | { id: string } | null);
  if (!customerId) return;
  const account = await findBillingAccountByCustomer(services.db, customerId);
  if (!account) {
    services.log?.warn(
      { eventId: event.id, type: event.type },
      'billing event for an unknown customer',
    );
    return;
  }
  let subscriptionId: string | null = null;
  switch (event.type) {
    case 'checkout.session.completed':
      subscriptionId = idOf((event.data.object as Stripe.Checkout.Session).subscription);
      break;
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted':
      subscriptionId = (event.data.object as Stripe.Subscription).id;
      break;
    case 'invoice.paid':
    case 'invoice.payment_failed': {
      const invoice = event.data.object as Stripe.Invoice;
      await recordInvoice(services, account, invoice);
      if (event.type === 'invoice.payment_failed' && invoice.id) {
        await services.onPaymentFailed?.({
          organizationId: account.organizationId,
          invoiceId: invoice.id,
          amountCents: invoice.amount_due,
          currency: invoice.currency,
        });
      }
      subscriptionId =
        idOf(invoice.parent?.subscription_details?.subscription) ?? account.subscriptionId;
      break;
    }
  }
  if (subscriptionId) await syncSubscription(services, account, subscriptionId);
}

async function recordInvoice(
  services: BillingServices,
  account: BillingAccount,
  invoice: Stripe.Invoice,
) {
  if (!invoice.id || typeof invoice.created !== 'number') return;
  await upsertInvoice(services.db, account.organizationId, {
    id: invoice.id,
    number: invoice.number ?? null,
    amountCents: invoice.status === 'paid' ? invoice.amount_paid : invoice.amount_due,
    currency: invoice.currency,
    status: invoice.status ?? 'open',
    hostedInvoiceUrl: null,
    createdAt: new Date(invoice.created * 1000),
  });
}

/**
 * Reads the subscription from the provider and stores it; the organisation's members get their
 * tier, and a paying lead becomes a customer. An older subscription's events do not override
 * the organisation's newer subscription.
 */
export async function syncSubscription(
  services: BillingServices,
  account: BillingAccount,
  subscriptionId: string,
): Promise<void> {
  const { db, provider } = services;
  const subscription = await provider.stripe.subscriptions.retrieve(subscriptionId, {
    expand: ['default_payment_method'],
  });
  if (idOf(subscription.customer) !== account.customerId) return;
  const isCurrentSubscription =
    !account.subscriptionId ||
    account.subscriptionId === subscription.id ||
    !['active', 'trialing', 'past_due'].includes(account.status);
  if (!isCurrentSubscription && subscription.status === 'canceled') return;

  const item = subscription.items.data[0];
  const priceId = item?.price.id ?? null;
  const planId = provider.planOfPrice(priceId);
  if (!planId) {
    services.log?.warn(
      { subscriptionId, priceId },
      'subscription with a price outside the catalogue',
    );
  }
  const method = subscription.default_payment_method;
  const card = typeof method === 'object' && method ? method : null;
  const now = services.now?.() ?? new Date();
  const state = {
    subscriptionId: subscription.id,
    planId,
    priceId,
    status: subscription.status,
    currentPeriodStart: item ? new Date(item.current_period_start * 1000) : null,
    currentPeriodEnd: item ? new Date(item.current_period_end * 1000) : null,
    cancelAtPeriodEnd: subscription.cancel_at_period_end,
    paymentMethodBrand: card?.card?.brand ?? (card?.type === 'paypal' ? 'paypal' : null),
    paymentMethodLast4: card?.card?.last4 ?? null,
    // Past due: the grace period runs from the first time it was seen past due.
    graceEndsAt:
      subscription.status === 'past_due'
        ? (account.graceEndsAt ?? new Date(now.getTime() + provider.graceDays * dayMs))
        : null,
  };
  // A redelivered or reordered event usually finds the state already stored: nothing to do.
  if (isSameState(account, state)) return;
  const entitlements = resolveEntitlements({ ...account, ...state }, now);
  const tier = entitlements.plan.id === 'free' ? null : entitlements.plan.id;
  await db.transaction(async (tx) => {
    await updateSubscriptionState(tx, account.organizationId, state);
    if (tier === null) return;
    for (const email of await promoteLeadsOfOrganization(tx, account.organizationId)) {
      await approvePendingEntry(tx, email);
    }
  });
  if (
    account.planId !== state.planId ||
    account.status !== state.status ||
    account.cancelAtPeriodEnd !== state.cancelAtPeriodEnd
  ) {
    // The payment provider acted (checkout, portal, renewal): no person, no address.
    await recordAuditEvent(db, {
      organizationId: account.organizationId,
      action: 'plan_changed',
      actor: null,
      origin: null,
      detail: {
        fromPlan: account.planId,
        toPlan: state.planId,
        fromStatus: account.status,
        status: state.status,
        cancelAtPeriodEnd: state.cancelAtPeriodEnd,
      },
    });
  }
  // Every member's tier (those who joined through an invitation too), each the best among the
  // organisations they belong to (decision 0021).
  await reconcilePublishedTier(services, { organizationIds: [account.organizationId] });
}

function isSameState(account: BillingAccount, state: Partial<BillingAccount>): boolean {
  return (Object.keys(state) as (keyof BillingAccount)[]).every((key) => {
    const stored = account[key];
    const next = state[key];
    return stored instanceof Date || next instanceof Date
      ? (stored as Date | null)?.getTime() === (next as Date | null)?.getTime()
      : stored === next;
  });
}
