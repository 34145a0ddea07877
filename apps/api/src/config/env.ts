import net from 'node:net';
import path from 'node:path';
import { z } from 'zod';

const booleanString = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'must be true or false' })
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

const commaList = z.string().transform((value) =>
  value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean),
);

const urlString = z.url({ error: 'must be a URL such as http://localhost:3000' });

const postgresUrl = z.string().refine((value) => /^postgres(ql)?:\/\//.test(value), {
  error: 'must be a postgres:// or postgresql:// URL',
});

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
    PORT: z.coerce
      .number({ error: 'must be a port number' })
      .int({ error: 'must be a whole port number' })
      .min(0, { error: 'must be between 0 and 65535' })
      .max(65535, { error: 'must be between 0 and 65535' })
      .default(3000),
    HOST: z.string().min(1).default('localhost'),
    APP_URL: urlString.optional(),
    CRESCENDO_DATA_DIR: z.string().min(1).default('.data'),
    DATABASE_URL: postgresUrl.optional(),
    DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(200).default(10),
    LOG_LEVEL: z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
      .default('info'),
    CORS_ORIGINS: commaList.optional(),
    TRUST_PROXY: z
      .string()
      .default('false')
      .transform((value, context) => parseTrustProxy(value, context)),
    BODY_LIMIT_BYTES: z.coerce
      .number()
      .int()
      .min(1024)
      .max(50 * 1024 * 1024)
      .default(1024 * 1024),
    RATE_LIMIT_PER_IP: z.coerce.number().int().min(1).default(600),
    RATE_LIMIT_PER_USER: z.coerce.number().int().min(1).default(1200),
    RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().min(1).default(60),
    SIGN_IN_RATE_LIMIT: z.coerce.number().int().min(1).default(10),
    USER_CACHE_TTL_MS: z.coerce.number().int().min(0).max(60_000).default(1000),
    AUTH_SECRET: z.string().min(32, { error: 'must be at least 32 characters' }).optional(),
    CLERK_PUBLISHABLE_KEY: z
      .string()
      .regex(/^pk_(test|live)_/, { error: 'must start with pk_test_ or pk_live_' })
      .optional(),
    CLERK_SECRET_KEY: z
      .string()
      .regex(/^sk_(test|live)_/, { error: 'must start with sk_test_ or sk_live_' })
      .optional(),
    CLERK_JWT_KEY: z
      .string()
      .refine((value) => value.includes('BEGIN PUBLIC KEY'), {
        error: 'must be the PEM public key from the Clerk dashboard (-----BEGIN PUBLIC KEY-----)',
      })
      .optional(),
    CLERK_AUTHORIZED_PARTIES: commaList.optional(),
    WAITLIST_MODE: z
      .enum(['approval', 'open'], { error: 'must be approval or open' })
      .default('approval'),
    SEED_DEMO: booleanString.optional(),
    SEED_DEMO_CONNECTIONS: booleanString.default(true),
    SEED_DEMO_PERSONA: z
      .enum(['small', 'mid', 'large'], { error: 'must be small, mid or large' })
      .default('mid'),
    WEB_DIST_DIR: z.string().optional(),
    PRODUCTION_HOST: z.string().default('app.crescendo.fm'),
    SENTRY_DSN: urlString.optional(),
    SENTRY_ENVIRONMENT: z.string().optional(),
    RELEASE: z.string().default('1.0.0'),
    TOKEN_ENCRYPTION_KEYS: z
      .string()
      .refine((value) => isValidTokenKeys(value), {
        error: 'must be a comma-separated list of <version>:<base64 32-byte key>',
      })
      .optional(),
    GOOGLE_CLIENT_ID: z.string().min(1).optional(),
    GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
    META_APP_ID: z.string().min(1).optional(),
    META_APP_SECRET: z.string().min(1).optional(),
    GOOGLE_AUTH_URL: urlString.optional(),
    GOOGLE_TOKEN_URL: urlString.optional(),
    GOOGLE_REVOKE_URL: urlString.optional(),
    YOUTUBE_DATA_URL: urlString.optional(),
    YOUTUBE_ANALYTICS_URL: urlString.optional(),
    META_DIALOG_URL: urlString.optional(),
    META_GRAPH_URL: urlString.optional(),
    SYNC_WORKER: booleanString.default(true),
    SANDBOX_CONTROL_API: booleanString.default(false),
    REDIS_URL: z
      .string()
      .refine((value) => /^rediss?:\/\//.test(value), {
        error: 'must be a redis:// or rediss:// URL',
      })
      .optional(),
    SIGN_IN_ACCOUNT_FAILURE_LIMIT: z.coerce.number().int().min(1).default(30),
    SYNC_JOB_LOCK_SECONDS: z.coerce.number().int().min(2).max(3600).default(120),
    SYNC_BACKFILL_DAYS: z.coerce
      .number({ error: 'must be a number of days' })
      .int({ error: 'must be a whole number of days' })
      .min(7, { error: 'must be between 7 and 1095' })
      .max(1095, { error: 'must be between 7 and 1095' })
      .default(1095),
    STRIPE_SECRET_KEY: z
      .string()
      .regex(/^(sk|rk)_(test|live)_/, { error: 'must start with sk_test_, sk_live_ or rk_' })
      .optional(),
    STRIPE_WEBHOOK_SECRET: z
      .string()
      .regex(/^whsec_/, { error: 'must start with whsec_' })
      .optional(),
    STRIPE_PRICE_STARTER: z
      .string()
      .regex(/^price_/, { error: 'must start with price_' })
      .optional(),
    STRIPE_PRICE_PRO: z
      .string()
      .regex(/^price_/, { error: 'must start with price_' })
      .optional(),
    STRIPE_PRICE_TEAM: z
      .string()
      .regex(/^price_/, { error: 'must start with price_' })
      .optional(),
    BILLING_GRACE_DAYS: z.coerce
      .number({ error: 'must be a number of days' })
      .int({ error: 'must be a whole number of days' })
      .min(0, { error: 'must be between 0 and 60' })
      .max(60, { error: 'must be between 0 and 60' })
      .default(7),
    LLM_BASE_URL: urlString.optional(),
    LLM_API_KEY: z.string().min(1).optional(),
    LLM_MODEL: z.string().min(1).optional(),
    ASSISTANT_MAX_STEPS: z.coerce.number().int().min(1).max(20).default(6),
    ASSISTANT_TIMEOUT_MS: z.coerce.number().int().min(1000).max(300_000).default(30_000),
    ASSISTANT_MESSAGES_PER_MINUTE: z.coerce.number().int().min(1).default(20),
    SMTP_URL: z
      .string()
      .refine((value) => /^smtps?:\/\//.test(value), {
        error: 'must be an smtp:// or smtps:// URL such as smtp://user:pass@mail.example.com:587',
      })
      .optional(),
    MAIL_FROM: z.string().min(3).default('Crescendo <no-reply@crescendo.local>'),
  })
  .superRefine((env, context) => {
    const llm = [env.LLM_BASE_URL, env.LLM_API_KEY, env.LLM_MODEL];
    if (llm.some(Boolean) && !llm.every(Boolean)) {
      const missing = (['LLM_BASE_URL', 'LLM_API_KEY', 'LLM_MODEL'] as const).find(
        (name) => !env[name],
      )!;
      context.addIssue({
        code: 'custom',
        path: [missing],
        message:
          'is required when an LLM is configured (set LLM_BASE_URL, LLM_API_KEY and LLM_MODEL together)',
      });
    }
    const pairs = [
      ['GOOGLE_CLIENT_ID', 'GOOGLE_CLIENT_SECRET'],
      ['META_APP_ID', 'META_APP_SECRET'],
    ] as const;
    for (const [idName, secretName] of pairs) {
      if (Boolean(env[idName]) !== Boolean(env[secretName])) {
        context.addIssue({
          code: 'custom',
          path: [env[idName] ? secretName : idName],
          message: `is required when ${env[idName] ? idName : secretName} is set (set both together)`,
        });
      }
    }
    // Secrets generated per data dir differ per host: sessions and sealed tokens would break
    // behind a load balancer, so a shared database needs them set.
    if (env.DATABASE_URL) {
      const missing = (['AUTH_SECRET', 'TOKEN_ENCRYPTION_KEYS'] as const).filter(
        (name) => !env[name],
      );
      if (missing.length > 0) {
        context.addIssue({
          code: 'custom',
          path: [missing[0]!],
          message: `is required with DATABASE_URL: set ${missing.join(' and ')} to the same values on every process (AUTH_SECRET: 32+ random characters, e.g. openssl rand -base64 48; TOKEN_ENCRYPTION_KEYS: 1:<openssl rand -base64 32>)`,
        });
      }
    }
    const clerkKeys = [env.CLERK_PUBLISHABLE_KEY, env.CLERK_JWT_KEY];
    if (clerkKeys.some(Boolean) && !clerkKeys.every(Boolean)) {
      context.addIssue({
        code: 'custom',
        path: [env.CLERK_PUBLISHABLE_KEY ? 'CLERK_JWT_KEY' : 'CLERK_PUBLISHABLE_KEY'],
        message:
          'is required when Clerk is configured (set CLERK_PUBLISHABLE_KEY and CLERK_JWT_KEY together)',
      });
    }
    const stripeSettings = [
      'STRIPE_SECRET_KEY',
      'STRIPE_WEBHOOK_SECRET',
      'STRIPE_PRICE_STARTER',
      'STRIPE_PRICE_PRO',
      'STRIPE_PRICE_TEAM',
    ] as const;
    const missingStripe = stripeSettings.find((name) => !env[name]);
    if (stripeSettings.some((name) => env[name]) && missingStripe) {
      context.addIssue({
        code: 'custom',
        path: [missingStripe],
        message:
          'is required when Stripe is configured (set the secret key, the webhook secret and the three price ids together)',
      });
    }
  });

export type RawEnv = z.infer<typeof envSchema>;

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

export type BillingConfig = {
  /** True when no Stripe keys are configured and the payments sandbox stands in for Stripe. */
  isSandbox: boolean;
  secretKey: string;
  /** null in sandbox mode: a per-install secret is generated in the data directory. */
  webhookSecret: string | null;
  priceIds: { starter: string; pro: string; team: string };
  /** Where the payments sandbox is mounted in this API; null with real Stripe. */
  sandboxUrl: string | null;
  graceDays: number;
};

// The payments sandbox's built-in key and prices (see packages/payments-sandbox/src/options.ts).
const sandboxStripeSecretKey = 'sk_test_payments_sandbox';
const sandboxPriceIds = {
  starter: 'price_sandbox_starter',
  pro: 'price_sandbox_pro',
  team: 'price_sandbox_team',
};

function resolveBilling(env: RawEnv, appUrl: string): BillingConfig {
  const isSandbox = !env.STRIPE_SECRET_KEY;
  return {
    isSandbox,
    secretKey: env.STRIPE_SECRET_KEY ?? sandboxStripeSecretKey,
    webhookSecret: env.STRIPE_WEBHOOK_SECRET ?? null,
    priceIds: isSandbox
      ? sandboxPriceIds
      : {
          starter: env.STRIPE_PRICE_STARTER!,
          pro: env.STRIPE_PRICE_PRO!,
          team: env.STRIPE_PRICE_TEAM!,
        },
    sandboxUrl: isSandbox ? `${appUrl}/payments-sandbox` : null,
    graceDays: env.BILLING_GRACE_DAYS,
  };
}

export type GooglePlatformConfig = {
  clientId: string;
  clientSecret: string;
  /** True when no credentials are configured and the built-in sandbox stands in for Google. */
  isSandbox: boolean;
  authUrl: string;
  tokenUrl: string;
  revokeUrl: string;
  youtubeDataUrl: string;
  youtubeAnalyticsUrl: string;
};

export type MetaPlatformConfig = {
  appId: string;
  appSecret: string;
  isSandbox: boolean;
  dialogUrl: string;
  graphUrl: string;
};

export type PlatformsConfig = {
  google: GooglePlatformConfig;
  meta: MetaPlatformConfig;
  /** Where the sandbox is mounted in this API; null when every provider is real. */
  sandboxUrl: string | null;
};

// The sandbox's built-in credentials (see packages/platform-sandbox/src/options.ts).
const sandboxGoogleClient = {
  clientId: 'sandbox-google-client-id',
  clientSecret: 'sandbox-google-client-secret',
};
const sandboxMetaApp = { appId: 'sandbox-meta-app-id', appSecret: 'sandbox-meta-app-secret' };

function isValidTokenKeys(value: string): boolean {
  const entries = value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
  return (
    entries.length > 0 &&
    entries.every((entry) => {
      const match = /^(\d+):(.+)$/.exec(entry);
      return match !== null && Buffer.from(match[2]!, 'base64').length === 32;
    })
  );
}

function resolvePlatforms(env: RawEnv, appUrl: string): PlatformsConfig {
  const sandboxUrl = `${appUrl}/sandbox`;
  const isGoogleSandbox = !env.GOOGLE_CLIENT_ID;
  const isMetaSandbox = !env.META_APP_ID;
  const googleBase = isGoogleSandbox ? sandboxUrl : null;
  const metaBase = isMetaSandbox ? sandboxUrl : null;
  return {
    google: {
      clientId: env.GOOGLE_CLIENT_ID ?? sandboxGoogleClient.clientId,
      clientSecret: env.GOOGLE_CLIENT_SECRET ?? sandboxGoogleClient.clientSecret,
      isSandbox: isGoogleSandbox,
      authUrl:
        env.GOOGLE_AUTH_URL ??
        (googleBase ? `${googleBase}/oauth2/auth` : 'https://accounts.google.com/o/oauth2/v2/auth'),
      tokenUrl:
        env.GOOGLE_TOKEN_URL ??
        (googleBase ? `${googleBase}/oauth2/token` : 'https://oauth2.googleapis.com/token'),
      revokeUrl:
        env.GOOGLE_REVOKE_URL ??
        (googleBase ? `${googleBase}/oauth2/revoke` : 'https://oauth2.googleapis.com/revoke'),
      youtubeDataUrl:
        env.YOUTUBE_DATA_URL ??
        (googleBase ? `${googleBase}/youtube/v3` : 'https://www.googleapis.com/youtube/v3'),
      youtubeAnalyticsUrl:
        env.YOUTUBE_ANALYTICS_URL ??
        (googleBase
          ? `${googleBase}/youtubeanalytics/v2`
          : 'https://youtubeanalytics.googleapis.com/v2'),
    },
    meta: {
      appId: env.META_APP_ID ?? sandboxMetaApp.appId,
      appSecret: env.META_APP_SECRET ?? sandboxMetaApp.appSecret,
      isSandbox: isMetaSandbox,
      dialogUrl:
        env.META_DIALOG_URL ??
        (metaBase
          ? `${metaBase}/facebook/dialog/oauth`
          : 'https://www.facebook.com/v21.0/dialog/oauth'),
      graphUrl:
        env.META_GRAPH_URL ??
        (metaBase ? `${metaBase}/graph/v21.0` : 'https://graph.facebook.com/v21.0'),
    },
    sandboxUrl: isGoogleSandbox || isMetaSandbox ? sandboxUrl : null,
  };
}

const proxyAddressNames = new Set(['loopback', 'linklocal', 'uniquelocal']);

/**
 * TRUST_PROXY as a number of proxy hops or a list of proxy addresses/CIDRs. `true` (trust every
 * hop) is refused: any client could then choose its own address and escape per-address limits.
 */
function parseTrustProxy(value: string, context: z.RefinementCtx): false | number | string {
  const text = value.trim();
  if (text === 'false' || text === '0' || text === '') return false;
  if (/^\d+$/.test(text)) return Number(text);
  const entries = text
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const isValid = entries.every((entry) => {
    if (proxyAddressNames.has(entry)) return true;
    const [address, bits, ...rest] = entry.split('/');
    const family = net.isIP(address ?? '');
    if (family === 0 || rest.length > 0) return false;
    return bits === undefined || (/^\d+$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128));
  });
  if (!isValid || entries.length === 0) {
    context.addIssue({
      code: 'custom',
      message:
        "must be a hop count (e.g. 1) or the proxies' addresses/CIDRs (e.g. 10.0.0.0/8,loopback); true would trust every hop",
    });
    return z.NEVER;
  }
  return entries.join(',');
}

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
    platforms: resolvePlatforms(env, appUrl),
    isSyncWorkerEnabled: env.SYNC_WORKER,
    syncBackfillDays: env.SYNC_BACKFILL_DAYS,
    isSandboxControlApiEnabled: env.SANDBOX_CONTROL_API,
    billing: resolveBilling(env, appUrl),
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
