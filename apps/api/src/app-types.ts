import type { LanguageModelV3 } from '@ai-sdk/provider';
import type { PaymentsSandbox, PaymentsSandboxOptions } from '@crescendo/payments-sandbox';
import type { FastifyInstance } from 'fastify';
import type { Config } from './config/env';
import type { DatabaseHandle } from './db/client';
import type { EmbeddedAuth } from './identity/embedded';
import type { TokenVerifier } from './identity/types';
import type { WorkerPresence } from './jobs/worker-presence';
import type { BillingServices } from './modules/billing';
import type { Mailer } from './modules/mail';
import type { NotificationDependencies } from './modules/notifications';
import type { PlatformFetch, PlatformServices, RetryPolicy } from './modules/providers';

/** What `buildApp` is given: the configuration, the database, and the tests' stand-ins. */
export type AppDependencies = {
  config: Config;
  database: DatabaseHandle;
  /** Overrides the pino destination (tests capture logs). */
  logStream?: NodeJS.WritableStream;
  /** Tests point the connectors at a standalone sandbox, pin the clock and shorten retries. */
  platformOverrides?: {
    fetch?: PlatformFetch;
    retry?: Partial<RetryPolicy>;
    now?: () => Date;
    /** Options for the sandbox mounted at /sandbox (e.g. a pinned `now`). */
    sandboxNow?: string;
  };
  /** Tests pin the payments sandbox's odds and latency, and the billing clock. */
  billingOverrides?: {
    sandbox?: Partial<Pick<PaymentsSandboxOptions, 'random' | 'minDelayMs' | 'maxDelayMs'>>;
    now?: () => Date;
  };
  /** Tests point an OpenAI-compatible model at a local stand-in. */
  assistantOverrides?: { fetch?: typeof fetch; model?: LanguageModelV3 };
  /** Tests point Clerk's Backend API (memberships, tier metadata) at a local stand-in. */
  clerkOverrides?: { apiUrl?: string };
};

export type App = FastifyInstance & {
  embeddedAuth: EmbeddedAuth | null;
  verifier: TokenVerifier;
  platforms: PlatformServices;
  /** The payments sandbox mounted at /payments-sandbox; null with real Stripe. */
  paymentsSandbox: PaymentsSandbox | null;
  billing: BillingServices;
  /** The product's mail (SMTP or the sandbox mailbox): `app.mailer.sendMail(...)`. */
  mailer: Mailer;
  /** What the notifications' routes and jobs run with (the worker's handlers take it). */
  notifications: NotificationDependencies;
  /** The worker this process runs, once `server.ts` attaches it (readiness reads its heartbeat). */
  workerPresence: WorkerPresence;
};
