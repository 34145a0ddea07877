/** Stripe's objects as the payments sandbox keeps them (the store's own fields are camel-cased). */
export type Metadata = Record<string, string>;

export type Customer = {
  id: string;
  object: 'customer';
  email: string | null;
  name: string | null;
  metadata: Metadata;
  created: number;
  livemode: false;
};

export type PaymentMethod = {
  id: string;
  object: 'payment_method';
  type: 'card' | 'paypal';
  customer: string;
  card: { brand: string; last4: string; exp_month: number; exp_year: number } | null;
  paypal: { payer_email: string } | null;
  created: number;
  livemode: false;
};

export type CheckoutSession = {
  id: string;
  object: 'checkout.session';
  mode: 'subscription';
  status: 'open' | 'complete' | 'expired';
  payment_status: 'paid' | 'unpaid';
  customer: string | null;
  customer_email: string | null;
  client_reference_id: string | null;
  metadata: Metadata;
  subscription: string | null;
  success_url: string;
  cancel_url: string | null;
  url: string | null;
  amount_total: number;
  currency: string;
  created: number;
  expires_at: number;
  livemode: false;
  /** Not part of Stripe's object: what the hosted page sells. */
  priceId: string;
  subscriptionMetadata: Metadata;
};

export type Subscription = {
  id: string;
  customer: string;
  status: 'active' | 'past_due' | 'canceled' | 'unpaid';
  cancelAtPeriodEnd: boolean;
  canceledAt: number | null;
  endedAt: number | null;
  created: number;
  priceId: string;
  itemId: string;
  periodStart: number;
  periodEnd: number;
  defaultPaymentMethod: string | null;
  latestInvoice: string | null;
  metadata: Metadata;
  failNextRenewal: boolean;
};

export type Invoice = {
  id: string;
  object: 'invoice';
  customer: string;
  number: string;
  status: 'paid' | 'open';
  amount_due: number;
  amount_paid: number;
  amount_remaining: number;
  currency: string;
  created: number;
  period_start: number;
  period_end: number;
  hosted_invoice_url: string;
  parent: {
    type: 'subscription_details';
    subscription_details: { subscription: string; metadata: Metadata };
  };
  livemode: false;
};

export type PortalSession = {
  id: string;
  object: 'billing_portal.session';
  customer: string;
  return_url: string | null;
  url: string;
  created: number;
  livemode: false;
};

export type SandboxEvent = {
  id: string;
  object: 'event';
  api_version: string;
  created: number;
  type: string;
  data: { object: unknown };
  livemode: false;
  pending_webhooks: number;
  request: { id: null; idempotency_key: null };
};
