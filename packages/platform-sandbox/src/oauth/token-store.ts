import { randomBytes } from 'node:crypto';
import { PERSONA_IDS, type PersonaId } from '../personas/definitions';

export type Provider = 'google' | 'meta';

/** One user's consent to one client: every token issued from it dies with it. */
export type Grant = {
  id: string;
  provider: Provider;
  personaId: PersonaId;
  clientId: string;
  scopes: string[];
  isRevoked: boolean;
  createdAtMs: number;
  refreshToken: string | null;
  refreshTokenExpiresAtMs: number | null;
  /** Page tokens handed out by /me/accounts, one per page, stable per grant. */
  pageTokens: Map<string, string>;
};

export type AccessTokenKind = 'user' | 'page';

export type AccessTokenRecord = {
  token: string;
  grantId: string;
  kind: AccessTokenKind;
  expiresAtMs: number | null;
  isLongLived: boolean;
  pageId: string | null;
};

export type AuthorizationCode = {
  code: string;
  provider: Provider;
  personaId: PersonaId;
  clientId: string;
  redirectUri: string;
  scopes: string[];
  codeChallenge: string | null;
  codeChallengeMethod: 'S256' | 'plain' | null;
  isOffline: boolean;
  expiresAtMs: number;
  isUsed: boolean;
  /** Grant created on first redemption, revoked if the code is replayed (RFC 6749 §4.1.2). */
  grantId: string | null;
};

export type TokenLookup =
  | { status: 'valid'; record: AccessTokenRecord; grant: Grant }
  | { status: 'expired'; record: AccessTokenRecord; grant: Grant }
  | { status: 'revoked'; record: AccessTokenRecord; grant: Grant }
  | { status: 'unknown' };

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

function randomToken(bytes: number): string {
  return randomBytes(bytes).toString('base64url');
}

export class TokenStore {
  readonly grants = new Map<string, Grant>();
  readonly accessTokens = new Map<string, AccessTokenRecord>();
  readonly refreshTokens = new Map<string, string>();
  readonly codes = new Map<string, AuthorizationCode>();

  constructor(
    private readonly defaults: {
      googleClientId: string;
      metaAppId: string;
      pageIdOf: (personaId: PersonaId) => string;
    },
    nowMs: number,
  ) {
    this.seedStaticTokens(nowMs);
  }

  reset(nowMs: number): void {
    this.grants.clear();
    this.accessTokens.clear();
    this.refreshTokens.clear();
    this.codes.clear();
    this.seedStaticTokens(nowMs);
  }

  createCode(input: Omit<AuthorizationCode, 'code' | 'isUsed' | 'grantId'>): AuthorizationCode {
    const prefix = input.provider === 'google' ? '4/0Sbx' : 'AQSbx';
    const code: AuthorizationCode = { ...input, code: `${prefix}${randomToken(32)}`, isUsed: false, grantId: null }; // prettier-ignore
    this.codes.set(code.code, code);
    return code;
  }

  createGrant(input: {
    provider: Provider;
    personaId: PersonaId;
    clientId: string;
    scopes: string[];
    nowMs: number;
    withRefreshToken: boolean;
    refreshTokenTtlMs: number | null;
    fixedRefreshToken?: string;
  }): Grant {
    const grant: Grant = {
      id: randomToken(9),
      provider: input.provider,
      personaId: input.personaId,
      clientId: input.clientId,
      scopes: input.scopes,
      isRevoked: false,
      createdAtMs: input.nowMs,
      refreshToken: null,
      refreshTokenExpiresAtMs: null,
      pageTokens: new Map(),
    };
    if (input.withRefreshToken) {
      grant.refreshToken = input.fixedRefreshToken ?? `1//0Sbx${randomToken(40)}`;
      grant.refreshTokenExpiresAtMs = input.refreshTokenTtlMs === null ? null : input.nowMs + input.refreshTokenTtlMs; // prettier-ignore
      this.refreshTokens.set(grant.refreshToken, grant.id);
    }
    this.grants.set(grant.id, grant);
    return grant;
  }

  issueAccessToken(
    grant: Grant,
    options: {
      ttlSeconds: number | null;
      nowMs: number;
      kind?: AccessTokenKind;
      isLongLived?: boolean;
      pageId?: string;
      fixedToken?: string;
    },
  ): AccessTokenRecord {
    const token =
      options.fixedToken ??
      (grant.provider === 'google'
        ? `ya29.sbx-${grant.personaId}.${randomToken(48)}`
        : `EAASbx${grant.personaId}${randomToken(60).replace(/[-_]/g, 'Z')}`);
    const record: AccessTokenRecord = {
      token,
      grantId: grant.id,
      kind: options.kind ?? 'user',
      expiresAtMs: options.ttlSeconds === null ? null : options.nowMs + options.ttlSeconds * 1000,
      isLongLived: options.isLongLived ?? false,
      pageId: options.pageId ?? null,
    };
    this.accessTokens.set(token, record);
    return record;
  }

  lookupAccessToken(token: string, nowMs: number): TokenLookup {
    const record = this.accessTokens.get(token);
    const grant = record ? this.grants.get(record.grantId) : undefined;
    if (!record || !grant) return { status: 'unknown' };
    if (grant.isRevoked) return { status: 'revoked', record, grant };
    if (record.expiresAtMs !== null && record.expiresAtMs <= nowMs) {
      return { status: 'expired', record, grant };
    }
    return { status: 'valid', record, grant };
  }

  findGrantByRefreshToken(refreshToken: string): Grant | undefined {
    const grantId = this.refreshTokens.get(refreshToken);
    return grantId ? this.grants.get(grantId) : undefined;
  }

  revokeGrant(grantId: string): void {
    const grant = this.grants.get(grantId);
    if (grant) grant.isRevoked = true;
  }

  /** Revokes every grant of a persona (optionally for one provider); returns how many. */
  revokePersona(personaId: PersonaId, provider?: Provider): number {
    let count = 0;
    for (const grant of this.grants.values()) {
      if (grant.personaId !== personaId || grant.isRevoked) continue;
      if (provider && grant.provider !== provider) continue;
      grant.isRevoked = true;
      count += 1;
    }
    return count;
  }

  private seedStaticTokens(nowMs: number): void {
    for (const personaId of PERSONA_IDS) {
      const google = this.createGrant({
        provider: 'google',
        personaId,
        clientId: this.defaults.googleClientId,
        scopes: Object.values(GOOGLE_SCOPES),
        nowMs,
        withRefreshToken: true,
        refreshTokenTtlMs: null,
        fixedRefreshToken: `sandbox-google-refresh-${personaId}`,
      });
      this.issueAccessToken(google, { ttlSeconds: null, nowMs, fixedToken: staticGoogleToken(personaId) }); // prettier-ignore
      const meta = this.createGrant({
        provider: 'meta',
        personaId,
        clientId: this.defaults.metaAppId,
        scopes: [...META_PERMISSIONS],
        nowMs,
        withRefreshToken: false,
        refreshTokenTtlMs: null,
      });
      this.issueAccessToken(meta, { ttlSeconds: null, nowMs, isLongLived: true, fixedToken: staticMetaToken(personaId) }); // prettier-ignore
      const pageId = this.defaults.pageIdOf(personaId);
      const page = this.issueAccessToken(meta, { ttlSeconds: null, nowMs, kind: 'page', pageId, isLongLived: true, fixedToken: staticMetaPageToken(personaId) }); // prettier-ignore
      meta.pageTokens.set(pageId, page.token);
    }
  }
}
