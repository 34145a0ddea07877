import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { SandboxContext } from '../context';
import { readParams, requestPath } from '../http';
import { sendConsentPage, sendErrorPage } from '../oauth/consent-page';
import { TIKTOK_SCOPES, type Grant } from '../oauth/token-store';
import { isPersonaId } from '../personas/definitions';
import { findTikTokClient, type TikTokClientCredentials } from '../options';
import { sendTikTokOAuthError } from './errors';

/**
 * TikTok Login Kit for Web (https://developers.tiktok.com/doc/login-kit-web) and its token
 * management (https://developers.tiktok.com/doc/oauth-user-access-token-management): access
 * tokens live 24 hours, refresh tokens 365 days.
 */
export const TIKTOK_ACCESS_TTL_SECONDS = 86_400;
export const TIKTOK_REFRESH_TTL_SECONDS = 31_536_000;
const CODE_TTL_MS = 10 * 60_000;

const AUTHORIZE_PARAMS = [
  'client_key',
  'scope',
  'response_type',
  'redirect_uri',
  'state',
  'code_challenge',
  'code_challenge_method',
  'disable_auto_auth',
] as const;

/** GET/POST /tiktok/v2/auth/authorize/: the consent page (www.tiktok.com). */
export async function registerTikTokAuthorizeRoutes(
  app: FastifyInstance,
  context: SandboxContext,
): Promise<void> {
  const validate = (
    params: Record<string, string>,
    reply: FastifyReply,
  ): { client: TikTokClientCredentials; redirectUri: string; scopes: string[] } | null => {
    const client = findTikTokClient(context.options, params.client_key);
    if (!client) {
      void sendErrorPage(reply, 400, 'TikTok', 'client_key', 'Something went wrong: client_key.');
      return null;
    }
    const redirectUri = params.redirect_uri;
    if (!redirectUri || (client.redirectUris && !client.redirectUris.includes(redirectUri))) {
      void sendErrorPage(
        reply,
        400,
        'TikTok',
        'redirect_uri',
        'Something went wrong: redirect_uri.',
      );
      return null;
    }
    const scopes = (params.scope ?? '').split(',').map((scope) => scope.trim());
    const known = TIKTOK_SCOPES as readonly string[];
    if (scopes.length === 0 || scopes.some((scope) => !known.includes(scope))) {
      void sendErrorPage(reply, 400, 'TikTok', 'scope', 'Something went wrong: scope.');
      return null;
    }
    if (params.response_type !== 'code') {
      void sendErrorPage(
        reply,
        400,
        'TikTok',
        'response_type',
        'Something went wrong: response_type.',
      );
      return null;
    }
    return { client, redirectUri, scopes };
  };

  const show = async (request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> => {
    const params = readParams(request.query);
    const valid = validate(params, reply);
    if (!valid) return reply;
    return sendConsentPage(reply, {
      provider: 'TikTok',
      action: requestPath(request),
      clientId: valid.client.clientKey,
      scopes: valid.scopes,
      params,
      forwarded: AUTHORIZE_PARAMS,
    });
  };

  const decide = async (request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> => {
    const params = readParams(request.body);
    const valid = validate(params, reply);
    if (!valid) return reply;
    const target = new URL(valid.redirectUri);
    if (params.decision === 'deny' || !isPersonaId(params.persona)) {
      target.searchParams.set('error', 'access_denied');
      target.searchParams.set('error_description', 'The user denied the request.');
    } else {
      const code = context.tokens.createCode({
        provider: 'tiktok',
        personaId: params.persona,
        clientId: valid.client.clientKey,
        redirectUri: valid.redirectUri,
        scopes: valid.scopes,
        codeChallenge: params.code_challenge ?? null,
        codeChallengeMethod: params.code_challenge
          ? params.code_challenge_method === 'plain'
            ? 'plain'
            : 'S256'
          : null,
        isOffline: true,
        expiresAtMs: context.clock.nowMs() + CODE_TTL_MS,
      });
      target.searchParams.set('code', code.code);
      target.searchParams.set('scopes', valid.scopes.join(','));
    }
    if (params.state !== undefined) target.searchParams.set('state', params.state);
    return reply.redirect(target.toString(), 302);
  };

  app.get('/v2/auth/authorize/', show);
  app.post('/v2/auth/authorize/', decide);
}

function tokenBody(
  context: SandboxContext,
  grant: Grant,
  accessToken: string,
  nowMs: number,
): Record<string, unknown> {
  const persona = context.world.persona(grant.personaId);
  return {
    access_token: accessToken,
    expires_in: TIKTOK_ACCESS_TTL_SECONDS,
    open_id: persona.tiktok.openId,
    refresh_expires_in: Math.max(
      0,
      Math.floor(((grant.refreshTokenExpiresAtMs ?? nowMs) - nowMs) / 1000),
    ),
    refresh_token: grant.refreshToken,
    scope: grant.scopes.join(','),
    token_type: 'Bearer',
  };
}

/** POST /tiktokapis/v2/oauth/token/ and /revoke/ (open.tiktokapis.com). */
export function registerTikTokTokenRoutes(app: FastifyInstance, context: SandboxContext): void {
  const authenticate = (
    params: Record<string, string>,
    reply: FastifyReply,
  ): TikTokClientCredentials | null => {
    const client = findTikTokClient(context.options, params.client_key);
    if (!client || params.client_secret !== client.clientSecret) {
      void sendTikTokOAuthError(reply, 401, 'invalid_client', 'Client key or secret is incorrect.');
      return null;
    }
    return client;
  };

  app.post('/v2/oauth/token/', async (request, reply) => {
    const params = readParams(request.body);
    const client = authenticate(params, reply);
    if (!client) return reply;
    const nowMs = context.clock.nowMs();

    if (params.grant_type === 'refresh_token') {
      const grant = context.tokens.findGrantByRefreshToken(params.refresh_token ?? '');
      if (
        !grant ||
        grant.provider !== 'tiktok' ||
        grant.clientId !== client.clientKey ||
        grant.isRevoked ||
        (grant.refreshTokenExpiresAtMs !== null && grant.refreshTokenExpiresAtMs <= nowMs)
      ) {
        return sendTikTokOAuthError(
          reply,
          400,
          'invalid_grant',
          'Refresh token is invalid or expired.',
        );
      }
      const token = context.tokens.issueAccessToken(grant, {
        ttlSeconds: TIKTOK_ACCESS_TTL_SECONDS,
        nowMs,
      });
      return reply.send(tokenBody(context, grant, token.token, nowMs));
    }
    if (params.grant_type !== 'authorization_code') {
      return sendTikTokOAuthError(
        reply,
        400,
        'unsupported_grant_type',
        'The authorization grant type is not supported by the authorization server.',
      );
    }

    const code = params.code ? context.tokens.codes.get(params.code) : undefined;
    if (!code || code.provider !== 'tiktok' || code.clientId !== client.clientKey)
      return sendTikTokOAuthError(reply, 400, 'invalid_grant', 'Authorization code is invalid.');
    if (code.isUsed) {
      // A replayed code revokes what its first use issued (RFC 6749 §4.1.2).
      if (code.grantId) context.tokens.revokeGrant(code.grantId);
      return sendTikTokOAuthError(reply, 400, 'invalid_grant', 'Authorization code has been used.');
    }
    if (code.expiresAtMs <= nowMs)
      return sendTikTokOAuthError(reply, 400, 'invalid_grant', 'Authorization code is expired.');
    if (params.redirect_uri !== code.redirectUri) {
      return sendTikTokOAuthError(
        reply,
        400,
        'invalid_grant',
        'The redirect_uri does not match the one used in the authorization request.',
      );
    }
    if (code.codeChallenge) {
      const verifier = params.code_verifier ?? '';
      const expected =
        code.codeChallengeMethod === 'plain'
          ? verifier
          : createHash('sha256').update(verifier).digest('base64url');
      if (!/^[A-Za-z0-9\-._~]{43,128}$/.test(verifier) || expected !== code.codeChallenge) {
        return sendTikTokOAuthError(
          reply,
          400,
          'invalid_request',
          'Code verifier or code challenge is invalid.',
        );
      }
    }
    const grant = context.tokens.redeemCode(code, {
      provider: 'tiktok',
      personaId: code.personaId,
      clientId: client.clientKey,
      scopes: code.scopes,
      nowMs,
      withRefreshToken: true,
      refreshTokenTtlMs: TIKTOK_REFRESH_TTL_SECONDS * 1000,
    });
    const token = context.tokens.issueAccessToken(grant, {
      ttlSeconds: TIKTOK_ACCESS_TTL_SECONDS,
      nowMs,
    });
    return reply.send(tokenBody(context, grant, token.token, nowMs));
  });

  app.post('/v2/oauth/revoke/', async (request, reply) => {
    const params = readParams(request.body);
    const client = authenticate(params, reply);
    if (!client) return reply;
    const token = params.token ?? '';
    const grantId =
      context.tokens.accessTokens.get(token)?.grantId ?? context.tokens.refreshTokens.get(token);
    const grant = grantId ? context.tokens.grants.get(grantId) : undefined;
    if (!grant || grant.provider !== 'tiktok' || grant.clientId !== client.clientKey)
      return sendTikTokOAuthError(reply, 400, 'invalid_request', 'The token is invalid.');
    context.tokens.revokeGrant(grant.id);
    return reply.send({});
  });
}
