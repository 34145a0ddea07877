import type { PaymentsPersistence } from './persistence';

/** What the payments sandbox sells: one recurring monthly price per paid plan, in US cents. */
export type SandboxPrice = { id: string; productName: string; unitAmount: number };

/** Delivers one signed webhook event; answers the receiver's HTTP status. */
export type WebhookDeliverer = (payload: string, signatureHeader: string) => Promise<number>;

export type PaymentsSandboxOptions = {
  /** The API key clients must send as `Authorization: Bearer …` (Stripe's scheme); random if absent. */
  secretKey?: string;
  /** Signs webhook events exactly as Stripe does (`Stripe-Signature: t=…,v1=…`). */
  webhookSecret: string;
  prices?: SandboxPrice[];
  /** Where events go; `deliver` overrides how (the API delivers in-process). */
  webhookUrl?: string;
  deliver?: WebhookDeliverer;
  /** Latency of a payment attempt: the spec's 300–1000 ms by default. */
  minDelayMs?: number;
  maxDelayMs?: number;
  /** Odds for cards other than Stripe's test cards, and for PayPal: a number in [0, 1). */
  random?: () => number;
  /** Keeps customers, subscriptions, sessions, invoices… across restarts (else memory only). */
  persistence?: PaymentsPersistence;
  /** Control endpoints (clock, failed renewals, replays, request counts) for tests and demos. Default off. */
  isControlApiEnabled?: boolean;
};

export const DEFAULT_SANDBOX_PRICES: SandboxPrice[] = [
  { id: 'price_sandbox_starter', productName: 'Crescendo Starter', unitAmount: 900 },
  { id: 'price_sandbox_pro', productName: 'Crescendo Pro', unitAmount: 2400 },
  { id: 'price_sandbox_team', productName: 'Crescendo Team', unitAmount: 7900 },
];

// Spec §9 and §8: the mock payment's odds, latency, currency and messages, word for word.
export const PAYMENT_SUCCESS_RATE = 0.85;
export const PAYMENT_DECLINE_RATE = 0.1;
export const PAYMENT_MIN_DELAY_MS = 300;
export const PAYMENT_MAX_DELAY_MS = 1_000;
export const PAYMENT_CURRENCY = 'usd';
export const PAYMENT_INTENT_NOT_FOUND = 'Payment intent not found';
export const PAYMENT_DECLINED_MESSAGE = 'Your card was declined due to insufficient funds.';
export const PAYMENT_ERROR_MESSAGE = 'An unexpected error occurred. Please try again.';
