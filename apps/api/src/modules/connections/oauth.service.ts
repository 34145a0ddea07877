import crypto from 'node:crypto';
import {
  describeConnectError,
  type AuthUrlResponse,
  type ConnectErrorCode,
} from '@crescendo/contracts';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { assertWithinLimit } from '../billing';
import type { CurrentUser } from '../users';
import {
  deleteStaleOAuthStates,
  findConnectionByAccount,
  findOAuthState,
  insertOAuthState,
  markOAuthStateUsed,
  upsertConnection,
  type EnqueueConnectionSync,
} from './connections.repository';
import {
  buildRedirectUri,
  type PlatformServices,
  googleScopes,
  metaPermissions,
  ProviderError,
  tiktokScopes,
} from '../providers';
import { sealTokens } from './tokens.service';
import { wakeWorkers } from '../../jobs/worker';

export type OAuthProvider = 'youtube' | 'meta' | 'tiktok';

const stateLifetimeMs = 10 * 60_000;
const defaultReturnTo = '/settings/connections';

function hashState(state: string): string {
  return crypto.createHash('sha256').update(state).digest('hex');
}

function verifierContext(stateHash: string): string {
  return `oauth_states:${stateHash}:code_verifier`;
}

/**
 * The cookie that binds a consent flow to the browser that started it. Over https it carries the
 * `__Host-` prefix (Secure, Path=/, no Domain: no subdomain or plain-http page can plant or
 * overwrite it). Browsers refuse `__Host-` cookies without `Secure`, and `Secure` cookies are
 * not stored from plain-http origins (Chromium's localhost exception aside, and never for
 * `app.inject`/fetch clients), so on an http APP_URL (local use) the same cookie goes without the
 * prefix. The name follows APP_URL's scheme, so each deployment sets and reads one name.
 */
export function oauthNonceCookie(appUrl: string): { name: string; isSecure: boolean } {
  const isSecure = appUrl.startsWith('https:');
  return { name: isSecure ? '__Host-crescendo-oauth' : 'crescendo-oauth', isSecure };
}

/** A nonce for the browser: the one it already holds (parallel flows in two tabs) or a new one. */
export function chooseBrowserNonce(existing: string | undefined): string {
  return existing && /^[A-Za-z0-9_-]{43}$/.test(existing)
    ? existing
    : crypto.randomBytes(32).toString('base64url');
}

function hashesMatch(left: string, right: string): boolean {
  const a = Buffer.from(left);
  const b = Buffer.from(right);
  return a.length === b.length && crypto.timingSafeEqual(a, b);
}

export function normalizeProvider(
  provider: 'youtube' | 'google' | 'meta' | 'tiktok',
): OAuthProvider {
  return provider === 'google' ? 'youtube' : provider;
}

/** A consent URL carrying a one-time state bound to the caller and a PKCE S256 challenge. */
export async function createAuthUrl(
  db: Database,
  services: PlatformServices,
  user: CurrentUser,
  provider: OAuthProvider,
  returnTo: string,
  browserNonce: string,
): Promise<AuthUrlResponse> {
  const state = crypto.randomBytes(32).toString('base64url');
  const stateHash = hashState(state);
  const codeVerifier = crypto.randomBytes(48).toString('base64url');
  const codeChallenge = crypto.createHash('sha256').update(codeVerifier).digest('base64url');
  const redirectUri = buildRedirectUri(services.appUrl, provider);
  await insertOAuthState(db, {
    stateHash,
    userId: user.id,
    organizationId: user.organization.id,
    provider,
    codeVerifierSealed: services.cipher.encrypt(codeVerifier, verifierContext(stateHash)),
    redirectUri,
    returnTo,
    expiresAt: new Date(Date.now() + stateLifetimeMs),
    browserNonceHash: hashState(browserNonce),
  });
  await deleteStaleOAuthStates(db);
  const input = { state, redirectUri, codeChallenge };
  const builders: Record<OAuthProvider, (value: typeof input) => string> = {
    youtube: (value) => services.google.buildAuthUrl(value),
    meta: (value) => services.meta.buildDialogUrl(value),
    tiktok: (value) => services.tiktok.buildAuthUrl(value),
  };
  return { url: builders[provider](input) };
}

export type CallbackQuery = {
  code?: string | undefined;
  state?: string | undefined;
  error?: string | undefined;
  error_description?: string | undefined;
};

/**
 * Where to send the browser, with `connected=` or an error code (`error=`, `provider=`): never
 * free text, so nothing a provider or a link wrote reaches the page. `message` is for the log.
 */
export type CallbackOutcome = {
  location: string;
  isConnected: boolean;
  message: string;
  /** The connection made (for the audit log), when one was. */
  connection?: {
    id: string;
    organizationId: string;
    userId: string;
    provider: OAuthProvider;
    accountName: string;
  };
};

/** Classifies a provider's refusal of the code exchange. */
function classifyExchangeFailure(error: unknown): ConnectErrorCode {
  if (!(error instanceof ProviderError)) return 'unreachable';
  // Errors we raise ourselves (no channel, no page) carry no HTTP status.
  if (error.status === null) return 'no_account';
  const text = `${error.providerCode ?? ''} ${error.message}`.toLowerCase();
  if (text.includes('redirect_uri')) return 'redirect_uri_mismatch';
  if (text.includes('verifier')) return 'pkce_mismatch';
  return 'code_rejected';
}

/**
 * Completes a consent redirect: the state (one-time, 10 minutes, hashed at rest) names the flow,
 * and the nonce cookie proves this browser started it, so no bearer token is needed here. A
 * consent link forwarded to someone else lands without the cookie and changes nothing.
 */
export async function completeOAuthCallback(
  db: Database,
  services: PlatformServices,
  enqueueSync: EnqueueConnectionSync,
  provider: OAuthProvider,
  query: CallbackQuery,
  browserNonce: string | undefined,
): Promise<CallbackOutcome> {
  const fail = (code: ConnectErrorCode, returnTo = defaultReturnTo): CallbackOutcome => ({
    location: `${services.appUrl}${returnTo}?${new URLSearchParams({ error: code, provider })}`,
    isConnected: false,
    message: `${code}: ${describeConnectError(code, provider)}`,
  });
  if (!query.state) return fail('missing_state');
  const stateRow = await findOAuthState(db, hashState(query.state));
  if (!stateRow) return fail('unknown_state');
  const returnTo = stateRow.returnTo;
  // Before anything is burnt or stored: a forwarded link must not spend the starter's state.
  if (!browserNonce || !hashesMatch(hashState(browserNonce), stateRow.browserNonceHash)) {
    return fail('other_browser', returnTo);
  }
  if (stateRow.usedAt) return fail('state_used', returnTo);
  if (stateRow.expiresAt.getTime() <= Date.now()) return fail('state_expired', returnTo);
  if (!(await markOAuthStateUsed(db, stateRow))) return fail('state_used', returnTo);
  // Checked after burning the state: a state presented to the wrong endpoint is not reusable.
  if (stateRow.provider !== provider) return fail('wrong_provider', returnTo);
  if (query.error)
    return fail(query.error === 'access_denied' ? 'access_denied' : 'not_granted', returnTo);
  if (!query.code) return fail('no_code', returnTo);

  const codeVerifier = services.cipher.decrypt(
    stateRow.codeVerifierSealed,
    verifierContext(stateRow.stateHash),
  );
  const exchange = { code: query.code, redirectUri: stateRow.redirectUri, codeVerifier };
  let account: {
    externalAccountId: string;
    accountName: string;
    accessToken: string;
    refreshToken: string | null;
    expiresAt: Date | null;
    scopes: string[];
    platformUserId?: string | null;
  };
  try {
    const readers: Record<OAuthProvider, typeof readGoogleAccount> = {
      youtube: readGoogleAccount,
      meta: readMetaAccount,
      tiktok: readTikTokAccount,
    };
    account = await readers[provider](services, exchange);
  } catch (error) {
    return fail(classifyExchangeFailure(error), returnTo);
  }

  const existing = await findConnectionByAccount(
    db,
    stateRow.organizationId,
    provider,
    account.externalAccountId,
  );
  // A new account counts against the plan (reconnecting one does not): checked here too, since
  // one consent can bring a second channel of a provider that is already connected.
  if (!existing) {
    if (await isRefusedByPlan(db, stateRow.organizationId)) return fail('plan_limit', returnTo);
  }
  const id = existing?.id ?? crypto.randomUUID();
  const connection = await upsertConnection(db, {
    id,
    organizationId: stateRow.organizationId,
    createdByUserId: stateRow.userId,
    provider,
    externalAccountId: account.externalAccountId,
    accountName: account.accountName,
    platformUserId: account.platformUserId ?? null,
    status: 'connected',
    ...sealTokens(services, id, account),
    accessTokenExpiresAt: account.expiresAt,
    scopes: account.scopes,
    isSandbox: {
      youtube: services.config.google.isSandbox,
      meta: services.config.meta.isSandbox,
      tiktok: services.config.tiktok.isSandbox,
    }[provider],
    syncStep: 'queued',
    syncPercent: 0,
    syncError: null,
  });
  await enqueueSync(db, connection);
  // The first sync: the artist lands on a page that shows its progress.
  wakeWorkers();
  return {
    location: `${services.appUrl}${returnTo}?connected=${provider}`,
    isConnected: true,
    message: `Connected ${account.accountName}`,
    connection: {
      id: connection.id,
      organizationId: connection.organizationId,
      userId: stateRow.userId,
      provider,
      accountName: connection.accountName,
    },
  };
}

/** The plan's refusal of one more connected account, or null when it has room. */
async function isRefusedByPlan(db: Database, organizationId: string): Promise<boolean> {
  try {
    await assertWithinLimit(db, organizationId, 'connectedAccounts');
    return false;
  } catch (error) {
    if (error instanceof AppError && error.code === 'PLAN_LIMIT') return true;
    throw error;
  }
}

async function readGoogleAccount(
  services: PlatformServices,
  exchange: { code: string; redirectUri: string; codeVerifier: string },
) {
  const tokens = await services.google.exchangeCode(exchange);
  const channel = await services.google.fetchMyChannel(tokens.accessToken);
  return {
    externalAccountId: channel.id,
    accountName: channel.snippet.title,
    accessToken: tokens.accessToken,
    refreshToken: tokens.refreshToken,
    expiresAt: tokens.expiresAt,
    scopes: tokens.scopes.length > 0 ? tokens.scopes : googleScopes,
  };
}

async function readMetaAccount(
  services: PlatformServices,
  exchange: { code: string; redirectUri: string; codeVerifier: string },
) {
  const token = await services.meta.exchangeCode(exchange);
  const [pages, platformUserId] = await Promise.all([
    services.meta.listPages(token.accessToken),
    services.meta.fetchUserId(token.accessToken),
  ]);
  const page = pages.find((candidate) => candidate.instagram_business_account) ?? pages[0];
  if (!page) {
    throw new ProviderError('No Facebook Page was shared, so there is nothing to analyse');
  }
  const instagram = page.instagram_business_account;
  return {
    externalAccountId: page.id,
    accountName: instagram?.username ? `@${instagram.username} · ${page.name}` : page.name,
    accessToken: token.accessToken,
    refreshToken: null,
    expiresAt: token.expiresAt,
    scopes: metaPermissions,
    platformUserId,
  };
}

async function readTikTokAccount(
  services: PlatformServices,
  exchange: { code: string; redirectUri: string; codeVerifier: string },
) {
  const tokens = await services.tiktok.exchangeCode(exchange);
  const user = await services.tiktok.fetchUser(tokens.accessToken);
  return {
    externalAccountId: user.open_id,
    accountName: user.username
      ? `@${user.username}${user.display_name ? ` · ${user.display_name}` : ''}`
      : (user.display_name ?? 'TikTok account'),
    accessToken: tokens.accessToken,
    refreshToken: tokens.refreshToken,
    expiresAt: tokens.expiresAt,
    scopes: tokens.scopes.length > 0 ? tokens.scopes : tiktokScopes,
  };
}
