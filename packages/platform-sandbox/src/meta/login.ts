import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { SandboxContext } from '../context';
import { readParams, requestPath } from '../http';
import { sendConsentPage, sendErrorPage } from '../oauth/consent-page';
import { META_PERMISSIONS } from '../oauth/token-store';
import { isPersonaId } from '../personas/definitions';
import { findMetaApp, type MetaAppCredentials } from '../options';
import { checkMetaToken, sendMetaError } from './errors';

/**
 * Facebook Login, manual flow:
 * https://developers.facebook.com/docs/facebook-login/guides/advanced/manual-flow
 * Long-lived tokens: https://developers.facebook.com/docs/facebook-login/guides/access-tokens/get-long-lived
 */
export const META_SHORT_LIVED_TTL_SECONDS = 3600;
export const META_LONG_LIVED_TTL_SECONDS = 5_183_944;
const CODE_TTL_MS = 10 * 60_000;

const DIALOG_PARAMS = [
  'client_id',
  'redirect_uri',
  'state',
  'scope',
  'response_type',
  'auth_type',
  'config_id',
] as const;

export async function registerFacebookDialogRoutes(
  app: FastifyInstance,
  context: SandboxContext,
): Promise<void> {
  const validate = (
    params: Record<string, string>,
    reply: FastifyReply,
  ): { app: MetaAppCredentials; redirectUri: string; scopes: string[] } | null => {
    const metaApp = findMetaApp(context.options, params.client_id);
    if (!metaApp) {
      void sendErrorPage(
        reply,
        400,
        'Facebook',
        'Invalid App ID',
        'The provided app ID does not look like a valid app ID.',
      );
      return null;
    }
    const redirectUri = params.redirect_uri;
    if (!redirectUri || (metaApp.redirectUris && !metaApp.redirectUris.includes(redirectUri))) {
      void sendErrorPage(
        reply,
        400,
        'Facebook',
        'URL blocked',
        "This redirect failed because the redirect URI is not whitelisted in the app's Client OAuth Settings.",
      );
      return null;
    }
    const scopes = (params.scope ?? 'public_profile').split(/[\s,]+/).filter(Boolean);
    return { app: metaApp, redirectUri, scopes };
  };

  const show = async (request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> => {
    const params = readParams(request.query);
    const valid = validate(params, reply);
    if (!valid) return reply;
    return sendConsentPage(reply, {
      provider: 'Facebook',
      action: requestPath(request),
      clientId: valid.app.appId,
      scopes: valid.scopes,
      params,
      forwarded: DIALOG_PARAMS,
    });
  };

  const decide = async (request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> => {
    const params = readParams(request.body);
    const valid = validate(params, reply);
    if (!valid) return reply;
    const target = new URL(valid.redirectUri);
    if (params.decision === 'deny' || !isPersonaId(params.persona)) {
      target.searchParams.set('error', 'access_denied');
      target.searchParams.set('error_code', '200');
      target.searchParams.set('error_description', 'Permissions error');
      target.searchParams.set('error_reason', 'user_denied');
    } else {
      const code = context.tokens.createCode({
        provider: 'meta',
        personaId: params.persona,
        clientId: valid.app.appId,
        redirectUri: valid.redirectUri,
        // The user grants whatever known permissions were asked for.
        scopes: valid.scopes.filter((s) => (META_PERMISSIONS as readonly string[]).includes(s)),
        codeChallenge: null,
        codeChallengeMethod: null,
        isOffline: false,
        expiresAtMs: context.clock.nowMs() + CODE_TTL_MS,
      });
      target.searchParams.set('code', code.code);
    }
    if (params.state !== undefined) target.searchParams.set('state', params.state);
    // Facebook appends this fragment to every login redirect.
    target.hash = '_=_';
    return reply.redirect(target.toString(), 302);
  };

  for (const path of ['/dialog/oauth', '/:version/dialog/oauth']) {
    app.get(path, show);
    app.post(path, decide);
  }
}

/** GET /graph/{version}/oauth/access_token: code exchange and fb_exchange_token. */
export function registerMetaTokenRoute(app: FastifyInstance, context: SandboxContext): void {
  app.get('/:version/oauth/access_token', async (request, reply) => {
    const params = readParams(request.query);
    const metaApp = findMetaApp(context.options, params.client_id);
    if (!metaApp)
      return sendMetaError(reply, {
        message: 'Error validating application. Invalid application ID.',
        code: 101,
      });
    if (params.client_secret !== metaApp.appSecret)
      return sendMetaError(reply, { message: 'Error validating client secret.', code: 1 });
    const nowMs = context.clock.nowMs();

    if (params.grant_type === 'fb_exchange_token') {
      const lookup = context.tokens.lookupAccessToken(params.fb_exchange_token ?? '', nowMs);
      const checked = checkMetaToken(lookup, nowMs);
      if ('error' in checked) return sendMetaError(reply, checked.error);
      const token = context.tokens.issueAccessToken(checked.grant, {
        ttlSeconds: META_LONG_LIVED_TTL_SECONDS,
        nowMs,
        isLongLived: true,
      });
      return reply.send({
        access_token: token.token,
        token_type: 'bearer',
        expires_in: META_LONG_LIVED_TTL_SECONDS,
      });
    }
    if (params.grant_type !== undefined && params.grant_type !== 'authorization_code') {
      return sendMetaError(reply, {
        message: `(#100) Unsupported grant_type: ${params.grant_type}`,
        code: 100,
      });
    }

    const code = params.code ? context.tokens.codes.get(params.code) : undefined;
    if (!code || code.provider !== 'meta' || code.clientId !== metaApp.appId)
      return sendMetaError(reply, {
        message: 'Invalid verification code format.',
        code: 100,
        subcode: 36007,
      });
    if (code.isUsed) {
      if (code.grantId) context.tokens.revokeGrant(code.grantId);
      return sendMetaError(reply, {
        message: 'This authorization code has been used.',
        code: 100,
        subcode: 36009,
      });
    }
    if (code.expiresAtMs <= nowMs)
      return sendMetaError(reply, {
        message: 'This authorization code has expired.',
        code: 100,
        subcode: 36007,
      });
    if (params.redirect_uri !== code.redirectUri) {
      return sendMetaError(reply, {
        message:
          'Error validating verification code. Please make sure your redirect_uri is identical to the one you used in the OAuth dialog request',
        code: 100,
        subcode: 36008,
      });
    }
    const grant = context.tokens.redeemCode(code, {
      provider: 'meta',
      personaId: code.personaId,
      clientId: metaApp.appId,
      scopes: code.scopes,
      nowMs,
      withRefreshToken: false,
      refreshTokenTtlMs: null,
    });
    const token = context.tokens.issueAccessToken(grant, {
      ttlSeconds: META_SHORT_LIVED_TTL_SECONDS,
      nowMs,
    });
    return reply.send({
      access_token: token.token,
      token_type: 'bearer',
      expires_in: META_SHORT_LIVED_TTL_SECONDS,
    });
  });
}
