import { PERSONA_IDS, type PersonaId } from '../personas/definitions';
import type { TokenStore } from './token-store';

/** The scopes and permissions the sandbox knows, and the static tokens that exist from start-up. */
export const GOOGLE_SCOPES = {
  youtubeReadonly: 'https://www.googleapis.com/auth/youtube.readonly',
  analyticsReadonly: 'https://www.googleapis.com/auth/yt-analytics.readonly',
  analyticsMonetaryReadonly: 'https://www.googleapis.com/auth/yt-analytics-monetary.readonly',
} as const;

export const META_PERMISSIONS = [
  'public_profile',
  'instagram_basic',
  'instagram_manage_insights',
  'pages_read_engagement',
  'pages_show_list',
  'business_management',
] as const;

/** TikTok Login Kit scopes the sandbox knows (Display API). */
export const TIKTOK_SCOPES = [
  'user.info.basic',
  'user.info.profile',
  'user.info.stats',
  'video.list',
] as const;

/** Tokens that exist from start-up so a developer can curl the sandbox without a browser. */
export function staticGoogleToken(personaId: PersonaId): string {
  return `sandbox-google-token-${personaId}`;
}
export function staticMetaToken(personaId: PersonaId): string {
  return `sandbox-meta-token-${personaId}`;
}
export function staticMetaPageToken(personaId: PersonaId): string {
  return `sandbox-meta-page-token-${personaId}`;
}
export function staticTikTokToken(personaId: PersonaId): string {
  return `sandbox-tiktok-token-${personaId}`;
}

/** The clients the static grants belong to, and where each persona's page token points. */
export type StaticGrantDefaults = {
  googleClientId: string;
  metaAppId: string;
  tiktokClientKey: string;
  pageIdOf: (personaId: PersonaId) => string;
};

/**
 * Creates each persona's static Google and Meta grants and tokens (Meta's with its page token);
 * returns the grant ids, which belong to this process and are never persisted.
 */
export function seedStaticGrants(
  tokens: TokenStore,
  defaults: StaticGrantDefaults,
  nowMs: number,
): string[] {
  const grantIds: string[] = [];
  for (const personaId of PERSONA_IDS) {
    const google = tokens.createGrant({
      provider: 'google',
      personaId,
      clientId: defaults.googleClientId,
      scopes: Object.values(GOOGLE_SCOPES),
      nowMs,
      withRefreshToken: true,
      refreshTokenTtlMs: null,
      fixedRefreshToken: `sandbox-google-refresh-${personaId}`,
    });
    grantIds.push(google.id);
    tokens.issueAccessToken(google, {
      ttlSeconds: null,
      nowMs,
      fixedToken: staticGoogleToken(personaId),
    });
    const meta = tokens.createGrant({
      provider: 'meta',
      personaId,
      clientId: defaults.metaAppId,
      scopes: [...META_PERMISSIONS],
      nowMs,
      withRefreshToken: false,
      refreshTokenTtlMs: null,
    });
    grantIds.push(meta.id);
    tokens.issueAccessToken(meta, {
      ttlSeconds: null,
      nowMs,
      isLongLived: true,
      fixedToken: staticMetaToken(personaId),
    });
    const pageId = defaults.pageIdOf(personaId);
    const page = tokens.issueAccessToken(meta, {
      ttlSeconds: null,
      nowMs,
      kind: 'page',
      pageId,
      isLongLived: true,
      fixedToken: staticMetaPageToken(personaId),
    });
    meta.pageTokens.set(pageId, page.token);
    const tiktok = tokens.createGrant({
      provider: 'tiktok',
      personaId,
      clientId: defaults.tiktokClientKey,
      scopes: [...TIKTOK_SCOPES],
      nowMs,
      withRefreshToken: false,
      refreshTokenTtlMs: null,
    });
    grantIds.push(tiktok.id);
    tokens.issueAccessToken(tiktok, {
      ttlSeconds: null,
      nowMs,
      fixedToken: staticTikTokToken(personaId),
    });
  }
  return grantIds;
}
