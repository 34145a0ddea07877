import type { PersonaId } from '../personas/definitions';

/** The token store's records: grants, access tokens, authorization codes, and a lookup's verdict. */
export type Provider = 'google' | 'meta' | 'tiktok';

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

/** What a new grant is made from (a fixed refresh token only for the start-up static grants). */
export type GrantInput = {
  provider: Provider;
  personaId: PersonaId;
  clientId: string;
  scopes: string[];
  nowMs: number;
  withRefreshToken: boolean;
  refreshTokenTtlMs: number | null;
  fixedRefreshToken?: string;
};
