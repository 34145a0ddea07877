import { Readable } from 'node:stream';
import {
  accountExportSchema,
  type AccountExport,
  dataDeletionCodeParamsSchema,
  dataDeletionStatusResponseSchema,
  deleteAccountRequestSchema,
  deleteAccountResponseSchema,
  deleteOrganizationRequestSchema,
  deleteOrganizationResponseSchema,
  metaDataDeletionResponseSchema,
} from '@crescendo/contracts';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { organizationRouteRoles } from '../../lib/permissions';
import { readRequestOrigin } from '../../lib/request-origin';
import { errorResponses } from '../../lib/route-schemas';
import { requireCurrentUser } from '../../plugins/auth';
import {
  deleteAccount,
  deleteActiveOrganization,
  exportAccount,
  getDeletionStatus,
  handleMetaDataDeletion,
} from './account.service';
import type { AccountDependencies } from './deletion.service';

export type AccountRoutesOptions = AccountDependencies & { metaAppSecret: string };

const formContentType = 'application/x-www-form-urlencoded';

/** The caller's data rights: export and deletion; an owner's deletion of an artist; Meta's callback. */
export const accountRoutes: FastifyPluginAsyncZod<AccountRoutesOptions> = async (app, deps) => {
  const security = [{ bearerAuth: [] }];
  const tags = ['account'];
  // Acts on the caller themself, whatever their role in the active artist (any product role).
  const self = { auth: 'user', organizationRole: organizationRouteRoles.self } as const;

  app.get(
    '/api/v1/account/export',
    {
      config: self,
      schema: {
        tags,
        summary:
          'Download everything held about you and the artists you own (JSON; no tokens, hashes or secrets)',
        security,
        response: { 200: accountExportSchema, ...errorResponses(401, 403, 429) },
      },
    },
    async (request, reply) => {
      const user = requireCurrentUser(request);
      const chunks = await exportAccount(deps, user, readRequestOrigin(request));
      const day = (deps.now?.() ?? new Date()).toISOString().slice(0, 10);
      return (
        reply
          .header('content-type', 'application/json; charset=utf-8')
          .header('content-disposition', `attachment; filename="crescendo-export-${day}.json"`)
          .header('cache-control', 'no-store')
          // A stream is sent as it is (Fastify skips serialization); the schema documents its shape.
          .send(Readable.from(chunks) as unknown as AccountExport)
      );
    },
  );

  app.delete(
    '/api/v1/account',
    {
      config: self,
      schema: {
        tags,
        summary:
          'Delete your account: artists only you own go with all their data, grants are revoked at Google and Meta, invoices are kept for tax law; confirmed by mail',
        security,
        body: deleteAccountRequestSchema,
        response: { 200: deleteAccountResponseSchema, ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (request) => deleteAccount(deps, requireCurrentUser(request), request.body.confirmation),
  );

  app.delete(
    '/api/v1/team',
    {
      config: { auth: 'user', organizationRole: organizationRouteRoles.deleteOrganization },
      schema: {
        tags: ['teams'],
        summary:
          'Delete the active artist and all its data (owners; type its name or "delete" to confirm)',
        security,
        body: deleteOrganizationRequestSchema,
        response: {
          200: deleteOrganizationResponseSchema,
          ...errorResponses(400, 401, 403, 404, 409, 429),
        },
      },
    },
    async (request) =>
      deleteActiveOrganization(deps, requireCurrentUser(request), request.body.confirmation),
  );

  await app.register(async (meta) => {
    // Meta posts the callback as a form; the parser lives in this scope only.
    meta.addContentTypeParser(formContentType, { parseAs: 'string' }, (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    });
    meta.withTypeProvider<ZodTypeProvider>().post(
      '/api/v1/meta/data-deletion',
      {
        schema: {
          tags,
          summary:
            "Meta's data-deletion callback (signed_request, HMAC-SHA256 with the app secret): deletes the data of whoever connected that Facebook account",
          body: z.object({ signed_request: z.string().min(1).max(8192) }),
          response: { 200: metaDataDeletionResponseSchema, ...errorResponses(400, 415, 429) },
        },
      },
      async (request) => handleMetaDataDeletion(deps, request.body.signed_request),
    );
  });

  app.get(
    '/api/v1/meta/data-deletion/:code',
    {
      schema: {
        tags,
        summary: 'The status of a data deletion, by its confirmation code (public)',
        params: dataDeletionCodeParamsSchema,
        response: { 200: dataDeletionStatusResponseSchema, ...errorResponses(400, 404, 429) },
      },
    },
    async (request) => getDeletionStatus(deps, request.params.code),
  );
};
