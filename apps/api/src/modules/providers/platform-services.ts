import type { PlatformsConfig } from '../../config/env';
import type { TokenCipher } from '../../lib/token-cipher';
import { createGoogleClient, type GoogleClient } from './google-client';
import { createMetaClient, type MetaClient } from './meta-client';
import { createTikTokClient, type TikTokClient } from './tiktok-client';
import {
  defaultRetryPolicy,
  type PlatformFetch,
  type PlatformHttp,
  type RetryPolicy,
} from './platform-http';

/** Everything the connection and sync code needs to reach Google, Meta and TikTok. */
export type PlatformServices = {
  config: PlatformsConfig;
  appUrl: string;
  cipher: TokenCipher;
  google: GoogleClient;
  meta: MetaClient;
  tiktok: TikTokClient;
  backfillDays: number;
  /** The current time; tests pin it to the sandbox's clock. */
  now: () => Date;
};

export type PlatformServicesOptions = {
  config: PlatformsConfig;
  appUrl: string;
  cipher: TokenCipher;
  fetch: PlatformFetch;
  retry?: Partial<RetryPolicy>;
  backfillDays: number;
  now?: () => Date;
};

export function createPlatformServices(options: PlatformServicesOptions): PlatformServices {
  const http: PlatformHttp = {
    fetch: options.fetch,
    retry: { ...defaultRetryPolicy, ...options.retry },
  };
  const now = options.now ?? (() => new Date());
  return {
    config: options.config,
    appUrl: options.appUrl,
    cipher: options.cipher,
    google: createGoogleClient(options.config.google, http),
    meta: createMetaClient(options.config.meta, http),
    tiktok: createTikTokClient(options.config.tiktok, http, now),
    backfillDays: options.backfillDays,
    now,
  };
}

/** The API endpoint each provider redirects the browser back to. */
export function buildRedirectUri(appUrl: string, provider: 'youtube' | 'meta' | 'tiktok'): string {
  return `${appUrl}/api/v1/oauth/${provider}/callback`;
}
