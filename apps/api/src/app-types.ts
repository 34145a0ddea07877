import type { LanguageModelV3 } from '@ai-sdk/provider';
import type { PaymentsSandboxOptions } from '@crescendo/payments-sandbox';
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
  /**
   * The app's one clock: entitlements and grace periods, token lifetimes, history windows, share
   * links, digests and the assistant all read it (tests pin it once). The real time without it.
   */
  now?: () => Date;
  /** Tests point the connectors at a standalone sandbox and shorten retries. */
  platformOverrides?: {
    fetch?: PlatformFetch;
    retry?: Partial<RetryPolicy>;
    /** The clock of the platform sandbox mounted at /sandbox (a third party's, not the app's). */
    sandboxNow?: string;
  };
  /** Tests pin the payments sandbox's odds and latency. */
  billingOverrides?: {
    sandbox?: Partial<Pick<PaymentsSandboxOptions, 'random' | 'minDelayMs' | 'maxDelayMs'>>;
  };
  /** Tests point an OpenAI-compatible model at a local stand-in. */
  assistantOverrides?: { fetch?: typeof fetch; model?: LanguageModelV3 };
  /** Tests point Clerk's Backend API (memberships, tier metadata) at a local stand-in. */
  clerkOverrides?: { apiUrl?: string };
};

/**
 * What `buildApp` adds to the Fastify instance (`app.decorate`), for server.ts and tests. The
 * payments sandbox mounted at /payments-sandbox is `app.paymentsSandbox` (typed by its package;
 * undefined with real Stripe).
 */
export type AppDecorations = {
  embeddedAuth: EmbeddedAuth | null;
  verifier: TokenVerifier;
  platforms: PlatformServices;
  billing: BillingServices;
  /** The product's mail (SMTP or the sandbox mailbox): `app.mailer.sendMail(...)`. */
  mailer: Mailer;
  /** What the notifications' routes and jobs run with (the worker's handlers take it). */
  notifications: NotificationDependencies;
  /** The worker this process runs, once `server.ts` attaches it (readiness reads its heartbeat). */
  workerPresence: WorkerPresence;
};

declare module 'fastify' {
  // Fastify's documented way to type decorations: merged into its instance type.
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface FastifyInstance extends AppDecorations {}
}

export type App = FastifyInstance;
