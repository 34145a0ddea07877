// The providers module's public surface: the Google (YouTube), Meta and TikTok API clients, the HTTP
// layer they share (retries, error classes) and `PlatformServices`, the clients wired together.
// Connections (OAuth, tokens) and sync reach the platforms only through here.
export { googleScopes, type ReportRow, type YouTubeVideo } from './google-client';
export { metaPermissions, type InsightEntry, type InstagramMedia } from './meta-client';
export { tiktokScopes, type TikTokUser, type TikTokVideo } from './tiktok-client';
export {
  MalformedResponseError,
  ProviderError,
  QuotaExceededError,
  ReconnectNeededError,
  TransientProviderError,
  type PlatformFetch,
  type RetryPolicy,
} from './platform-http';
export {
  buildRedirectUri,
  createPlatformServices,
  type PlatformServices,
} from './platform-services';
export { createInProcessFetch } from './in-process-fetch';
