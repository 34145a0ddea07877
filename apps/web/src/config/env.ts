import * as z from 'zod/mini';

/**
 * Runtime configuration. In production the API injects it into index.html as
 * `<meta name="crescendo-config" content="{JSON}">`; in development it falls back to VITE_* vars.
 */
export const runtimeConfigSchema = z.object({
  identityProvider: z._default(z.enum(['embedded', 'clerk']), 'embedded'),
  clerkPublishableKey: z._default(z.nullable(z.string()), null),
  waitlistMode: z._default(z.enum(['approval', 'open']), 'approval'),
  sentryDsn: z._default(z.nullable(z.string()), null),
  sentryEnvironment: z._default(z.string(), 'development'),
  release: z._default(z.string(), '1.0.0'),
  productionHost: z._default(z.string(), 'app.crescendo.fm'),
  sandbox: z._default(z.boolean(), false),
});

export type RuntimeConfig = z.infer<typeof runtimeConfigSchema>;

type ViteEnv = Record<string, string | boolean | undefined>;

function readMetaConfig(doc: Document | undefined): unknown {
  const content = doc?.querySelector('meta[name="crescendo-config"]')?.getAttribute('content');
  if (!content) return undefined;
  try {
    return JSON.parse(content);
  } catch {
    console.error('crescendo-config meta tag is not valid JSON; using defaults');
    return undefined;
  }
}

function emptyToNull(value: string | boolean | undefined): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value : null;
}

function readViteConfig(viteEnv: ViteEnv): Record<string, unknown> {
  const pick = (key: string) => emptyToNull(viteEnv[key]) ?? undefined;
  return {
    identityProvider: pick('VITE_IDENTITY_PROVIDER'),
    clerkPublishableKey: emptyToNull(viteEnv.VITE_CLERK_PUBLISHABLE_KEY),
    waitlistMode: pick('VITE_WAITLIST_MODE'),
    sentryDsn: emptyToNull(viteEnv.VITE_SENTRY_DSN),
    sentryEnvironment: pick('VITE_SENTRY_ENVIRONMENT') ?? (viteEnv.MODE as string | undefined),
    release: pick('VITE_RELEASE'),
    productionHost: pick('VITE_PRODUCTION_HOST'),
    sandbox: viteEnv.VITE_SANDBOX === 'true' ? true : undefined,
  };
}

function withoutUndefined(record: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(record).filter(([, value]) => value !== undefined));
}

/** Parses the injected config, falling back to VITE_* and then to safe defaults. */
export function loadRuntimeConfig(
  doc: Document | undefined = typeof document === 'undefined' ? undefined : document,
  viteEnv: ViteEnv = import.meta.env as unknown as ViteEnv,
): RuntimeConfig {
  const injected = readMetaConfig(doc);
  const source =
    injected && typeof injected === 'object'
      ? (injected as Record<string, unknown>)
      : withoutUndefined(readViteConfig(viteEnv));
  const parsed = runtimeConfigSchema.safeParse(source);
  if (parsed.success) return parsed.data;
  console.error('Invalid crescendo-config; using defaults', parsed.error.issues);
  return runtimeConfigSchema.parse({});
}

export const env: RuntimeConfig = loadRuntimeConfig();

/** True in `vite dev`; error reporting stays off there unless VITE_SENTRY_FORCE=true. */
export const isDevelopmentBuild = import.meta.env.DEV;
export const isSentryForced = import.meta.env.VITE_SENTRY_FORCE === 'true';
