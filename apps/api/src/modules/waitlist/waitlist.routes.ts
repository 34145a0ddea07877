import {
  listWaitlistQuerySchema,
  listWaitlistResponseSchema,
  waitlistDecisionResponseSchema,
  waitlistEntryParamsSchema,
} from '@crescendo/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client';
import type { Mailer } from '../mail';
import { organizationRouteRoles, routeRoles } from '../../lib/permissions';
import { errorResponses } from '../../lib/route-schemas';
import { requireCurrentUser } from '../../plugins/auth';
import { decideWaitlistEntry, listWaitlist } from './waitlist.service';

/** Admin-only waitlist management. */
export const waitlistAdminRoutes: FastifyPluginAsyncZod<{
  db: Database;
  mailer: Mailer;
  appUrl: string;
}> = async (app, { db, mailer, appUrl }) => {
  // Product-admin actions: the admin's role in their own active organisation is beside them.
  const adminOnly = {
    auth: 'user',
    roles: routeRoles.waitlistAdmin,
    organizationRole: organizationRouteRoles.self,
  } as const;

  app.get(
    '/api/v1/admin/waitlist',
    {
      config: adminOnly,
      schema: {
        tags: ['admin'],
        summary: 'Waitlist entries, oldest first',
        security: [{ bearerAuth: [] }],
        querystring: listWaitlistQuerySchema,
        response: { 200: listWaitlistResponseSchema, ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (request) => listWaitlist(db, request.query),
  );

  for (const [action, decision] of [
    ['approve', 'approved'],
    ['reject', 'rejected'],
  ] as const) {
    app.post(
      `/api/v1/admin/waitlist/:id/${action}`,
      {
        config: adminOnly,
        schema: {
          tags: ['admin'],
          summary: `${action === 'approve' ? 'Approve' : 'Reject'} a waitlist entry`,
          security: [{ bearerAuth: [] }],
          params: waitlistEntryParamsSchema,
          body: z.unknown().optional(),
          response: {
            200: waitlistDecisionResponseSchema,
            ...errorResponses(400, 401, 403, 404, 429),
          },
        },
      },
      async (request) => ({
        entry: await decideWaitlistEntry(
          { db, mailer, appUrl, log: request.log },
          requireCurrentUser(request),
          request.params.id,
          decision,
        ),
      }),
    );
  }
};
