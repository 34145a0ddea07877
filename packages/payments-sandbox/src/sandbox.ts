import crypto from 'node:crypto';
import {
  DEFAULT_SANDBOX_PRICES,
  PAYMENT_MAX_DELAY_MS,
  PAYMENT_MIN_DELAY_MS,
  type PaymentsSandboxOptions,
} from './options';
import {
  addOneMonth,
  decidePaymentOutcome,
  type PaymentMethodInput,
  type PaymentOutcome,
} from './outcome';
import { StorePersister } from './persistence';
import { signWebhookPayload } from './signature';
import type { CheckoutSession, SandboxEvent, Subscription } from './objects';
import { PaymentsStore } from './store';

export type Delivery = { eventId: string; type: string; status: number | null; attempts: number };

/** The sandbox's behaviour: payments, subscription changes and signed webhook deliveries. */
export class PaymentsSandbox {
  readonly store: PaymentsStore;
  readonly secretKey: string;
  readonly deliveries: Delivery[] = [];
  private readonly random: () => number;
  private readonly persister: StorePersister | null;
  /** Deliveries go out one at a time, in the order the events happened (as Stripe tries to). */
  private deliveryChain: Promise<void> = Promise.resolve();

  constructor(readonly options: PaymentsSandboxOptions) {
    this.store = new PaymentsStore(options.prices ?? DEFAULT_SANDBOX_PRICES);
    // No published default: a key nobody was given is a key nobody can use.
    this.secretKey = options.secretKey ?? `sk_test_${crypto.randomBytes(24).toString('base64url')}`;
    this.random = options.random ?? Math.random;
    this.persister = options.persistence
      ? new StorePersister(this.store, options.persistence)
      : null;
  }

  /** Loads what a previous run saved (once; the plugin awaits it before every request). */
  async restore(): Promise<void> {
    await this.persister?.restore();
  }

  /** Saves what changed (the plugin does it before each response leaves). */
  async persist(): Promise<void> {
    await this.persister?.save();
  }

  /** The spec's 300–1000 ms latency of a payment attempt. */
  latencyMs(): number {
    const min = this.options.minDelayMs ?? PAYMENT_MIN_DELAY_MS;
    const max = this.options.maxDelayMs ?? PAYMENT_MAX_DELAY_MS;
    return min + Math.floor(this.random() * (max - min + 1));
  }

  async simulateLatency(): Promise<void> {
    const ms = this.latencyMs();
    if (ms > 0) await new Promise((resolve) => setTimeout(resolve, ms));
  }

  /** Pays for a checkout session; on success the subscription starts and its events go out. */
  async payCheckoutSession(
    session: CheckoutSession,
    method: PaymentMethodInput,
  ): Promise<PaymentOutcome> {
    await this.simulateLatency();
    const outcome = decidePaymentOutcome(method, this.random);
    if (outcome.status !== 'succeeded' || session.status !== 'open') return outcome;
    const store = this.store;
    const paymentMethod = store.attachPaymentMethod(session.customer!, method);
    const subscription = store.startSubscription(session, paymentMethod.id);
    const invoice = store.createInvoice(subscription, 'paid');
    session.status = 'complete';
    session.payment_status = 'paid';
    session.subscription = subscription.id;
    session.url = null;
    const events = [
      store.recordEvent('checkout.session.completed', publicSession(session)),
      store.recordEvent('customer.subscription.created', store.subscriptionObject(subscription)),
      store.recordEvent('invoice.paid', invoice),
    ];
    await this.deliver(events);
    return outcome;
  }

  async changePlan(subscription: Subscription, priceId: string): Promise<void> {
    const previous = this.store.subscriptionObject(subscription);
    subscription.priceId = priceId;
    await this.emitSubscriptionUpdated(subscription, previous);
  }

  async setCancelAtPeriodEnd(subscription: Subscription, cancel: boolean): Promise<void> {
    const previous = this.store.subscriptionObject(subscription);
    subscription.cancelAtPeriodEnd = cancel;
    subscription.canceledAt = cancel ? this.store.nowSeconds() : null;
    await this.emitSubscriptionUpdated(subscription, previous);
  }

  /** Ends the subscription now (Stripe's `DELETE /v1/subscriptions/:id`), without a refund. */
  async cancelNow(subscription: Subscription): Promise<void> {
    if (subscription.status === 'canceled') return;
    subscription.status = 'canceled';
    subscription.canceledAt = this.store.nowSeconds();
    subscription.endedAt = this.store.nowSeconds();
    await this.deliver([
      this.store.recordEvent(
        'customer.subscription.deleted',
        this.store.subscriptionObject(subscription),
      ),
    ]);
  }

  async updateCard(subscription: Subscription, method: PaymentMethodInput): Promise<void> {
    const previous = this.store.subscriptionObject(subscription);
    const paymentMethod = this.store.attachPaymentMethod(subscription.customer, method);
    subscription.defaultPaymentMethod = paymentMethod.id;
    // A past-due subscription is retried on the new card at once.
    const events: SandboxEvent[] = [];
    if (subscription.status === 'past_due') {
      subscription.status = 'active';
      const invoice = this.store.createInvoice(subscription, 'paid');
      events.push(this.store.recordEvent('invoice.paid', invoice));
    }
    events.push(this.subscriptionUpdatedEvent(subscription, previous));
    await this.deliver(events);
  }

  /** Moves the clock forward and runs what falls due: renewals, failed renewals, cancellations. */
  async advanceClock(seconds: number): Promise<void> {
    this.store.advanceClock(seconds);
    const now = this.store.nowSeconds();
    const events: SandboxEvent[] = [];
    for (const subscription of this.store.subscriptions.values()) {
      while (subscription.status !== 'canceled' && subscription.periodEnd <= now) {
        const previous = this.store.subscriptionObject(subscription);
        if (subscription.cancelAtPeriodEnd) {
          subscription.status = 'canceled';
          subscription.endedAt = subscription.periodEnd;
          events.push(
            this.store.recordEvent(
              'customer.subscription.deleted',
              this.store.subscriptionObject(subscription),
            ),
          );
          break;
        }
        subscription.periodStart = subscription.periodEnd;
        subscription.periodEnd = Math.floor(
          addOneMonth(new Date(subscription.periodEnd * 1000)).getTime() / 1000,
        );
        if (subscription.failNextRenewal) {
          subscription.failNextRenewal = false;
          subscription.status = 'past_due';
          const invoice = this.store.createInvoice(subscription, 'open');
          events.push(this.store.recordEvent('invoice.payment_failed', invoice));
        } else {
          const invoice = this.store.createInvoice(subscription, 'paid');
          events.push(this.store.recordEvent('invoice.paid', invoice));
        }
        events.push(this.subscriptionUpdatedEvent(subscription, previous));
      }
    }
    await this.deliver(events);
  }

  private subscriptionUpdatedEvent(subscription: Subscription, previous: unknown): SandboxEvent {
    const event = this.store.recordEvent(
      'customer.subscription.updated',
      this.store.subscriptionObject(subscription),
    );
    (event.data as { previous_attributes?: unknown }).previous_attributes = previous;
    return event;
  }

  private async emitSubscriptionUpdated(
    subscription: Subscription,
    previous: unknown,
  ): Promise<void> {
    await this.deliver([this.subscriptionUpdatedEvent(subscription, previous)]);
  }

  /** Signs and sends events to the webhook endpoint, retrying a failed delivery twice. */
  deliver(events: SandboxEvent[]): Promise<void> {
    const run = this.deliveryChain.then(async () => {
      for (const event of events) await this.deliverOne(event);
    });
    this.deliveryChain = run.catch(() => undefined);
    return run;
  }

  async deliverOne(event: SandboxEvent): Promise<Delivery> {
    const record: Delivery = { eventId: event.id, type: event.type, status: null, attempts: 0 };
    this.deliveries.push(record);
    const send = this.options.deliver ?? this.fetchDeliverer();
    if (!send) return record;
    const payload = JSON.stringify(event, null, 2);
    for (let attempt = 1; attempt <= 3; attempt += 1) {
      record.attempts = attempt;
      try {
        const header = signWebhookPayload(
          payload,
          this.options.webhookSecret,
          Math.floor(Date.now() / 1000),
        );
        record.status = await send(payload, header);
        if (record.status >= 200 && record.status < 300) break;
      } catch {
        record.status = null;
      }
    }
    return record;
  }

  private fetchDeliverer() {
    const url = this.options.webhookUrl;
    if (!url) return null;
    return async (payload: string, header: string) => {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': header },
        body: payload,
      });
      return response.status;
    };
  }
}

/** A checkout session as Stripe shows it (without the sandbox's own bookkeeping). */
export function publicSession(session: CheckoutSession) {
  const { priceId: _priceId, subscriptionMetadata: _metadata, ...visible } = session;
  return visible;
}
