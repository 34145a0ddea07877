import crypto from 'node:crypto';
import {
  paidPlanIds,
  paymentsNotSetUpMessage,
  type CheckoutOutcomeResponse,
  type CheckoutSessionUrlResponse,
  type CreateCheckoutSessionRequest,
  type PaidPlanId,
} from '@crescendo/contracts';
import type Stripe from 'stripe';
import { AppError } from '../../lib/app-error';
import type { CurrentUser } from '../../lib/current-user';
import { findBillingAccount, insertBillingAccount } from './billing.repository';
import { getEntitlements } from './entitlements.service';
import type { BillingServices } from './webhooks.service';
import { syncSubscription } from './webhooks.service';

/**
 * A return URL must be an absolute http(s) URL on one of the app's own origins: anything else
 * (another host, a look-alike host, a scheme-relative or script URL) would be an open redirect.
 */
export function assertOwnOrigin(
  value: string,
  field: string,
  allowedOrigins: readonly string[],
): URL {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw badUrl(field);
  }
  if (
    (url.protocol !== 'http:' && url.protocol !== 'https:') ||
    !allowedOrigins.includes(url.origin) ||
    url.username ||
    url.password
  ) {
    throw badUrl(field);
  }
  return url;
}

function badUrl(field: string): AppError {
  return new AppError('VALIDATION_FAILED', `${field} must be a URL on this app's own origin.`, {
    fields: [{ field, message: "must be a URL on this app's own origin" }],
  });
}

/** A public host without Stripe keys (and no demo sandbox) has no payment provider to call. */
function assertPaymentsConnected(services: BillingServices): void {
  if (!services.provider.isConnected)
    throw new AppError('SERVICE_UNAVAILABLE', paymentsNotSetUpMessage);
}

async function ensureCustomer(services: BillingServices, user: CurrentUser): Promise<string> {
  const existing = await findBillingAccount(services.db, user.organization.id);
  if (existing) return existing.customerId;
  const customer = await services.provider.stripe.customers.create(
    {
      email: user.email,
      name: user.organization.name,
      metadata: { organizationId: user.organization.id },
    },
    // One customer per organisation even when two first checkouts race.
    { idempotencyKey: `customer-${user.organization.id}` },
  );
  return insertBillingAccount(services.db, user.organization.id, customer.id);
}

/** `POST /api/v1/stripe/create-checkout-session`: a hosted Checkout Session in subscription mode. */
export async function createCheckoutSession(
  services: BillingServices,
  user: CurrentUser,
  input: CreateCheckoutSessionRequest,
  options: { allowedOrigins: readonly string[]; idempotencyKey: string | null },
): Promise<CheckoutSessionUrlResponse> {
  assertPaymentsConnected(services);
  const planId = paidPlanIds.find((plan) => services.provider.priceIdOf(plan) === input.priceId);
  if (!planId) {
    throw new AppError('VALIDATION_FAILED', 'priceId is not one of the plans on sale.', {
      fields: [{ field: 'priceId', message: 'is not one of the plans on sale' }],
    });
  }
  const successUrl = assertOwnOrigin(input.successUrl, 'successUrl', options.allowedOrigins);
  const cancelUrl = assertOwnOrigin(input.cancelUrl, 'cancelUrl', options.allowedOrigins);
  const entitlements = await getEntitlements(services.db, user.organization.id, services.now?.());
  if (
    entitlements.account?.subscriptionId &&
    ['active', 'trialing', 'past_due'].includes(entitlements.status)
  ) {
    throw AppError.conflict('You already have a subscription: change your plan in Manage billing.');
  }
  const customer = await ensureCustomer(services, user);
  // The provider fills in the session id so the return page can read the real outcome.
  const withSessionId = (url: URL) => {
    url.searchParams.set('session_id', '{CHECKOUT_SESSION_ID}');
    return url.toString().replace('%7BCHECKOUT_SESSION_ID%7D', '{CHECKOUT_SESSION_ID}');
  };
  const session = await services.provider.stripe.checkout.sessions.create(
    {
      mode: 'subscription',
      customer,
      client_reference_id: user.organization.id,
      line_items: [{ price: input.priceId, quantity: 1 }],
      success_url: withSessionId(successUrl),
      cancel_url: withSessionId(cancelUrl),
      metadata: { organizationId: user.organization.id, userId: user.id, planId },
      subscription_data: { metadata: { organizationId: user.organization.id, planId } },
    },
    {
      idempotencyKey: `checkout-${user.organization.id}-${input.priceId}-${options.idempotencyKey ?? crypto.randomUUID()}`,
    },
  );
  if (!session.url)
    throw new AppError('SERVICE_UNAVAILABLE', 'The payment provider gave no checkout page.');
  return { url: session.url };
}

/**
 * What really happened to a checkout session, read from the provider; a completed one is
 * applied at once (the webhook may still be on its way), so the success page never lies.
 */
export async function getCheckoutOutcome(
  services: BillingServices,
  user: CurrentUser,
  sessionId: string,
): Promise<CheckoutOutcomeResponse> {
  assertPaymentsConnected(services);
  const account = await findBillingAccount(services.db, user.organization.id);
  let session: Stripe.Checkout.Session;
  try {
    session = await services.provider.stripe.checkout.sessions.retrieve(sessionId);
  } catch (error) {
    if ((error as { statusCode?: number }).statusCode === 404)
      throw AppError.notFound('No checkout session with that id.');
    throw error;
  }
  const customer = typeof session.customer === 'string' ? session.customer : session.customer?.id;
  if (!account || customer !== account.customerId) {
    throw AppError.notFound('No checkout session with that id.');
  }
  const subscriptionId =
    typeof session.subscription === 'string'
      ? session.subscription
      : (session.subscription?.id ?? null);
  if (session.status === 'complete' && subscriptionId) {
    await syncSubscription(services, account, subscriptionId);
  }
  const planId = (session.metadata?.planId ?? null) as PaidPlanId | null;
  const entitlements = await getEntitlements(services.db, user.organization.id, services.now?.());
  return {
    id: session.id,
    status: oneOf(session.status, ['open', 'complete', 'expired'] as const, 'open'),
    paymentStatus: oneOf(
      session.payment_status,
      ['paid', 'unpaid', 'no_payment_required'] as const,
      'unpaid',
    ),
    plan: planId && (paidPlanIds as readonly string[]).includes(planId) ? planId : null,
    currentPlan: entitlements.plan.id,
  };
}

/** The provider's billing portal (change plan, cancel at period end, resume, update card). */
export async function createPortalSession(
  services: BillingServices,
  user: CurrentUser,
  returnUrl: string,
  allowedOrigins: readonly string[],
): Promise<CheckoutSessionUrlResponse> {
  assertPaymentsConnected(services);
  assertOwnOrigin(returnUrl, 'returnUrl', allowedOrigins);
  const account = await findBillingAccount(services.db, user.organization.id);
  if (!account?.subscriptionId) {
    throw AppError.conflict('There is no subscription to manage yet: choose a plan first.');
  }
  const session = await services.provider.stripe.billingPortal.sessions.create({
    customer: account.customerId,
    return_url: returnUrl,
  });
  return { url: session.url };
}

function oneOf<const T extends string>(value: string | null, known: readonly T[], fallback: T): T {
  return (known as readonly string[]).includes(value ?? '') ? (value as T) : fallback;
}
