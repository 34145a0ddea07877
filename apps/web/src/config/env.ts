import type { WebRuntimeConfig } from '@crescendo/contracts';

/**
 * Runtime configuration (one type with the API's: `WebRuntimeConfig` in the contracts). In
 * production the API injects it into index.html as `<meta name="crescendo-config"
 * content="{JSON}">`; in development it falls back to VITE_* vars.
 * Checked by hand rather than with zod: this runs in the entry bundle of every page, where zod
 * would cost ~15 KB of compressed JavaScript for eight fields.
 */
export type RuntimeConfig = WebRuntimeConfig;

const defaults: RuntimeConfig = {
  identityProvider: 'embedded',
  clerkPublishableKey: null,
  waitlistMode: 'approval',
  sentryDsn: null,
  sentryEnvironment: 'development',
  release: '1.0.0',
  productionHost: 'app.crescendo.fm',
  sandbox: false,
  sandboxMailbox: false,
  sandboxDemo: false,
};

type Check = (value: unknown) => boolean;
const isString: Check = (value) => typeof value === 'string';
const isNullableString: Check = (value) => value === null || typeof value === 'string';
const oneOf =
  (...allowed: string[]): Check =>
  (value) =>
    typeof value === 'string' && allowed.includes(value);

const checks: Record<keyof RuntimeConfig, Check> = {
  identityProvider: oneOf('embedded', 'clerk'),
  clerkPublishableKey: isNullableString,
  waitlistMode: oneOf('approval', 'open'),
  sentryDsn: isNullableString,
  sentryEnvironment: isString,
  release: isString,
  productionHost: isString,
  sandbox: (value) => typeof value === 'boolean',
  sandboxMailbox: (value) => typeof value === 'boolean',
  sandboxDemo: (value) => typeof value === 'boolean',
};

/** The config with defaults for absent fields, or the names of the fields that are invalid. */
export function parseRuntimeConfig(
  source: Record<string, unknown>,
): { success: true; data: RuntimeConfig } | { success: false; invalid: string[] } {
  const data: Record<string, unknown> = { ...defaults };
  const invalid: string[] = [];
  for (const key of Object.keys(checks) as (keyof RuntimeConfig)[]) {
    const value = source[key];
    if (value === undefined) continue;
    if (checks[key](value)) data[key] = value;
    else invalid.push(key);
  }
  return invalid.length
    ? { success: false, invalid }
    : { success: true, data: data as RuntimeConfig };
}

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
    sandboxMailbox: viteEnv.VITE_SANDBOX === 'true' ? true : undefined,
    sandboxDemo: viteEnv.VITE_SANDBOX_DEMO === 'true' ? true : undefined,
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
  const parsed = parseRuntimeConfig(source);
  if (parsed.success) return parsed.data;
  console.error('Invalid crescendo-config; using defaults', parsed.invalid);
  return { ...defaults };
}

export const env: RuntimeConfig = loadRuntimeConfig();

/** True in `vite dev`; error reporting stays off there unless VITE_SENTRY_FORCE=true. */
export const isDevelopmentBuild = import.meta.env.DEV;
export const isSentryForced = import.meta.env.VITE_SENTRY_FORCE === 'true';
