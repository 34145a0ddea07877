import type { RawEnv } from './env-schema';

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

export type TikTokPlatformConfig = {
  clientKey: string;
  clientSecret: string;
  isSandbox: boolean;
  /** Login Kit's consent page (`https://www.tiktok.com/v2/auth/authorize/`). */
  authUrl: string;
  /** `https://open.tiktokapis.com/v2`: token, revoke and the Display API under one base. */
  apiUrl: string;
};

export type PlatformsConfig = {
  google: GooglePlatformConfig;
  meta: MetaPlatformConfig;
  tiktok: TikTokPlatformConfig;
  /** Where the sandbox is mounted in this API; null when every provider is real. */
  sandboxUrl: string | null;
};

// The sandbox's built-in credentials (see packages/platform-sandbox/src/options.ts).
const sandboxGoogleClient = {
  clientId: 'sandbox-google-client-id',
  clientSecret: 'sandbox-google-client-secret',
};
const sandboxMetaApp = { appId: 'sandbox-meta-app-id', appSecret: 'sandbox-meta-app-secret' };
const sandboxTikTokClient = {
  clientKey: 'sandbox-tiktok-client-key',
  clientSecret: 'sandbox-tiktok-client-secret',
};

export function resolvePlatforms(env: RawEnv, appUrl: string): PlatformsConfig {
  const sandboxUrl = `${appUrl}/sandbox`;
  const isGoogleSandbox = !env.GOOGLE_CLIENT_ID;
  const isMetaSandbox = !env.META_APP_ID;
  const googleBase = isGoogleSandbox ? sandboxUrl : null;
  const metaBase = isMetaSandbox ? sandboxUrl : null;
  const isTikTokSandbox = !env.TIKTOK_CLIENT_KEY;
  const tiktokBase = isTikTokSandbox ? sandboxUrl : null;
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
    tiktok: {
      clientKey: env.TIKTOK_CLIENT_KEY ?? sandboxTikTokClient.clientKey,
      clientSecret: env.TIKTOK_CLIENT_SECRET ?? sandboxTikTokClient.clientSecret,
      isSandbox: isTikTokSandbox,
      authUrl:
        env.TIKTOK_AUTH_URL ??
        (tiktokBase
          ? `${tiktokBase}/tiktok/v2/auth/authorize/`
          : 'https://www.tiktok.com/v2/auth/authorize/'),
      apiUrl:
        env.TIKTOK_API_URL ??
        (tiktokBase ? `${tiktokBase}/tiktokapis/v2` : 'https://open.tiktokapis.com/v2'),
    },
    sandboxUrl: isGoogleSandbox || isMetaSandbox || isTikTokSandbox ? sandboxUrl : null,
  };
}
