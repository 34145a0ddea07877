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

export type TikTokClientCredentials = {
  clientKey: string;
  clientSecret: string;
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
  /** Default: one app, sandbox-tiktok-client-key / sandbox-tiktok-client-secret. */
  tiktokClients?: TikTokClientCredentials[];
  /** TikTok Display API requests per endpoint and app in a sliding minute. Default 600 (TikTok's). */
  tiktokRequestsPerMinute?: number;
  /** Google apps in "Testing" status get refresh tokens that die after 7 days. Default false. */
  isGoogleAppInTesting?: boolean;
  /** YouTube Data API units per Pacific day (each list call costs 1). Default 10,000. */
  youtubeDailyQuota?: number;
  /** Expose /__control (fault injection, clock, revocation). Default true. */
  isControlApiEnabled?: boolean;
  /** Keeps codes, grants and tokens beyond this process's memory. Default: memory only. */
  tokenPersistence?: TokenPersistence;
  /**
   * Where browsers reach this sandbox (`https://app.example/sandbox`): the base of the image URLs
   * it hands out. Default: the protocol, host and prefix of each request.
   */
  publicUrl?: string;
};

export type ResolvedOptions = {
  seed: number;
  now: Date | string | number | undefined;
  googleClients: GoogleClientCredentials[];
  metaApps: MetaAppCredentials[];
  tiktokClients: TikTokClientCredentials[];
  tiktokRequestsPerMinute: number;
  isGoogleAppInTesting: boolean;
  youtubeDailyQuota: number;
  isControlApiEnabled: boolean;
  tokenPersistence: TokenPersistence | null;
  publicUrl: string | null;
};

export const DEFAULT_GOOGLE_CLIENT: GoogleClientCredentials = {
  clientId: 'sandbox-google-client-id',
  clientSecret: 'sandbox-google-client-secret',
};

export const DEFAULT_META_APP: MetaAppCredentials = {
  appId: 'sandbox-meta-app-id',
  appSecret: 'sandbox-meta-app-secret',
};

export const DEFAULT_TIKTOK_CLIENT: TikTokClientCredentials = {
  clientKey: 'sandbox-tiktok-client-key',
  clientSecret: 'sandbox-tiktok-client-secret',
};

export function resolveOptions(options: PlatformSandboxOptions): ResolvedOptions {
  return {
    seed: options.seed ?? 42,
    now: options.now,
    googleClients: options.googleClients?.length ? options.googleClients : [DEFAULT_GOOGLE_CLIENT],
    metaApps: options.metaApps?.length ? options.metaApps : [DEFAULT_META_APP],
    tiktokClients: options.tiktokClients?.length ? options.tiktokClients : [DEFAULT_TIKTOK_CLIENT],
    tiktokRequestsPerMinute: options.tiktokRequestsPerMinute ?? 600,
    isGoogleAppInTesting: options.isGoogleAppInTesting ?? false,
    youtubeDailyQuota: options.youtubeDailyQuota ?? 10_000,
    isControlApiEnabled: options.isControlApiEnabled ?? true,
    tokenPersistence: options.tokenPersistence ?? null,
    publicUrl: options.publicUrl?.replace(/\/$/, '') ?? null,
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

export function findTikTokClient(
  options: ResolvedOptions,
  clientKey: string | undefined,
): TikTokClientCredentials | undefined {
  return options.tiktokClients.find((c) => c.clientKey === clientKey);
}
