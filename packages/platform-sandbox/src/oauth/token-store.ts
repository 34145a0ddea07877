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

/**
 * Where a mounted sandbox keeps its codes, grants and tokens beyond one process's memory (the
 * Crescendo API passes one over its database), so grants survive a restart and a code issued by
 * one process can be redeemed at another. Keys are `code:…`, `grant:…`, `access:…`, `refresh:…`.
 */
export type TokenPersistence = {
  load(keys: string[]): Promise<Map<string, unknown>>;
  save(entries: [string, unknown][]): Promise<void>;
};

type StoredGrant = Omit<Grant, 'pageTokens'> & { pageTokens: Record<string, string> };

/** How long a grant read from the shared store is trusted before it is read again (revocation). */
const grantFreshnessMs = 1000;

function randomToken(bytes: number): string {
  return randomBytes(bytes).toString('base64url');
}

export class TokenStore {
  readonly grants = new Map<string, Grant>();
  readonly accessTokens = new Map<string, AccessTokenRecord>();
  readonly refreshTokens = new Map<string, string>();
  readonly codes = new Map<string, AuthorizationCode>();
  /** Keys changed since the last flush (persistent mode only). */
  private readonly dirty = new Set<string>();
  /** Grants created at start-up (static tokens): this process's own, never read from the store. */
  private readonly staticGrantIds = new Set<string>();
  private readonly grantReadAt = new Map<string, number>();

  constructor(
    private readonly defaults: {
      googleClientId: string;
      metaAppId: string;
      pageIdOf: (personaId: PersonaId) => string;
    },
    nowMs: number,
    private readonly persistence: TokenPersistence | null = null,
  ) {
    this.seedStaticTokens(nowMs);
  }

  /** Records that a code, grant or token changed, so the next flush writes it. */
  markChanged(kind: 'code' | 'grant' | 'access' | 'refresh', key: string): void {
    if (this.persistence) this.dirty.add(`${kind}:${key}`);
  }

  /**
   * Reads what the shared store holds for these candidate values (a bearer token, a code, a
   * refresh token…) and the grants behind them, so lookups below find codes and tokens another
   * process issued or a previous run left. No-op without persistence.
   */
  async hydrate(candidates: string[]): Promise<void> {
    if (!this.persistence) return;
    const now = Date.now();
    const keys = new Set<string>();
    for (const value of candidates) {
      keys.add(`code:${value}`);
      if (!this.accessTokens.has(value)) keys.add(`access:${value}`);
      if (!this.refreshTokens.has(value)) keys.add(`refresh:${value}`);
    }
    const found =
      keys.size > 0 ? await this.persistence.load([...keys]) : new Map<string, unknown>();
    const grantIds = new Set<string>();
    for (const [key, value] of found) {
      const [kind, ...rest] = key.split(':');
      const id = rest.join(':');
      if (kind === 'code') {
        const code = value as AuthorizationCode;
        this.codes.set(id, code);
        if (code.grantId) grantIds.add(code.grantId);
      } else if (kind === 'access') {
        this.accessTokens.set(id, value as AccessTokenRecord);
      } else if (kind === 'refresh') {
        this.refreshTokens.set(id, value as string);
      }
    }
    for (const value of candidates) {
      const grantId = this.accessTokens.get(value)?.grantId ?? this.refreshTokens.get(value);
      if (grantId) grantIds.add(grantId);
    }
    const stale = [...grantIds].filter(
      (id) =>
        !this.staticGrantIds.has(id) && now - (this.grantReadAt.get(id) ?? 0) > grantFreshnessMs,
    );
    if (stale.length === 0) return;
    const grants = await this.persistence.load(stale.map((id) => `grant:${id}`));
    const pageTokens: string[] = [];
    for (const value of grants.values()) {
      const stored = value as StoredGrant;
      const grant: Grant = { ...stored, pageTokens: new Map(Object.entries(stored.pageTokens)) };
      this.grants.set(grant.id, grant);
      this.grantReadAt.set(grant.id, now);
      for (const token of grant.pageTokens.values()) {
        if (!this.accessTokens.has(token)) pageTokens.push(`access:${token}`);
      }
    }
    if (pageTokens.length === 0) return;
    for (const [key, value] of await this.persistence.load(pageTokens)) {
      this.accessTokens.set(key.slice('access:'.length), value as AccessTokenRecord);
    }
  }

  /** Writes every changed code, grant and token to the shared store. */
  async flush(): Promise<void> {
    if (!this.persistence || this.dirty.size === 0) return;
    const entries: [string, unknown][] = [];
    for (const key of this.dirty) {
      const [kind, ...rest] = key.split(':');
      const id = rest.join(':');
      if (kind === 'code') {
        const code = this.codes.get(id);
        if (code) entries.push([key, code]);
      } else if (kind === 'grant') {
        const grant = this.grants.get(id);
        if (grant && !this.staticGrantIds.has(id)) {
          entries.push([key, { ...grant, pageTokens: Object.fromEntries(grant.pageTokens) }]);
        }
      } else if (kind === 'access') {
        const record = this.accessTokens.get(id);
        if (record && !this.staticGrantIds.has(record.grantId)) entries.push([key, record]);
      } else if (kind === 'refresh') {
        const grantId = this.refreshTokens.get(id);
        if (grantId && !this.staticGrantIds.has(grantId)) entries.push([key, grantId]);
      }
    }
    this.dirty.clear();
    if (entries.length > 0) await this.persistence.save(entries);
  }

  reset(nowMs: number): void {
    this.grants.clear();
    this.accessTokens.clear();
    this.refreshTokens.clear();
    this.codes.clear();
    this.staticGrantIds.clear();
    this.grantReadAt.clear();
    this.seedStaticTokens(nowMs);
  }

  createCode(input: Omit<AuthorizationCode, 'code' | 'isUsed' | 'grantId'>): AuthorizationCode {
    const prefix = input.provider === 'google' ? '4/0Sbx' : 'AQSbx';
    const code: AuthorizationCode = {
      ...input,
      code: `${prefix}${randomToken(32)}`,
      isUsed: false,
      grantId: null,
    };
    this.codes.set(code.code, code);
    this.markChanged('code', code.code);
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
      grant.refreshTokenExpiresAtMs =
        input.refreshTokenTtlMs === null ? null : input.nowMs + input.refreshTokenTtlMs;
      this.refreshTokens.set(grant.refreshToken, grant.id);
      this.markChanged('refresh', grant.refreshToken);
    }
    this.grants.set(grant.id, grant);
    this.markChanged('grant', grant.id);
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
    this.markChanged('access', token);
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
    this.markChanged('grant', grantId);
  }

  /** Revokes every grant of a persona (optionally for one provider); returns how many. */
  revokePersona(personaId: PersonaId, provider?: Provider): number {
    let count = 0;
    for (const grant of this.grants.values()) {
      if (grant.personaId !== personaId || grant.isRevoked) continue;
      if (provider && grant.provider !== provider) continue;
      grant.isRevoked = true;
      this.markChanged('grant', grant.id);
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
      this.staticGrantIds.add(google.id);
      this.issueAccessToken(google, {
        ttlSeconds: null,
        nowMs,
        fixedToken: staticGoogleToken(personaId),
      });
      const meta = this.createGrant({
        provider: 'meta',
        personaId,
        clientId: this.defaults.metaAppId,
        scopes: [...META_PERMISSIONS],
        nowMs,
        withRefreshToken: false,
        refreshTokenTtlMs: null,
      });
      this.staticGrantIds.add(meta.id);
      this.issueAccessToken(meta, {
        ttlSeconds: null,
        nowMs,
        isLongLived: true,
        fixedToken: staticMetaToken(personaId),
      });
      const pageId = this.defaults.pageIdOf(personaId);
      const page = this.issueAccessToken(meta, {
        ttlSeconds: null,
        nowMs,
        kind: 'page',
        pageId,
        isLongLived: true,
        fixedToken: staticMetaPageToken(personaId),
      });
      meta.pageTokens.set(pageId, page.token);
    }
  }
}
