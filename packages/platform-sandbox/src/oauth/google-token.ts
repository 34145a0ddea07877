import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { SandboxContext } from '../context';
import { sendOAuthError } from '../google-errors';
import { readBasicCredentials, readParams } from '../http';
import { findGoogleClient } from '../options';
import type { Grant } from './token-store';

/**
 * Google's token endpoint (oauth2.googleapis.com/token → /oauth2/token): authorization codes (with
 * PKCE) and refresh tokens exchanged for access tokens.
 */
export const GOOGLE_ACCESS_TOKEN_TTL_SECONDS = 3599;
const TESTING_REFRESH_TTL_MS = 7 * 86_400_000;

/** POST /token: grant_type authorization_code or refresh_token. */
export function registerGoogleTokenRoute(app: FastifyInstance, context: SandboxContext): void {
  app.post('/token', async (request, reply) => {
    const params = readParams(request.body);
    const basic = readBasicCredentials(request);
    const clientId = params.client_id ?? basic?.id;
    const clientSecret = params.client_secret ?? basic?.secret;
    const client = findGoogleClient(context.options, clientId);
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
      const grant = context.tokens.redeemCode(code, {
        provider: 'google',
        personaId: code.personaId,
        clientId: client.clientId,
        scopes: code.scopes,
        nowMs,
        withRefreshToken: code.isOffline,
        refreshTokenTtlMs: context.options.isGoogleAppInTesting ? TESTING_REFRESH_TTL_MS : null,
      });
      return sendTokens(reply, context, grant, nowMs, { withRefreshToken: true });
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
      return sendTokens(reply, context, grant, nowMs, { withRefreshToken: false });
    }

    return sendOAuthError(
      reply,
      400,
      'unsupported_grant_type',
      `Invalid grant_type: ${params.grant_type ?? ''}`,
    );
  });
}

/**
 * Issues an access token on `grant` and answers Google's token response: a code exchange also
 * returns the refresh token, a refresh does not.
 */
function sendTokens(
  reply: FastifyReply,
  context: SandboxContext,
  grant: Grant,
  nowMs: number,
  { withRefreshToken }: { withRefreshToken: boolean },
) {
  const access = context.tokens.issueAccessToken(grant, {
    ttlSeconds: GOOGLE_ACCESS_TOKEN_TTL_SECONDS,
    nowMs,
  });
  return reply.header('cache-control', 'no-cache, no-store, max-age=0, must-revalidate').send({
    access_token: access.token,
    expires_in: GOOGLE_ACCESS_TOKEN_TTL_SECONDS,
    ...(withRefreshToken && grant.refreshToken ? { refresh_token: grant.refreshToken } : {}),
    ...refreshExpiry(grant, nowMs),
    scope: grant.scopes.join(' '),
    token_type: 'Bearer',
  });
}

function refreshExpiry(grant: Grant, nowMs: number): { refresh_token_expires_in?: number } {
  if (grant.refreshTokenExpiresAtMs === null) return {};
  return { refresh_token_expires_in: Math.floor((grant.refreshTokenExpiresAtMs - nowMs) / 1000) };
}
