import { auditLogQuerySchema, auditLogResponseSchema } from '@crescendo/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client';
import { organizationRouteRoles } from '../../lib/permissions';
import { errorResponses } from '../../lib/route-schemas';
import { requireCurrentUser } from '../../plugins/auth';
import { getAuditLog } from './audit.service';

/** The active organisation's audit log. */
export const auditRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/api/v1/team/audit-log',
    {
      config: { auth: 'user', organizationRole: organizationRouteRoles.auditLog },
      schema: {
        tags: ['teams'],
        summary:
          'Who did what to the active artist, when and from where (owners; newest first, kept a year)',
        security: [{ bearerAuth: [] }],
        querystring: auditLogQuerySchema,
        response: { 200: auditLogResponseSchema, ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (request) => getAuditLog(db, requireCurrentUser(request), request.query),
  );
};
