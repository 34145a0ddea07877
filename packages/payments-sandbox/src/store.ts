import crypto from 'node:crypto';
import {
  addOneMonth,
  detectCardBrand,
  normalizeCardNumber,
  type PaymentMethodInput,
} from './outcome';
import type {
  CheckoutSession,
  Customer,
  Invoice,
  Metadata,
  PaymentMethod,
  PortalSession,
  SandboxEvent,
  Subscription,
} from './objects';
import { PAYMENT_CURRENCY, type SandboxPrice } from './options';

export const SANDBOX_API_VERSION = '2026-10-28.endive';

export function newId(prefix: string): string {
  return `${prefix}_${crypto.randomBytes(12).toString('base64url').replace(/[-_]/g, 'x')}`;
}

/**
 * Everything the sandbox knows, in memory (saved through `PaymentsPersistence` when given), with
 * its own clock (tests move it forward).
 */
export class PaymentsStore {
  readonly customers = new Map<string, Customer>();
  readonly paymentMethods = new Map<string, PaymentMethod>();
  readonly sessions = new Map<string, CheckoutSession>();
  readonly subscriptions = new Map<string, Subscription>();
  readonly invoices = new Map<string, Invoice>();
  readonly portalSessions = new Map<string, PortalSession>();
  readonly events: SandboxEvent[] = [];
  readonly idempotent = new Map<string, { status: number; body: unknown }>();
  readonly requestCounts = new Map<string, number>();
  readonly prices: Map<string, SandboxPrice>;
  private clockOffsetMs = 0;
  private invoiceCounter = 0;

  constructor(prices: SandboxPrice[]) {
    this.prices = new Map(prices.map((price) => [price.id, price]));
  }

  now(): number {
    return Date.now() + this.clockOffsetMs;
  }

  nowSeconds(): number {
    return Math.floor(this.now() / 1000);
  }

  advanceClock(seconds: number): void {
    this.clockOffsetMs += seconds * 1000;
  }

  /** The clock's offset and the invoice counter, as saved between runs. */
  counters(): { clockOffsetMs: number; invoiceCounter: number } {
    return { clockOffsetMs: this.clockOffsetMs, invoiceCounter: this.invoiceCounter };
  }

  restoreCounters(counters: { clockOffsetMs: number; invoiceCounter: number }): void {
    this.clockOffsetMs = counters.clockOffsetMs;
    this.invoiceCounter = counters.invoiceCounter;
  }

  countRequest(key: string): void {
    this.requestCounts.set(key, (this.requestCounts.get(key) ?? 0) + 1);
  }

  priceObject(priceId: string) {
    const price = this.prices.get(priceId)!;
    return {
      id: price.id,
      object: 'price' as const,
      active: true,
      currency: PAYMENT_CURRENCY,
      unit_amount: price.unitAmount,
      type: 'recurring' as const,
      recurring: { interval: 'month' as const, interval_count: 1 },
      product: `prod_${price.id.replace(/^price_/, '')}`,
      nickname: price.productName,
      livemode: false,
    };
  }

  /** Stripe's subscription shape (periods live on the items since API 2025-03-31). */
  subscriptionObject(subscription: Subscription, expand: string[] = []) {
    const paymentMethod = subscription.defaultPaymentMethod
      ? this.paymentMethods.get(subscription.defaultPaymentMethod)
      : null;
    return {
      id: subscription.id,
      object: 'subscription' as const,
      customer: subscription.customer,
      status: subscription.status,
      cancel_at_period_end: subscription.cancelAtPeriodEnd,
      cancel_at: subscription.cancelAtPeriodEnd ? subscription.periodEnd : null,
      canceled_at: subscription.canceledAt,
      ended_at: subscription.endedAt,
      created: subscription.created,
      start_date: subscription.created,
      currency: PAYMENT_CURRENCY,
      collection_method: 'charge_automatically',
      default_payment_method:
        expand.includes('default_payment_method') && paymentMethod
          ? paymentMethod
          : subscription.defaultPaymentMethod,
      latest_invoice: subscription.latestInvoice,
      metadata: subscription.metadata,
      items: {
        object: 'list' as const,
        data: [
          {
            id: subscription.itemId,
            object: 'subscription_item' as const,
            price: this.priceObject(subscription.priceId),
            quantity: 1,
            subscription: subscription.id,
            current_period_start: subscription.periodStart,
            current_period_end: subscription.periodEnd,
          },
        ],
        has_more: false,
        url: `/v1/subscription_items?subscription=${subscription.id}`,
      },
      livemode: false,
    };
  }

  createCustomer(input: { email?: string; name?: string; metadata?: Metadata }): Customer {
    const customer: Customer = {
      id: newId('cus'),
      object: 'customer',
      email: input.email ?? null,
      name: input.name ?? null,
      metadata: input.metadata ?? {},
      created: this.nowSeconds(),
      livemode: false,
    };
    this.customers.set(customer.id, customer);
    return customer;
  }

  attachPaymentMethod(customerId: string, input: PaymentMethodInput): PaymentMethod {
    const method: PaymentMethod = {
      id: newId('pm'),
      object: 'payment_method',
      type: input.type,
      customer: customerId,
      card:
        input.type === 'card'
          ? {
              brand: detectCardBrand(input.number),
              last4: normalizeCardNumber(input.number).slice(-4),
              exp_month: Number(input.expiry.slice(0, 2)),
              exp_year: 2000 + Number(input.expiry.trim().slice(-2)),
            }
          : null,
      paypal: input.type === 'paypal' ? { payer_email: 'buyer@example.com' } : null,
      created: this.nowSeconds(),
      livemode: false,
    };
    this.paymentMethods.set(method.id, method);
    return method;
  }

  createInvoice(subscription: Subscription, status: 'paid' | 'open'): Invoice {
    const amount = this.prices.get(subscription.priceId)!.unitAmount;
    this.invoiceCounter += 1;
    const id = newId('in');
    const invoice: Invoice = {
      id,
      object: 'invoice',
      customer: subscription.customer,
      number: `SANDBOX-${String(this.invoiceCounter).padStart(4, '0')}`,
      status,
      amount_due: amount,
      amount_paid: status === 'paid' ? amount : 0,
      amount_remaining: status === 'paid' ? 0 : amount,
      currency: PAYMENT_CURRENCY,
      created: this.nowSeconds(),
      period_start: subscription.periodStart,
      period_end: subscription.periodEnd,
      hosted_invoice_url: `/invoices/${id}`,
      parent: {
        type: 'subscription_details',
        subscription_details: { subscription: subscription.id, metadata: subscription.metadata },
      },
      livemode: false,
    };
    this.invoices.set(id, invoice);
    subscription.latestInvoice = id;
    return invoice;
  }

  startSubscription(session: CheckoutSession, paymentMethodId: string): Subscription {
    const start = this.now();
    const subscription: Subscription = {
      id: newId('sub'),
      customer: session.customer!,
      status: 'active',
      cancelAtPeriodEnd: false,
      canceledAt: null,
      endedAt: null,
      created: Math.floor(start / 1000),
      priceId: session.priceId,
      itemId: newId('si'),
      periodStart: Math.floor(start / 1000),
      periodEnd: Math.floor(addOneMonth(new Date(start)).getTime() / 1000),
      defaultPaymentMethod: paymentMethodId,
      latestInvoice: null,
      metadata: session.subscriptionMetadata,
      failNextRenewal: false,
    };
    this.subscriptions.set(subscription.id, subscription);
    return subscription;
  }

  recordEvent(type: string, object: unknown): SandboxEvent {
    const event: SandboxEvent = {
      id: newId('evt'),
      object: 'event',
      api_version: SANDBOX_API_VERSION,
      created: this.nowSeconds(),
      type,
      data: { object },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
    };
    this.events.push(event);
    return event;
  }

  /** The customer's live subscription (not canceled), if any. */
  findLiveSubscription(customerId: string): Subscription | undefined {
    return [...this.subscriptions.values()].find(
      (subscription) => subscription.customer === customerId && subscription.status !== 'canceled',
    );
  }
}
