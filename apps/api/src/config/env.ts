import path from 'node:path';
import { resolveBilling, type BillingConfig } from './billing-config';
import { envSchema, type RawEnv } from './env-schema';
import { resolvePlatforms, type PlatformsConfig } from './platforms-config';

export type { BillingConfig } from './billing-config';
export type { RawEnv } from './env-schema';
export type {
  GooglePlatformConfig,
  MetaPlatformConfig,
  PlatformsConfig,
  TikTokPlatformConfig,
} from './platforms-config';

export type Config = {
  nodeEnv: RawEnv['NODE_ENV'];
  port: number;
  host: string;
  appUrl: string;
  dataDir: string;
  databaseUrl: string | null;
  databasePoolMax: number;
  logLevel: RawEnv['LOG_LEVEL'];
  corsOrigins: string[];
  /** Fastify's trustProxy: false, a hop count, or the proxies' addresses/CIDRs (comma-separated). */
  trustProxy: false | number | string;
  bodyLimitBytes: number;
  /** The largest file `POST /api/v1/imports` accepts (at most the contract's 100 MB). */
  importMaxFileBytes: number;
  rateLimit: {
    perIp: number;
    perUser: number;
    windowSeconds: number;
    signIn: number;
    /** Failed sign-ins per account (from any address) per 15 minutes. */
    signInAccountFailures: number;
  };
  /** Shared rate-limit counters in Redis; without it they live in PostgreSQL (or in memory on PGlite). */
  redisUrl: string | null;
  /** How long a resolved user is reused for the same token in one process (0 = never). */
  userCacheTtlMs: number;
  authSecret: string | null;
  identityProvider: 'embedded' | 'clerk';
  clerk: {
    publishableKey: string;
    secretKey: string | null;
    jwtKey: string;
    authorizedParties: string[];
  } | null;
  waitlistMode: RawEnv['WAITLIST_MODE'];
  seedDemo: boolean;
  /** Connect and sync the demo artist's sandbox accounts (a minute of background work). */
  seedDemoConnections: boolean;
  /** Which sandbox persona the demo artist's YouTube and Meta connections read. */
  seedDemoPersona: 'small' | 'mid' | 'large';
  webDistDir: string;
  productionHost: string;
  sentry: { dsn: string | null; environment: string };
  release: string;
  /** `TOKEN_ENCRYPTION_KEYS` as given, or null to use the generated key file. */
  tokenEncryptionKeys: string | null;
  platforms: PlatformsConfig;
  isSyncWorkerEnabled: boolean;
  syncBackfillDays: number;
  /** How long a worker's claim on a job lasts without a heartbeat (a killed worker's job waits this long). */
  syncJobLockSeconds: number;
  /** Mount the sandbox's test-only `/sandbox/__control/*` (faults, revoke, clock, reset). */
  isSandboxControlApiEnabled: boolean;
  /**
   * The platform and payments sandboxes are served only when APP_URL is on this machine, or with
   * SANDBOX_PUBLIC=true for a demo (the web app then says so on every page).
   */
  sandbox: { isServed: boolean; isPublicDemo: boolean; isPaymentsControlApiEnabled: boolean };
  /** `METRICS=false` registers no request histogram and answers 404 at `/api/metrics`. */
  isMetricsEnabled: boolean;
  /** `METRICS_TOKEN`: scrapes from other machines send it as a bearer token. */
  metricsToken: string | null;
  billing: BillingConfig;
  /** The assistant: the built-in analyst, or an OpenAI-compatible model when `llm` is set. */
  assistant: {
    llm: { baseUrl: string; apiKey: string; model: string } | null;
    maxSteps: number;
    timeoutMs: number;
    messagesPerMinute: number;
  };
  /**
   * SMTP when `smtpUrl` is set; otherwise mail is kept in the sandbox mailbox, whose pages
   * (/sandbox/mail) are served only when APP_URL is on this machine (the demo seed's rule): on a
   * public host they would show anyone every reset and verification link.
   */
  mail: { smtpUrl: string | null; from: string; isMailboxServed: boolean };
};

/** True for localhost, *.localhost, 127.0.0.0/8 and ::1: a URL only this machine can reach. */
export function isLoopbackUrl(url: string): boolean {
  const host = new URL(url).hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return (
    host === 'localhost' ||
    host.endsWith('.localhost') ||
    /^127(\.\d{1,3}){3}$/.test(host) ||
    host === '::1'
  );
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Parses configuration from the environment; throws ConfigError with one line naming the variable. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const defined = Object.fromEntries(
    Object.entries(source).filter(([, value]) => value !== undefined && value !== ''),
  );
  const parsed = envSchema.safeParse(defined);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const variable = String(issue.path[0] ?? 'environment');
    const received = defined[variable];
    const shown =
      variable.includes('KEY') || variable.includes('SECRET') || variable.includes('URL')
        ? ''
        : received !== undefined
          ? ` (got "${received}")`
          : '';
    throw new ConfigError(`Invalid configuration: ${variable} ${issue.message}${shown}`);
  }
  const env = parsed.data;
  const appUrl = (env.APP_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, '');
  const isClerk = Boolean(env.CLERK_PUBLISHABLE_KEY && env.CLERK_JWT_KEY);
  const platforms = resolvePlatforms(env, appUrl);
  const billing = resolveBilling(env, appUrl);
  const isAnySandboxInUse = platforms.sandboxUrl !== null || billing.isSandbox;
  return {
    nodeEnv: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    appUrl,
    dataDir: path.resolve(env.CRESCENDO_DATA_DIR),
    databaseUrl: env.DATABASE_URL ?? null,
    databasePoolMax: env.DATABASE_POOL_MAX,
    logLevel: env.LOG_LEVEL,
    // The Vite dev server's origin only in development: elsewhere it is any local page's origin.
    corsOrigins:
      env.CORS_ORIGINS ??
      (env.NODE_ENV === 'development' ? [appUrl, 'http://localhost:5173'] : [appUrl]),
    trustProxy: env.TRUST_PROXY,
    bodyLimitBytes: env.BODY_LIMIT_BYTES,
    importMaxFileBytes: env.IMPORT_MAX_FILE_BYTES,
    userCacheTtlMs: env.USER_CACHE_TTL_MS,
    rateLimit: {
      perIp: env.RATE_LIMIT_PER_IP,
      perUser: env.RATE_LIMIT_PER_USER,
      windowSeconds: env.RATE_LIMIT_WINDOW_SECONDS,
      signIn: env.SIGN_IN_RATE_LIMIT,
      signInAccountFailures: env.SIGN_IN_ACCOUNT_FAILURE_LIMIT,
    },
    redisUrl: env.REDIS_URL ?? null,
    authSecret: env.AUTH_SECRET ?? null,
    identityProvider: isClerk ? 'clerk' : 'embedded',
    clerk: isClerk
      ? {
          publishableKey: env.CLERK_PUBLISHABLE_KEY!,
          secretKey: env.CLERK_SECRET_KEY ?? null,
          jwtKey: env.CLERK_JWT_KEY!,
          authorizedParties: env.CLERK_AUTHORIZED_PARTIES ?? [appUrl],
        }
      : null,
    waitlistMode: env.WAITLIST_MODE,
    // Demo accounts have a published password, so they exist only with the embedded identity,
    // and by default only when the product runs locally (loopback APP_URL, embedded database).
    seedDemo: !isClerk && (env.SEED_DEMO ?? (isLoopbackUrl(appUrl) && !env.DATABASE_URL)),
    seedDemoConnections: env.SEED_DEMO_CONNECTIONS,
    seedDemoPersona: env.SEED_DEMO_PERSONA,
    webDistDir: path.resolve(env.WEB_DIST_DIR ?? 'apps/web/dist'),
    productionHost: env.PRODUCTION_HOST,
    sentry: { dsn: env.SENTRY_DSN ?? null, environment: env.SENTRY_ENVIRONMENT ?? env.NODE_ENV },
    release: env.RELEASE,
    tokenEncryptionKeys: env.TOKEN_ENCRYPTION_KEYS ?? null,
    platforms,
    isSyncWorkerEnabled: env.SYNC_WORKER,
    syncBackfillDays: env.SYNC_BACKFILL_DAYS,
    isSandboxControlApiEnabled: env.SANDBOX_CONTROL_API,
    sandbox: {
      isServed: isLoopbackUrl(appUrl) || env.SANDBOX_PUBLIC,
      isPublicDemo: env.SANDBOX_PUBLIC && isAnySandboxInUse,
      isPaymentsControlApiEnabled: env.PAYMENTS_SANDBOX_CONTROL_API,
    },
    isMetricsEnabled: env.METRICS,
    metricsToken: env.METRICS_TOKEN ?? null,
    billing,
    assistant: {
      llm:
        env.LLM_BASE_URL && env.LLM_API_KEY && env.LLM_MODEL
          ? { baseUrl: env.LLM_BASE_URL, apiKey: env.LLM_API_KEY, model: env.LLM_MODEL }
          : null,
      maxSteps: env.ASSISTANT_MAX_STEPS,
      timeoutMs: env.ASSISTANT_TIMEOUT_MS,
      messagesPerMinute: env.ASSISTANT_MESSAGES_PER_MINUTE,
    },
    mail: {
      smtpUrl: env.SMTP_URL ?? null,
      from: env.MAIL_FROM,
      isMailboxServed: !env.SMTP_URL && isLoopbackUrl(appUrl),
    },
    syncJobLockSeconds: env.SYNC_JOB_LOCK_SECONDS,
  };
}
