import {
  rangeQuerySchema,
  authUrlQuerySchema,
  authUrlResponseSchema,
  channelDataResponseSchema,
  connectionParamsSchema,
  connectionProviderSchema,
  connectionRefreshResponseSchema,
  connectionsResponseSchema,
  contentListQuerySchema,
  contentListResponseSchema,
  metaAccountDataResponseSchema,
  oauthCallbackQuerySchema,
  oauthProviderParamsSchema,
} from '@crescendo/contracts';
import cookie from '@fastify/cookie';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { organizationRouteRoles, routeRoles } from '../../lib/permissions';
import { errorResponses } from '../../lib/route-schemas';
import { readRequestOrigin } from '../../lib/request-origin';
import { requireCurrentUser } from '../../plugins/auth';
import type { CurrentUser } from '../../lib/current-user';
import { recordAuditEvent } from '../audit';
import type { EnqueueConnectionSync } from './connections.repository';
import {
  disconnectConnection,
  getChannelData,
  getMetaAccountData,
  listConnectionContent,
  listConnections,
  requestConnectionSync,
} from './connections.service';
import {
  chooseBrowserNonce,
  completeOAuthCallback,
  createAuthUrl,
  normalizeProvider,
  oauthNonceCookie,
} from './oauth.service';
import type { PlatformServices } from '../providers';
import { toConnectionContentCsv } from '../analytics';
import { assertCanConnectAccount, sendCsvExport } from '../billing';

export type ConnectionsRoutesOptions = {
  db: Database;
  services: PlatformServices;
  /** Queues a sync of a connection (the sync module's queue, passed in from app.ts). */
  enqueueSync: EnqueueConnectionSync;
  /**
   * The plan's artist limit before the sign-up artist gets its first data (the teams module's,
   * passed in from app.ts).
   */
  assertArtistPlace: (db: Database, user: CurrentUser) => Promise<void>;
  /** The clock the plan's history window is read with (tests pin it). */
  now?: () => Date;
};

/** Connecting YouTube and Meta accounts, and reading what their syncs stored. */
export const connectionsRoutes: FastifyPluginAsyncZod<ConnectionsRoutesOptions> = async (
  app,
  { db, services, enqueueSync, assertArtistPlace, now },
) => {
  const config = { auth: 'user', roles: routeRoles.platformConnections } as const;
  const security = [{ bearerAuth: [] }];
  const tags = ['connections'];
  const nonceCookie = oauthNonceCookie(services.appUrl);
  await app.register(cookie);

  app.get(
    '/api/v1/:provider/oauth/auth-url',
    {
      // A GET, but it starts a flow that ends in a new connection: managers and owners only.
      config: { ...config, organizationRole: organizationRouteRoles.write },
      schema: {
        tags,
        summary:
          'Consent URL for connecting a YouTube channel or a Meta (Instagram/Facebook) account',
        security,
        params: oauthProviderParamsSchema,
        querystring: authUrlQuerySchema,
        response: { 200: authUrlResponseSchema, ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (request, reply) => {
      const user = requireCurrentUser(request);
      const provider = normalizeProvider(request.params.provider);
      await assertCanConnectAccount(db, user.organization.id, provider);
      await assertArtistPlace(db, user);
      const nonce = chooseBrowserNonce(request.cookies[nonceCookie.name]);
      const response = await createAuthUrl(
        db,
        services,
        user,
        provider,
        request.query.returnTo,
        nonce,
      );
      // Lax: sent on the provider's top-level redirect back, never on cross-site subrequests.
      reply.setCookie(nonceCookie.name, nonce, {
        path: '/',
        httpOnly: true,
        sameSite: 'lax',
        secure: nonceCookie.isSecure,
        maxAge: 10 * 60,
      });
      return response;
    },
  );

  app.get(
    '/api/v1/oauth/:provider/callback',
    {
      schema: {
        tags,
        summary:
          "The provider's redirect after consent: exchanges the code, then returns to the app",
        description:
          'Public: the one-time state names the flow and the HttpOnly nonce cookie set with the auth URL proves this browser started it. Answers 302 to the connections screen with `connected=<provider>` or `error=<code>&provider=<provider>` (codes: connectErrorCodes in contracts; the web shows a fixed sentence per code).',
        params: z.object({ provider: connectionProviderSchema }),
        querystring: oauthCallbackQuerySchema,
        response: { 302: z.null(), ...errorResponses(400) },
      },
    },
    async (request, reply) => {
      const outcome = await completeOAuthCallback(
        db,
        services,
        enqueueSync,
        request.params.provider,
        request.query,
        request.cookies[nonceCookie.name],
      );
      request.log.info(
        { provider: request.params.provider, isConnected: outcome.isConnected },
        outcome.isConnected ? 'platform connected' : `platform connect refused: ${outcome.message}`,
      );
      if (outcome.connection) {
        await recordAuditEvent(db, {
          organizationId: outcome.connection.organizationId,
          action: 'connection_added',
          actor: { userId: outcome.connection.userId },
          origin: readRequestOrigin(request),
          detail: {
            connectionId: outcome.connection.id,
            provider: outcome.connection.provider,
            accountName: outcome.connection.accountName,
          },
        });
      }
      return reply.header('cache-control', 'no-store').redirect(outcome.location, 302);
    },
  );

  app.get(
    '/api/v1/auth/oauth-connections',
    {
      config,
      schema: {
        tags,
        summary: "The organisation's platform connections with their sync status",
        security,
        response: { 200: connectionsResponseSchema, ...errorResponses(401, 403, 429) },
      },
    },
    async (request) => ({ connections: await listConnections(db, requireCurrentUser(request)) }),
  );

  app.delete(
    '/api/v1/auth/oauth-connections/:id',
    {
      config,
      schema: {
        tags,
        summary: 'Disconnect: revoke at the provider, delete the tokens and all synced data',
        security,
        params: connectionParamsSchema,
        response: {
          200: z.object({ isRevokedAtProvider: z.boolean() }),
          ...errorResponses(400, 401, 403, 404, 429),
        },
      },
    },
    async (request) => {
      const user = requireCurrentUser(request);
      const { isRevokedAtProvider, connection } = await disconnectConnection(
        db,
        services,
        user,
        request.params.id,
      );
      await recordAuditEvent(db, {
        organizationId: user.organization.id,
        action: 'connection_removed',
        actor: { userId: user.id },
        origin: readRequestOrigin(request),
        detail: {
          connectionId: connection.id,
          provider: connection.provider,
          accountName: connection.accountName,
          isRevokedAtProvider,
        },
      });
      return { isRevokedAtProvider };
    },
  );

  app.post(
    '/api/v1/auth/oauth-connections/:id/refresh',
    {
      config,
      schema: {
        tags,
        summary: 'Queue a sync now',
        security,
        params: connectionParamsSchema,
        response: {
          202: connectionRefreshResponseSchema,
          ...errorResponses(400, 401, 403, 404, 409, 429),
        },
      },
    },
    async (request, reply) =>
      reply
        .status(202)
        .send(
          await requestConnectionSync(
            db,
            enqueueSync,
            requireCurrentUser(request),
            request.params.id,
          ),
        ),
  );

  app.get(
    '/api/v1/auth/oauth-connections/:id/videos',
    {
      config,
      schema: {
        tags,
        summary:
          "The connection's content (videos, shorts, reels, posts) with stats, paged and sorted; `format=csv` for every matching item as a spreadsheet",
        security,
        params: connectionParamsSchema,
        querystring: contentListQuerySchema,
        response: { 200: contentListResponseSchema, ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request, reply) => {
      const user = requireCurrentUser(request);
      const content = await listConnectionContent(db, user, request.params.id, request.query, now);
      if (request.query.format !== 'csv') return content;
      return sendCsvExport(db, request, reply, {
        filename: 'crescendo-content.csv',
        csv: () => toConnectionContentCsv(content),
      });
    },
  );

  app.get(
    '/api/v1/youtube/oauth/channel-data/:id',
    {
      config,
      schema: {
        tags,
        summary: 'Channel summary, daily views / watch time / subscribers, and audience',
        security,
        params: connectionParamsSchema,
        querystring: rangeQuerySchema,
        response: {
          200: channelDataResponseSchema,
          ...errorResponses(400, 401, 403, 404, 409, 429),
        },
      },
    },
    async (request) =>
      getChannelData(db, requireCurrentUser(request), request.params.id, request.query, now),
  );

  app.get(
    '/api/v1/meta/oauth/account-data/:id',
    {
      config,
      schema: {
        tags,
        summary: 'Instagram and Facebook summary, daily reach / views / follows, and audience',
        security,
        params: connectionParamsSchema,
        querystring: rangeQuerySchema,
        response: {
          200: metaAccountDataResponseSchema,
          ...errorResponses(400, 401, 403, 404, 429),
        },
      },
    },
    async (request) =>
      getMetaAccountData(db, requireCurrentUser(request), request.params.id, request.query, now),
  );
};
