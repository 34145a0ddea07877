import { randomBytes } from 'node:crypto';
import type { PersonaId } from '../personas/definitions';
import { seedStaticGrants, type StaticGrantDefaults } from './static-tokens';
import type {
  AccessTokenKind,
  AccessTokenRecord,
  AuthorizationCode,
  Grant,
  GrantInput,
  Provider,
  TokenLookup,
} from './token-types';

// The store's records, scopes and static tokens are defined in token-types.ts and
// static-tokens.ts; re-exported here so importers keep one path for the token vocabulary.
export {
  GOOGLE_SCOPES,
  META_PERMISSIONS,
  TIKTOK_SCOPES,
  staticGoogleToken,
  staticMetaPageToken,
  staticMetaToken,
  staticTikTokToken,
} from './static-tokens';
export type {
  AccessTokenKind,
  AccessTokenRecord,
  AuthorizationCode,
  Grant,
  GrantInput,
  Provider,
  TokenLookup,
} from './token-types';

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
    private readonly defaults: StaticGrantDefaults,
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
    const prefix =
      input.provider === 'google' ? '4/0Sbx' : input.provider === 'tiktok' ? 'tkSbx' : 'AQSbx';
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

  createGrant(input: GrantInput): Grant {
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
      grant.refreshToken =
        input.fixedRefreshToken ??
        (input.provider === 'tiktok'
          ? `rft.sbx${randomToken(40)}!${input.personaId}.va`
          : `1//0Sbx${randomToken(40)}`);
      grant.refreshTokenExpiresAtMs =
        input.refreshTokenTtlMs === null ? null : input.nowMs + input.refreshTokenTtlMs;
      this.refreshTokens.set(grant.refreshToken, grant.id);
      this.markChanged('refresh', grant.refreshToken);
    }
    this.grants.set(grant.id, grant);
    this.markChanged('grant', grant.id);
    return grant;
  }

  /** Redeems a code: marks it used and creates its grant, which a replay of the code revokes. */
  redeemCode(code: AuthorizationCode, input: GrantInput): Grant {
    code.isUsed = true;
    const grant = this.createGrant(input);
    code.grantId = grant.id;
    this.markChanged('code', code.code);
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
        : grant.provider === 'tiktok'
          ? `act.sbx${randomToken(48)}!${grant.personaId}.va`
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
    for (const id of seedStaticGrants(this, this.defaults, nowMs)) this.staticGrantIds.add(id);
  }
}
