// Every environment variable the API reads, parsed and checked at start-up (README's table).
import net from 'node:net';
import { z } from 'zod';
import { maxImportFileBytes } from '@crescendo/contracts';

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

export const envSchema = z
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
    /** The largest imported file (statements, Spotify exports); refused before it is read. */
    IMPORT_MAX_FILE_BYTES: z.coerce
      .number()
      .int()
      .min(1024)
      .max(maxImportFileBytes)
      .default(maxImportFileBytes),
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
    TIKTOK_CLIENT_KEY: z.string().min(1).optional(),
    TIKTOK_CLIENT_SECRET: z.string().min(1).optional(),
    TIKTOK_AUTH_URL: urlString.optional(),
    TIKTOK_API_URL: urlString.optional(),
    SYNC_WORKER: booleanString.default(true),
    SANDBOX_CONTROL_API: booleanString.default(false),
    SANDBOX_PUBLIC: booleanString.default(false),
    PAYMENTS_SANDBOX_CONTROL_API: booleanString.default(false),
    METRICS: booleanString.default(true),
    METRICS_TOKEN: z.string().min(16, { error: 'must be at least 16 characters' }).optional(),
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
      ['TIKTOK_CLIENT_KEY', 'TIKTOK_CLIENT_SECRET'],
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

export type RawEnv = z.infer<typeof envSchema>;
