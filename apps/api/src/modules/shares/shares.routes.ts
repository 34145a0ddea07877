import {
  shareLinkCreatedSchema,
  shareLinkInputSchema,
  shareLinkListSchema,
  shareLinkParamsSchema,
  shareLinkSchema,
} from '@crescendo/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client';
import { routeRoles } from '../../lib/permissions';
import { errorResponses } from '../../lib/route-schemas';
import { readRequestOrigin } from '../../lib/request-origin';
import { requireCurrentUser } from '../../plugins/auth';
import { recordAuditEvent } from '../audit';
import { createShareLink, listShareLinks, revokeShareLink } from './shares.service';

/** The organisation's share links, for its owner and managers. */
export const shareLinkRoutes: FastifyPluginAsyncZod<{
  db: Database;
  /** The clock (tests pin it, as they pin the dashboard's). */
  now?: () => Date;
}> = async (app, { db, now = () => new Date() }) => {
  const config = { auth: 'user', roles: routeRoles.dashboard } as const;
  const security = [{ bearerAuth: [] }];
  const tags = ['shares'];

  app.get(
    '/api/shares',
    {
      config,
      schema: {
        tags,
        summary: "The organisation's share links (the tokens are never shown again)",
        security,
        response: { 200: shareLinkListSchema, ...errorResponses(401, 403, 429) },
      },
    },
    async (request) => listShareLinks(db, requireCurrentUser(request), now()),
  );

  app.post(
    '/api/shares',
    {
      config,
      schema: {
        tags,
        summary: 'Create a read-only link to a dashboard view; its path is in the answer, once',
        security,
        body: shareLinkInputSchema,
        response: { 201: shareLinkCreatedSchema, ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (request, reply) => {
      const user = requireCurrentUser(request);
      const created = await createShareLink(db, user, request.body, now());
      await recordAuditEvent(db, {
        organizationId: user.organization.id,
        action: 'share_link_created',
        actor: { userId: user.id },
        origin: readRequestOrigin(request),
        detail: {
          shareLinkId: created.link.id,
          view: created.link.view,
          label: created.link.label,
        },
      });
      return reply.status(201).send(created);
    },
  );

  app.post(
    '/api/shares/:id/revoke',
    {
      config,
      schema: {
        tags,
        summary: 'Revoke a share link: it answers 404 from now on',
        security,
        params: shareLinkParamsSchema,
        response: { 200: shareLinkSchema, ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request) => {
      const user = requireCurrentUser(request);
      const link = await revokeShareLink(db, user, request.params.id, now());
      await recordAuditEvent(db, {
        organizationId: user.organization.id,
        action: 'share_link_revoked',
        actor: { userId: user.id },
        origin: readRequestOrigin(request),
        detail: { shareLinkId: link.id, view: link.view, label: link.label },
      });
      return link;
    },
  );
};
