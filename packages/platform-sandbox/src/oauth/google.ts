import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { SandboxContext } from '../context';
import {
  sendGoogleInsufficientScopes,
  sendGoogleUnauthorized,
  sendOAuthError,
} from '../google-errors';
import { readAuthorizationToken, readParams } from '../http';
import { registerGoogleAuthorizeRoutes } from './google-authorize';
import { GOOGLE_ACCESS_TOKEN_TTL_SECONDS, registerGoogleTokenRoute } from './google-token';
import type { Grant } from './token-store';

/**
 * Google OAuth 2.0 for web server apps:
 * https://developers.google.com/identity/protocols/oauth2/web-server
 * Endpoints emulated: accounts.google.com/o/oauth2/v2/auth → /oauth2/auth,
 * oauth2.googleapis.com/token → /oauth2/token, oauth2.googleapis.com/revoke → /oauth2/revoke.
 */
export async function registerGoogleOAuthRoutes(
  app: FastifyInstance,
  context: SandboxContext,
): Promise<void> {
  registerGoogleAuthorizeRoutes(app, context);
  registerGoogleTokenRoute(app, context);

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

  // GET with ?access_token= (the documented form), POST as google-auth-library's getTokenInfo
  // sends it (the token as a bearer header, an empty form body), or the token in the form.
  const tokenInfo = async (request: FastifyRequest, reply: FastifyReply) => {
    const token =
      readParams(request.query).access_token ??
      readParams(request.body).access_token ??
      readAuthorizationToken(request);
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
  };
  app.get('/tokeninfo', tokenInfo);
  app.post('/tokeninfo', tokenInfo);
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
