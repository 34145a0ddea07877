import {
  shareGrantHeader,
  shareGrantSchema,
  sharedPageQuerySchema,
  sharedViewResponseSchema,
  shareTokenParamsSchema,
  shareUnlockInputSchema,
} from '@crescendo/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client';
import type { RateLimitStore } from '../../lib/rate-limit-store';
import { errorResponses } from '../../lib/route-schemas';
import { openSharedView, unlockShareLink } from './shared-view.service';

/** The shared page's reads: no sign-in, the token is the key. Never indexed, never cached. */
export const publicShareRoutes: FastifyPluginAsyncZod<{
  db: Database;
  rateLimitStore: RateLimitStore;
  now?: () => Date;
}> = async (app, { db, rateLimitStore, now = () => new Date() }) => {
  const tags = ['shares'];
  app.addHook('onSend', async (_request, reply) => {
    reply.header('x-robots-tag', 'noindex, nofollow');
    reply.header('cache-control', 'no-store');
    reply.header('referrer-policy', 'no-referrer');
  });

  app.get(
    '/api/public/shares/:token',
    {
      schema: {
        tags,
        summary: 'A shared view: its figures, or `isLocked` until its password is given',
        params: shareTokenParamsSchema,
        querystring: sharedPageQuerySchema,
        response: { 200: sharedViewResponseSchema, ...errorResponses(400, 403, 404, 429) },
      },
    },
    async (request) => {
      const grant = request.headers[shareGrantHeader];
      return openSharedView(db, request.params.token, {
        grant: typeof grant === 'string' ? grant : undefined,
        page: request.query.page,
        now: now(),
      });
    },
  );

  app.post(
    '/api/public/shares/:token/unlock',
    {
      schema: {
        tags,
        summary: `Give a link's password; the grant goes in the \`${shareGrantHeader}\` header`,
        params: shareTokenParamsSchema,
        body: shareUnlockInputSchema,
        response: { 200: shareGrantSchema, ...errorResponses(400, 401, 404, 429) },
      },
    },
    async (request) =>
      unlockShareLink(
        db,
        rateLimitStore,
        request.params.token,
        request.body.password,
        request.ip,
        now(),
      ),
  );
};
