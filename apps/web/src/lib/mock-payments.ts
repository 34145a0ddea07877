import type { RandomSource } from './random';

export const PAYMENT_SUCCESS_RATE = 0.85;
export const PAYMENT_DECLINE_RATE = 0.1;
export const PAYMENT_MIN_DELAY_MS = 300;
export const PAYMENT_MAX_DELAY_MS = 1_000;
export const PAYMENT_CURRENCY = 'usd';

export const PAYMENT_INTENT_NOT_FOUND = 'Payment intent not found';
export const PAYMENT_DECLINED_MESSAGE = 'Your card was declined due to insufficient funds.';
export const PAYMENT_ERROR_MESSAGE = 'An unexpected error occurred. Please try again.';

export type MockPaymentMethod = {
  id: string;
  type: 'card' | 'paypal';
  last4: string;
  brand: string;
  expiry: string;
};

export type MockPaymentIntent = {
  id: string;
  amount: number;
  currency: 'usd';
  status: 'processing' | 'succeeded' | 'failed';
  clientSecret: string;
  paymentMethod: MockPaymentMethod | null;
};

export type MockSubscription = {
  id: string;
  planId: string;
  userId: string;
  amount: number;
  status: 'active' | 'cancelled';
  currentPeriodStart: string;
  currentPeriodEnd: string;
  createdAt: string;
};

export type PaymentResult =
  | { status: 'succeeded'; intent: MockPaymentIntent }
  | { status: 'failed'; intent: MockPaymentIntent | null; error: string };

type Options = {
  random?: RandomSource;
  sleep?: (ms: number) => Promise<void>;
  now?: () => Date;
};

export function addOneMonth(date: Date): Date {
  const next = new Date(date.getTime());
  const day = next.getUTCDate();
  next.setUTCDate(1);
  next.setUTCMonth(next.getUTCMonth() + 1);
  const lastDay = new Date(Date.UTC(next.getUTCFullYear(), next.getUTCMonth() + 1, 0)).getUTCDate();
  next.setUTCDate(Math.min(day, lastDay));
  return next;
}

/** Spec §3/§8/§9: a local simulation of card payments — no network calls. */
export function createMockPaymentService(options: Options = {}) {
  const random = options.random ?? Math.random;
  const sleep =
    options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const now = options.now ?? (() => new Date());
  const intents = new Map<string, MockPaymentIntent>();
  const subscriptions = new Map<string, MockSubscription>();
  const randomId = (prefix: string) =>
    `${prefix}_${Math.floor(random() * 36 ** 8)
      .toString(36)
      .padStart(8, '0')}`;
  const simulateLatency = () =>
    sleep(
      PAYMENT_MIN_DELAY_MS +
        Math.floor(random() * (PAYMENT_MAX_DELAY_MS - PAYMENT_MIN_DELAY_MS + 1)),
    );

  const paymentMethods: MockPaymentMethod[] = [
    { id: 'pm_card_visa', type: 'card', last4: '4242', brand: 'visa', expiry: '12/29' },
    { id: 'pm_card_mastercard', type: 'card', last4: '4444', brand: 'mastercard', expiry: '08/28' },
    { id: 'pm_paypal', type: 'paypal', last4: '0000', brand: 'paypal', expiry: 'n/a' },
  ];

  return {
    async listPaymentMethods(): Promise<MockPaymentMethod[]> {
      await simulateLatency();
      return [...paymentMethods];
    },

    async createPaymentIntent(
      amount: number,
      paymentMethodId?: string,
    ): Promise<MockPaymentIntent> {
      await simulateLatency();
      const id = randomId('pi');
      const intent: MockPaymentIntent = {
        id,
        amount,
        currency: PAYMENT_CURRENCY,
        status: 'processing',
        clientSecret: `${id}_secret_${randomId('cs')}`,
        paymentMethod: paymentMethods.find((method) => method.id === paymentMethodId) ?? null,
      };
      intents.set(id, intent);
      return intent;
    },

    /** 85 % succeed, 10 % are declined, 5 % hit an unexpected error. */
    async confirmPayment(intentId: string): Promise<PaymentResult> {
      await simulateLatency();
      const intent = intents.get(intentId);
      if (!intent) return { status: 'failed', intent: null, error: PAYMENT_INTENT_NOT_FOUND };
      const roll = random();
      if (roll < PAYMENT_SUCCESS_RATE) {
        const succeeded = { ...intent, status: 'succeeded' as const };
        intents.set(intentId, succeeded);
        return { status: 'succeeded', intent: succeeded };
      }
      const failed = { ...intent, status: 'failed' as const };
      intents.set(intentId, failed);
      const error =
        roll < PAYMENT_SUCCESS_RATE + PAYMENT_DECLINE_RATE
          ? PAYMENT_DECLINED_MESSAGE
          : PAYMENT_ERROR_MESSAGE;
      return { status: 'failed', intent: failed, error };
    },

    async createSubscription(input: {
      planId: string;
      userId: string;
      amount: number;
    }): Promise<MockSubscription> {
      await simulateLatency();
      const start = now();
      const subscription: MockSubscription = {
        id: randomId('sub'),
        planId: input.planId,
        userId: input.userId,
        amount: input.amount,
        status: 'active',
        currentPeriodStart: start.toISOString(),
        currentPeriodEnd: addOneMonth(start).toISOString(),
        createdAt: start.toISOString(),
      };
      subscriptions.set(subscription.id, subscription);
      return subscription;
    },

    async cancelSubscription(subscriptionId: string): Promise<MockSubscription> {
      await simulateLatency();
      const subscription = subscriptions.get(subscriptionId);
      if (!subscription) throw new Error('Subscription not found');
      const cancelled = { ...subscription, status: 'cancelled' as const };
      subscriptions.set(subscriptionId, cancelled);
      return cancelled;
    },

    getPaymentIntent(intentId: string): MockPaymentIntent | undefined {
      return intents.get(intentId);
    },
  };
}

export type MockPaymentService = ReturnType<typeof createMockPaymentService>;
