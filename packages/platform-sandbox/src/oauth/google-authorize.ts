import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { SandboxContext } from '../context';
import { readParams, requestPath } from '../http';
import { isPersonaId } from '../personas/definitions';
import { findGoogleClient, type GoogleClientCredentials } from '../options';
import { sendConsentPage, sendErrorPage } from './consent-page';
import { GOOGLE_SCOPES } from './token-store';

/**
 * Google's authorization endpoint (accounts.google.com/o/oauth2/v2/auth → /oauth2/auth): the
 * request's validation, the consent page and the persona's decision, redirected with a code.
 */
const CODE_TTL_MS = 10 * 60_000;
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

/** Validates an authorization request; on failure answers the way Google does and returns null. */
function validateAuthRequest(
  context: SandboxContext,
  params: Record<string, string>,
  reply: FastifyReply,
): AuthRequest | null {
  const client = findGoogleClient(context.options, params.client_id);
  if (!client) {
    void sendErrorPage(
      reply,
      401,
      'Google',
      'Error 401: invalid_client',
      'The OAuth client was not found.',
    );
    return null;
  }
  const redirectUri = params.redirect_uri;
  if (!redirectUri || (client.redirectUris && !client.redirectUris.includes(redirectUri))) {
    void sendErrorPage(
      reply,
      400,
      'Google',
      'Error 400: redirect_uri_mismatch',
      `You can't sign in to this app because it doesn't comply with Google's OAuth 2.0 policy. redirect_uri=${redirectUri ?? ''}`,
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
    void sendErrorPage(
      reply,
      400,
      'Google',
      'Error 400: invalid_request',
      'Missing required parameter: scope',
    );
    return null;
  }
  const unknown = scopes.find((s) => !KNOWN_SCOPES.has(s));
  if (unknown) {
    void sendErrorPage(
      reply,
      400,
      'Google',
      'Error 400: invalid_scope',
      `Some requested scopes were invalid. {invalid=[${unknown}]}`,
    );
    return null;
  }
  let codeChallengeMethod: AuthRequest['codeChallengeMethod'] = null;
  if (params.code_challenge) {
    const method = params.code_challenge_method ?? 'plain';
    if (method !== 'S256' && method !== 'plain') {
      void sendErrorPage(
        reply,
        400,
        'Google',
        'Error 400: invalid_request',
        `Invalid code_challenge_method: ${method}`,
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
}

export function registerGoogleAuthorizeRoutes(app: FastifyInstance, context: SandboxContext): void {
  const showConsent = async (
    request: FastifyRequest,
    reply: FastifyReply,
  ): Promise<FastifyReply> => {
    const params = readParams(request.query);
    const auth = validateAuthRequest(context, params, reply);
    if (!auth) return reply;
    return sendConsentPage(reply, {
      provider: 'Google',
      action: requestPath(request),
      clientId: auth.client.clientId,
      scopes: auth.scopes,
      params,
      forwarded: AUTH_PARAMS,
    });
  };

  const decideConsent = async (
    request: FastifyRequest,
    reply: FastifyReply,
  ): Promise<FastifyReply> => {
    const params = readParams(request.body);
    const auth = validateAuthRequest(context, params, reply);
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
}
