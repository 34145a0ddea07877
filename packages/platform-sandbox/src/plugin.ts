import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { createSandboxContext } from './context';
import { describePersonas, registerControlRoutes } from './control';
import { classifyPath, sendFault } from './faults';
import { sendGoogleError } from './google-errors';
import { readAuthorizationToken, requestPath } from './http';
import { sendMetaError } from './meta/errors';
import { registerGraphRoutes } from './meta/graph';
import { registerFacebookDialogRoutes } from './meta/login';
import { registerGoogleOAuthRoutes } from './oauth/google';
import type { PlatformSandboxOptions } from './options';
import { registerYouTubeAnalyticsRoutes } from './youtube/analytics';
import { registerYouTubeDataRoutes } from './youtube/data-api';
import { registerStatementRoutes } from './statements/routes';
import { registerTikTokDisplayRoutes } from './tiktok/display-api';
import { sendTikTokApiError, sendTikTokOAuthError } from './tiktok/errors';
import { registerTikTokAuthorizeRoutes, registerTikTokTokenRoutes } from './tiktok/login';
import { registerThumbnailRoutes } from './thumbnails';

const FORM_CONTENT_TYPE = 'application/x-www-form-urlencoded';

/** Values in a request that may be a code or a token: the bearer token, query and form values. */
function tokenCandidatesOf(request: FastifyRequest): string[] {
  const values: string[] = [];
  const bearer = readAuthorizationToken(request);
  if (bearer) values.push(bearer);
  for (const source of [request.query, request.body]) {
    if (typeof source !== 'object' || source === null) continue;
    for (const value of Object.values(source as Record<string, unknown>)) {
      if (typeof value === 'string' && value.length >= 16 && value.length <= 512)
        values.push(value);
    }
  }
  return values.slice(0, 20);
}

/**
 * The sandbox as an encapsulated Fastify plugin: register it with a prefix (the API uses
 * `/sandbox`). Each registration owns its own clock, tokens and faults.
 */
export const platformSandbox: FastifyPluginAsync<PlatformSandboxOptions> = async (app, options) => {
  const context = createSandboxContext(options);
  const root = app.prefix;
  const relativePath = (request: FastifyRequest): string =>
    requestPath(request).slice(root.length) || '/';
  // Image URLs the browser loads: the configured public URL, else the address the caller used.
  const publicUrl = context.options.publicUrl;
  context.publicBaseOf = (request) => publicUrl ?? `${request.protocol}://${request.host}${root}`;

  // OAuth token and consent endpoints take form bodies; scoped to this plugin only.
  if (app.hasContentTypeParser(FORM_CONTENT_TYPE)) app.removeContentTypeParser(FORM_CONTENT_TYPE);
  app.addContentTypeParser(FORM_CONTENT_TYPE, { parseAs: 'string' }, (_request, body, done) => {
    done(
      null,
      Object.fromEntries(
        new URLSearchParams(typeof body === 'string' ? body : body.toString('utf8')),
      ),
    );
  });

  app.addHook('onRequest', async (request, reply) => {
    const target = classifyPath(relativePath(request));
    if (!target) return;
    const fault = context.faults.take(target);
    if (fault) {
      sendFault(reply, target, fault.fault);
      return reply;
    }
  });

  if (context.options.tokenPersistence) {
    // Codes and tokens another process issued (or a previous run left) are read before the
    // handler looks them up, and what it issued is written before the answer leaves.
    app.addHook('preHandler', async (request) => {
      await context.tokens.hydrate(tokenCandidatesOf(request));
    });
    app.addHook('onSend', async (_request, _reply, payload) => {
      await context.tokens.flush();
      return payload;
    });
  }

  await app.register(async (child) => registerGoogleOAuthRoutes(child, context), {
    prefix: '/oauth2',
  });
  await app.register(async (child) => registerYouTubeDataRoutes(child, context), {
    prefix: '/youtube/v3',
  });
  await app.register(async (child) => registerYouTubeAnalyticsRoutes(child, context), {
    prefix: '/youtubeanalytics/v2',
  });
  // Where @googleapis/youtubeanalytics sends them: its host is youtubeanalytics.googleapis.com,
  // so its paths start at /v2 (a rootUrl replaces the host and drops any path of its own).
  await app.register(async (child) => registerYouTubeAnalyticsRoutes(child, context), {
    prefix: '/v2',
  });
  await app.register(async (child) => registerFacebookDialogRoutes(child, context), {
    prefix: '/facebook',
  });
  await app.register(async (child) => registerGraphRoutes(child, context), { prefix: '/graph' });
  await app.register(async (child) => registerThumbnailRoutes(child), { prefix: '/thumbnails' });
  await app.register(async (child) => registerStatementRoutes(child, context, root), {
    prefix: '/statements',
  });
  await app.register(async (child) => registerTikTokAuthorizeRoutes(child, context), {
    prefix: '/tiktok',
  });
  await app.register(
    async (child) => {
      registerTikTokTokenRoutes(child, context);
      registerTikTokDisplayRoutes(child, context);
    },
    { prefix: '/tiktokapis' },
  );
  if (context.options.isControlApiEnabled) {
    await app.register(async (child) => registerControlRoutes(child, context), {
      prefix: '/__control',
    });
  }

  app.get('/', async (request) => {
    const base = `${request.protocol}://${request.host}${root}`;
    return {
      name: 'Crescendo platform sandbox',
      baseUrls: {
        googleAuth: `${base}/oauth2/auth`,
        googleToken: `${base}/oauth2/token`,
        googleRevoke: `${base}/oauth2/revoke`,
        youtubeData: `${base}/youtube/v3`,
        youtubeAnalytics: `${base}/youtubeanalytics/v2`,
        facebookDialog: `${base}/facebook/dialog/oauth`,
        graph: `${base}/graph/v21.0`,
        tiktokAuthorize: `${base}/tiktok/v2/auth/authorize/`,
        tiktokApi: `${base}/tiktokapis/v2`,
        control: context.options.isControlApiEnabled ? `${base}/__control` : null,
      },
      personas: describePersonas(context),
    };
  });

  app.setNotFoundHandler(async (request, reply) => {
    const path = relativePath(request);
    const target = classifyPath(path);
    if (target?.family === 'meta')
      return sendMetaError(reply, { message: `Unknown path components: ${path}`, code: 2500 });
    if (target?.family === 'tiktok')
      return sendTikTokApiError(
        reply,
        'invalid_params',
        `Unknown endpoint: ${request.method} ${path}`,
        404,
      );
    // Every other path answers as googleapis.com does, so a Google client reads a real error.
    return sendGoogleError(reply, 404, `Method not found: ${request.method} ${path}`, 'notFound');
  });

  app.setErrorHandler(
    async (error: Error & { statusCode?: number }, request, reply: FastifyReply) => {
      const status = error.statusCode && error.statusCode < 500 ? error.statusCode : 500;
      if (status === 500) request.log.error({ err: error }, 'platform sandbox failure');
      const message = status === 500 ? 'Internal error encountered.' : error.message;
      const target = classifyPath(relativePath(request));
      if (target?.family === 'meta')
        return sendMetaError(reply, { message, code: status === 500 ? 1 : 100, status });
      if (target?.family === 'tiktok' && target.api === 'oauth')
        return sendTikTokOAuthError(
          reply,
          status,
          status === 500 ? 'server_error' : 'invalid_request',
          status === 500 ? 'Internal server error.' : 'The request parameters are malformed.',
        );
      if (target?.family === 'tiktok')
        return sendTikTokApiError(
          reply,
          status === 500 ? 'internal_error' : 'invalid_params',
          message,
          status,
        );
      if (target)
        return sendGoogleError(
          reply,
          status,
          message,
          status === 500 ? 'internalError' : 'badRequest',
        );
      return reply
        .code(status)
        .send({ error: { code: status === 500 ? 'INTERNAL' : 'VALIDATION_FAILED', message } });
    },
  );
};
