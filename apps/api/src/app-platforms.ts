import type { FastifyInstance } from 'fastify';
import { platformSandbox } from '@crescendo/platform-sandbox';
import type { AppDependencies } from './app';
import { readOrCreateSecretFile } from './lib/secrets';
import { createTokenCipher, parseTokenKeys, type TokenCipher } from './lib/token-cipher';
import { createSandboxTokenPersistence } from './modules/connections';
import {
  buildRedirectUri,
  createInProcessFetch,
  createPlatformServices,
  type PlatformServices,
} from './modules/providers';

/**
 * Google's official clients (`@googleapis/youtube`, `@googleapis/youtubeanalytics`) given the
 * sandbox as `rootUrl` keep only its host: they ask for `/youtube/v3/…` and `/v2/…` at the root.
 * While the sandbox stands in for Google, those two prefixes are routed to it (Fastify's
 * `rewriteUrl`, one prefix test per request); the product has no pages there.
 */
export function createGoogleClientPathRewrite(
  config: AppDependencies['config'],
): ((request: { url?: string }) => string) | null {
  const platforms = config.platforms;
  if (!platforms.sandboxUrl || !platforms.google.isSandbox || !config.sandbox.isServed) return null;
  return (request) => {
    const url = request.url ?? '/';
    return url.startsWith('/youtube/v3/') || url.startsWith('/v2/') ? `/sandbox${url}` : url;
  };
}

/**
 * The platforms' side of the app: the token cipher, the platform sandbox mounted at /sandbox when
 * a provider has no real credentials, and the services the connections and syncs call.
 */
export async function registerPlatforms(
  app: FastifyInstance,
  {
    config,
    database,
    platformOverrides,
    now,
  }: Pick<AppDependencies, 'config' | 'database' | 'platformOverrides'> & { now: () => Date },
): Promise<{ platforms: PlatformServices; tokenCipher: TokenCipher }> {
  const platformsConfig = config.platforms;
  const tokenCipher = createTokenCipher(
    parseTokenKeys(
      config.tokenEncryptionKeys ?? `1:${readOrCreateSecretFile(config.dataDir, 'token-key-v1')}`,
    ),
  );
  if (platformsConfig.sandboxUrl && !config.sandbox.isServed) {
    // A public host: the sandbox would let anyone connect simulated accounts. Say what to set.
    if (platformsConfig.google.isSandbox)
      app.log.warn(
        'YouTube is not connected to Google: set GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET (the platform sandbox is served only when APP_URL is on this machine, or with SANDBOX_PUBLIC=true for a demo)',
      );
    if (platformsConfig.meta.isSandbox)
      app.log.warn(
        'Instagram and Facebook are not connected to Meta: set META_APP_ID and META_APP_SECRET (the platform sandbox is served only when APP_URL is on this machine, or with SANDBOX_PUBLIC=true for a demo)',
      );
    if (platformsConfig.tiktok.isSandbox)
      app.log.warn(
        'TikTok is not connected to TikTok: set TIKTOK_CLIENT_KEY and TIKTOK_CLIENT_SECRET (the platform sandbox is served only when APP_URL is on this machine, or with SANDBOX_PUBLIC=true for a demo)',
      );
  }
  if (platformsConfig.sandboxUrl && config.sandbox.isServed) {
    // Only our own callback URIs are registered, as in Google's console, Meta's and TikTok's app settings.
    await app.register(platformSandbox, {
      prefix: '/sandbox',
      // Syncs call the sandbox thousands of times; only its problems belong in the log.
      logLevel: 'warn',
      googleClients: [
        {
          clientId: platformsConfig.google.clientId,
          clientSecret: platformsConfig.google.clientSecret,
          redirectUris: [buildRedirectUri(config.appUrl, 'youtube')],
        },
      ],
      metaApps: [
        {
          appId: platformsConfig.meta.appId,
          appSecret: platformsConfig.meta.appSecret,
          redirectUris: [buildRedirectUri(config.appUrl, 'meta')],
        },
      ],
      tiktokClients: [
        {
          clientKey: platformsConfig.tiktok.clientKey,
          clientSecret: platformsConfig.tiktok.clientSecret,
          redirectUris: [buildRedirectUri(config.appUrl, 'tiktok')],
        },
      ],
      ...(platformOverrides?.sandboxNow ? { now: platformOverrides.sandboxNow } : {}),
      // Faults, revocation, the clock and reset would let anyone break every sandbox connection.
      isControlApiEnabled: config.isSandboxControlApiEnabled,
      // Its generated thumbnails are loaded by browsers from the app's own origin.
      publicUrl: platformsConfig.sandboxUrl,
      // Sandbox grants outlive a restart and are shared by every API process.
      tokenPersistence: createSandboxTokenPersistence(database.db, tokenCipher),
    });
  }
  const platforms = createPlatformServices({
    config: platformsConfig,
    appUrl: config.appUrl,
    cipher: tokenCipher,
    fetch: platformOverrides?.fetch ?? createInProcessFetch(app, platformsConfig.sandboxUrl),
    backfillDays: config.syncBackfillDays,
    ...(platformOverrides?.retry ? { retry: platformOverrides.retry } : {}),
    now,
  });
  return { platforms, tokenCipher };
}
