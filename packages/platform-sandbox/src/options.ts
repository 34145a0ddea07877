import type { TokenPersistence } from './oauth/token-store';

export type GoogleClientCredentials = {
  clientId: string;
  clientSecret: string;
  /** When given, /oauth2/auth rejects other redirect URIs like Google's console registration does. */
  redirectUris?: string[];
};

export type MetaAppCredentials = {
  appId: string;
  appSecret: string;
  redirectUris?: string[];
};

export type PlatformSandboxOptions = {
  /** Seed for every generated number. Default 42. */
  seed?: number;
  /** Pins the sandbox clock (frozen until moved through the control API). Default: wall clock. */
  now?: Date | string | number;
  /** Default: one client, sandbox-google-client-id / sandbox-google-client-secret. */
  googleClients?: GoogleClientCredentials[];
  /** Default: one app, sandbox-meta-app-id / sandbox-meta-app-secret. */
  metaApps?: MetaAppCredentials[];
  /** Google apps in "Testing" status get refresh tokens that die after 7 days. Default false. */
  isGoogleAppInTesting?: boolean;
  /** YouTube Data API units per Pacific day (each list call costs 1). Default 10,000. */
  youtubeDailyQuota?: number;
  /** Expose /__control (fault injection, clock, revocation). Default true. */
  isControlApiEnabled?: boolean;
  /** Keeps codes, grants and tokens beyond this process's memory. Default: memory only. */
  tokenPersistence?: TokenPersistence;
};

export type ResolvedOptions = {
  seed: number;
  now: Date | string | number | undefined;
  googleClients: GoogleClientCredentials[];
  metaApps: MetaAppCredentials[];
  isGoogleAppInTesting: boolean;
  youtubeDailyQuota: number;
  isControlApiEnabled: boolean;
  tokenPersistence: TokenPersistence | null;
};

export const DEFAULT_GOOGLE_CLIENT: GoogleClientCredentials = {
  clientId: 'sandbox-google-client-id',
  clientSecret: 'sandbox-google-client-secret',
};

export const DEFAULT_META_APP: MetaAppCredentials = {
  appId: 'sandbox-meta-app-id',
  appSecret: 'sandbox-meta-app-secret',
};

export function resolveOptions(options: PlatformSandboxOptions): ResolvedOptions {
  return {
    seed: options.seed ?? 42,
    now: options.now,
    googleClients: options.googleClients?.length ? options.googleClients : [DEFAULT_GOOGLE_CLIENT],
    metaApps: options.metaApps?.length ? options.metaApps : [DEFAULT_META_APP],
    isGoogleAppInTesting: options.isGoogleAppInTesting ?? false,
    youtubeDailyQuota: options.youtubeDailyQuota ?? 10_000,
    isControlApiEnabled: options.isControlApiEnabled ?? true,
    tokenPersistence: options.tokenPersistence ?? null,
  };
}

export function findGoogleClient(
  options: ResolvedOptions,
  clientId: string | undefined,
): GoogleClientCredentials | undefined {
  return options.googleClients.find((c) => c.clientId === clientId);
}

export function findMetaApp(
  options: ResolvedOptions,
  appId: string | undefined,
): MetaAppCredentials | undefined {
  return options.metaApps.find((a) => a.appId === appId);
}
