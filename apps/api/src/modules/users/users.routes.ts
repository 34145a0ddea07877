import { meResponseSchema, setUserRoleRequestSchema, userParamsSchema } from '@crescendo/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { organizationRouteRoles, routeRoles } from '../../lib/permissions';
import { resolveAccess } from '../../lib/roles';
import { errorResponses } from '../../lib/route-schemas';
import { requireCurrentUser } from '../../plugins/auth';
import { findUserById, updateUserRole, type UserRecord } from './users.repository';
import { toMeResponse } from './users.service';

/** Admin: grant a role (until billing lands, this is how a lead becomes a customer). */
export const userAdminRoutes: FastifyPluginAsyncZod<{
  db: Database;
  /** The user's tier in force now (billing's entitlements): the answer shows it, not the stored one. */
  resolveTier: (user: UserRecord) => string | null;
}> = async (app, { db, resolveTier }) => {
  app.put(
    '/api/v1/admin/users/:id/role',
    {
      config: {
        auth: 'user',
        roles: routeRoles.userAdmin,
        // A product-admin action: the admin's role in their own active organisation is beside it.
        organizationRole: organizationRouteRoles.self,
      },
      schema: {
        tags: ['admin'],
        summary: "Set a user's backend role",
        security: [{ bearerAuth: [] }],
        params: userParamsSchema,
        body: setUserRoleRequestSchema,
        response: { 200: meResponseSchema, ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request) => {
      const admin = requireCurrentUser(request);
      if (request.params.id === admin.id && request.body.role !== 'admin') {
        throw AppError.conflict('You cannot remove your own admin role.');
      }
      if (!(await updateUserRole(db, request.params.id, request.body.role))) {
        throw AppError.notFound('No user with that id.');
      }
      const user = (await findUserById(db, request.params.id))!;
      return toMeResponse({
        ...user,
        access: resolveAccess(
          { roles: [], permissions: [], tier: null },
          {
            ...user,
            tier: resolveTier(user),
          },
        ),
      });
    },
  );
};
