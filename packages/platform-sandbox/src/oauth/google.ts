import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { SandboxContext } from '../context';
import {
  sendGoogleInsufficientScopes,
  sendGoogleUnauthorized,
  sendOAuthError,
} from '../google-errors';
import { readAuthorizationToken, readBasicCredentials, readParams, requestPath } from '../http';
import { isPersonaId } from '../personas/definitions';
import type { GoogleClientCredentials } from '../options';
import { renderConsentPage, renderErrorPage } from './consent-page';
import { GOOGLE_SCOPES, type Grant } from './token-store';

/**
 * Google OAuth 2.0 for web server apps:
 * https://developers.google.com/identity/protocols/oauth2/web-server
 * Endpoints emulated: accounts.google.com/o/oauth2/v2/auth → /oauth2/auth,
 * oauth2.googleapis.com/token → /oauth2/token, oauth2.googleapis.com/revoke → /oauth2/revoke.
 */
export const GOOGLE_ACCESS_TOKEN_TTL_SECONDS = 3599;
const CODE_TTL_MS = 10 * 60_000;
const TESTING_REFRESH_TTL_MS = 7 * 86_400_000;
const KNOWN_SCOPES = new Set<string>([
  ...Object.values(GOOGLE_SCOPES),
  'https://www.googleapis.com/auth/youtube',
  'openid',
  'email',
  'profile',
  'https://www.googleapis.com/auth/userinfo.email',
  'https://www.googleapis.com/auth/userinfo.profile',
]);

const AUTH_PARAMS = [
  'client_id',
  'redirect_uri',
  'response_type',
  'scope',
  'state',
  'code_challenge',
  'code_challenge_method',
  'access_type',
  'prompt',
  'login_hint',
  'include_granted_scopes',
] as const;

type AuthRequest = {
  client: GoogleClientCredentials;
  redirectUri: string;
  scopes: string[];
  state: string | undefined;
  codeChallenge: string | null;
  codeChallengeMethod: 'S256' | 'plain' | null;
  isOffline: boolean;
};

export async function registerGoogleOAuthRoutes(
  app: FastifyInstance,
  context: SandboxContext,
): Promise<void> {
  const findClient = (clientId: string | undefined): GoogleClientCredentials | undefined =>
    context.options.googleClients.find((c) => c.clientId === clientId);

  /** Validates an authorization request; on failure answers the way Google does and returns null. */
  const validateAuthRequest = (
    params: Record<string, string>,
    reply: FastifyReply,
  ): AuthRequest | null => {
    const client = findClient(params.client_id);
    if (!client) {
      void reply
        .code(401)
        .type('text/html; charset=utf-8')
        .send(
          renderErrorPage('Google', 'Error 401: invalid_client', 'The OAuth client was not found.'),
        );
      return null;
    }
    const redirectUri = params.redirect_uri;
    if (!redirectUri || (client.redirectUris && !client.redirectUris.includes(redirectUri))) {
      void reply
        .code(400)
        .type('text/html; charset=utf-8')
        .send(
          renderErrorPage(
            'Google',
            'Error 400: redirect_uri_mismatch',
            `You can't sign in to this app because it doesn't comply with Google's OAuth 2.0 policy. redirect_uri=${redirectUri ?? ''}`,
          ),
        );
      return null;
    }
    const fail = (error: string, description: string): null => {
      const target = new URL(redirectUri);
      target.searchParams.set('error', error);
      target.searchParams.set('error_description', description);
      if (params.state !== undefined) target.searchParams.set('state', params.state);
      void reply.redirect(target.toString(), 302);
      return null;
    };
    if (params.response_type !== 'code')
      return fail(
        'unsupported_response_type',
        `Invalid response_type: ${params.response_type ?? ''}`,
      );
    const scopes = (params.scope ?? '').split(/[\s+]+/).filter(Boolean);
    if (scopes.length === 0) {
      void reply
        .code(400)
        .type('text/html; charset=utf-8')
        .send(
          renderErrorPage(
            'Google',
            'Error 400: invalid_request',
            'Missing required parameter: scope',
          ),
        );
      return null;
    }
    const unknown = scopes.find((s) => !KNOWN_SCOPES.has(s));
    if (unknown) {
      void reply
        .code(400)
        .type('text/html; charset=utf-8')
        .send(
          renderErrorPage(
            'Google',
            'Error 400: invalid_scope',
            `Some requested scopes were invalid. {invalid=[${unknown}]}`,
          ),
        );
      return null;
    }
    let codeChallengeMethod: AuthRequest['codeChallengeMethod'] = null;
    if (params.code_challenge) {
      const method = params.code_challenge_method ?? 'plain';
      if (method !== 'S256' && method !== 'plain') {
        void reply
          .code(400)
          .type('text/html; charset=utf-8')
          .send(
            renderErrorPage(
              'Google',
              'Error 400: invalid_request',
              `Invalid code_challenge_method: ${method}`,
            ),
          );
        return null;
      }
      codeChallengeMethod = method;
    }
    return {
      client,
      redirectUri,
      scopes,
      state: params.state,
      codeChallenge: params.code_challenge ?? null,
      codeChallengeMethod,
      isOffline: params.access_type === 'offline',
    };
  };

  const showConsent = async (
    request: FastifyRequest,
    reply: FastifyReply,
  ): Promise<FastifyReply> => {
    const params = readParams(request.query);
    const auth = validateAuthRequest(params, reply);
    if (!auth) return reply;
    const hiddenFields: Record<string, string> = {};
    for (const name of AUTH_PARAMS) {
      const value = params[name];
      if (value !== undefined) hiddenFields[name] = value;
    }
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(
        renderConsentPage({
          provider: 'Google',
          action: requestPath(request),
          clientId: auth.client.clientId,
          scopes: auth.scopes,
          hiddenFields,
        }),
      );
  };

  const decideConsent = async (
    request: FastifyRequest,
    reply: FastifyReply,
  ): Promise<FastifyReply> => {
    const params = readParams(request.body);
    const auth = validateAuthRequest(params, reply);
    if (!auth) return reply;
    const target = new URL(auth.redirectUri);
    if (auth.state !== undefined) target.searchParams.set('state', auth.state);
    if (params.decision === 'deny' || !isPersonaId(params.persona)) {
      target.searchParams.set('error', 'access_denied');
      return reply.redirect(target.toString(), 302);
    }
    const code = context.tokens.createCode({
      provider: 'google',
      personaId: params.persona,
      clientId: auth.client.clientId,
      redirectUri: auth.redirectUri,
      scopes: auth.scopes,
      codeChallenge: auth.codeChallenge,
      codeChallengeMethod: auth.codeChallengeMethod,
      isOffline: auth.isOffline,
      expiresAtMs: context.clock.nowMs() + CODE_TTL_MS,
    });
    target.searchParams.set('code', code.code);
    target.searchParams.set('scope', auth.scopes.join(' '));
    return reply.redirect(target.toString(), 302);
  };

  for (const path of ['/auth', '/v2/auth']) {
    app.get(path, showConsent);
    app.post(path, decideConsent);
  }

  app.post('/token', async (request, reply) => {
    const params = readParams(request.body);
    const basic = readBasicCredentials(request);
    const clientId = params.client_id ?? basic?.id;
    const clientSecret = params.client_secret ?? basic?.secret;
    const client = findClient(clientId);
    if (!client)
      return sendOAuthError(reply, 401, 'invalid_client', 'The OAuth client was not found.');
    if (client.clientSecret !== clientSecret)
      return sendOAuthError(reply, 401, 'invalid_client', 'Unauthorized');
    const nowMs = context.clock.nowMs();

    if (params.grant_type === 'authorization_code') {
      if (!params.code)
        return sendOAuthError(reply, 400, 'invalid_request', 'Missing required parameter: code');
      const code = context.tokens.codes.get(params.code);
      if (!code || code.provider !== 'google')
        return sendOAuthError(reply, 400, 'invalid_grant', 'Malformed auth code.');
      if (code.isUsed) {
        // A replayed code is treated as stolen: the grant issued from it is revoked as well.
        if (code.grantId) context.tokens.revokeGrant(code.grantId);
        return sendOAuthError(reply, 400, 'invalid_grant', 'Bad Request');
      }
      if (code.expiresAtMs <= nowMs || code.clientId !== client.clientId)
        return sendOAuthError(reply, 400, 'invalid_grant', 'Bad Request');
      if (params.redirect_uri !== code.redirectUri)
        return sendOAuthError(reply, 400, 'redirect_uri_mismatch', 'Bad Request');
      if (code.codeChallenge) {
        const verifier = params.code_verifier;
        if (!verifier) return sendOAuthError(reply, 400, 'invalid_grant', 'Missing code verifier.');
        const expected =
          code.codeChallengeMethod === 'S256'
            ? createHash('sha256').update(verifier).digest('base64url')
            : verifier;
        if (!/^[A-Za-z0-9\-._~]{43,128}$/.test(verifier) || expected !== code.codeChallenge) {
          return sendOAuthError(reply, 400, 'invalid_grant', 'Invalid code verifier.');
        }
      }
      code.isUsed = true;
      const grant = context.tokens.createGrant({
        provider: 'google',
        personaId: code.personaId,
        clientId: client.clientId,
        scopes: code.scopes,
        nowMs,
        withRefreshToken: code.isOffline,
        refreshTokenTtlMs: context.options.isGoogleAppInTesting ? TESTING_REFRESH_TTL_MS : null,
      });
      code.grantId = grant.id;
      context.tokens.markChanged('code', code.code);
      const access = context.tokens.issueAccessToken(grant, {
        ttlSeconds: GOOGLE_ACCESS_TOKEN_TTL_SECONDS,
        nowMs,
      });
      return reply.header('cache-control', 'no-cache, no-store, max-age=0, must-revalidate').send({
        access_token: access.token,
        expires_in: GOOGLE_ACCESS_TOKEN_TTL_SECONDS,
        ...(grant.refreshToken ? { refresh_token: grant.refreshToken } : {}),
        ...refreshExpiry(grant, nowMs),
        scope: grant.scopes.join(' '),
        token_type: 'Bearer',
      });
    }

    if (params.grant_type === 'refresh_token') {
      if (!params.refresh_token)
        return sendOAuthError(
          reply,
          400,
          'invalid_request',
          'Missing required parameter: refresh_token',
        );
      const grant = context.tokens.findGrantByRefreshToken(params.refresh_token);
      const isExpired =
        grant?.refreshTokenExpiresAtMs != null && grant.refreshTokenExpiresAtMs <= nowMs;
      if (!grant || grant.isRevoked || isExpired)
        return sendOAuthError(reply, 400, 'invalid_grant', 'Token has been expired or revoked.');
      if (grant.clientId !== client.clientId)
        return sendOAuthError(reply, 401, 'unauthorized_client', 'Unauthorized');
      const access = context.tokens.issueAccessToken(grant, {
        ttlSeconds: GOOGLE_ACCESS_TOKEN_TTL_SECONDS,
        nowMs,
      });
      return reply.header('cache-control', 'no-cache, no-store, max-age=0, must-revalidate').send({
        access_token: access.token,
        expires_in: GOOGLE_ACCESS_TOKEN_TTL_SECONDS,
        ...refreshExpiry(grant, nowMs),
        scope: grant.scopes.join(' '),
        token_type: 'Bearer',
      });
    }

    return sendOAuthError(
      reply,
      400,
      'unsupported_grant_type',
      `Invalid grant_type: ${params.grant_type ?? ''}`,
    );
  });

  app.post('/revoke', async (request, reply) => {
    const token = readParams(request.query).token ?? readParams(request.body).token;
    if (!token)
      return sendOAuthError(reply, 400, 'invalid_request', 'Missing required parameter: token');
    const grant =
      context.tokens.findGrantByRefreshToken(token) ??
      context.tokens.grants.get(context.tokens.accessTokens.get(token)?.grantId ?? '');
    if (!grant || grant.provider !== 'google' || grant.isRevoked)
      return sendOAuthError(reply, 400, 'invalid_token', 'Token expired or revoked');
    // Revoking either token of a grant revokes the whole grant, as Google documents.
    context.tokens.revokeGrant(grant.id);
    return reply.send({});
  });

  app.get('/tokeninfo', async (request, reply) => {
    const token = readParams(request.query).access_token;
    const lookup = token ? context.tokens.lookupAccessToken(token, context.clock.nowMs()) : null;
    if (!lookup || lookup.status !== 'valid' || lookup.grant.provider !== 'google')
      return sendOAuthError(reply, 400, 'invalid_token', 'Invalid Value');
    const expiresAtMs =
      lookup.record.expiresAtMs ?? context.clock.nowMs() + GOOGLE_ACCESS_TOKEN_TTL_SECONDS * 1000;
    return reply.send({
      azp: lookup.grant.clientId,
      aud: lookup.grant.clientId,
      scope: lookup.grant.scopes.join(' '),
      exp: String(Math.floor(expiresAtMs / 1000)),
      expires_in: String(Math.max(0, Math.floor((expiresAtMs - context.clock.nowMs()) / 1000))),
      access_type: lookup.grant.refreshToken ? 'offline' : 'online',
    });
  });
}

function refreshExpiry(grant: Grant, nowMs: number): { refresh_token_expires_in?: number } {
  if (grant.refreshTokenExpiresAtMs === null) return {};
  return { refresh_token_expires_in: Math.floor((grant.refreshTokenExpiresAtMs - nowMs) / 1000) };
}

/**
 * Authenticates a googleapis.com call. Any one of `anyOfScopes` suffices. Answers 401/403 in
 * Google's shape and returns null when the caller may not proceed.
 */
export function authenticateGoogle(
  request: FastifyRequest,
  reply: FastifyReply,
  context: SandboxContext,
  anyOfScopes: readonly string[],
): Grant | null {
  const token = readAuthorizationToken(request) ?? readParams(request.query).access_token;
  if (!token) {
    sendGoogleUnauthorized(reply);
    return null;
  }
  const lookup = context.tokens.lookupAccessToken(token, context.clock.nowMs());
  if (lookup.status !== 'valid' || lookup.grant.provider !== 'google') {
    sendGoogleUnauthorized(reply);
    return null;
  }
  if (!anyOfScopes.some((scope) => lookup.grant.scopes.includes(scope))) {
    sendGoogleInsufficientScopes(reply);
    return null;
  }
  return lookup.grant;
}
