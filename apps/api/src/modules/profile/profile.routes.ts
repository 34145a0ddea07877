import { artistProfileInputSchema, artistProfileResponseSchema } from '@crescendo/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client';
import { routeRoles } from '../../lib/permissions';
import { errorResponses } from '../../lib/route-schemas';
import { requireCurrentUser } from '../../plugins/auth';
import { createArtistProfile, getArtistProfile, replaceArtistProfile } from './profile.service';

/** The artist profile of the caller's organisation. */
export const profileRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  const config = { auth: 'user', roles: routeRoles.artistProfile } as const;
  const security = [{ bearerAuth: [] }];

  app.get(
    '/api/artist/profile',
    {
      config,
      schema: {
        tags: ['profile'],
        summary: "The organisation's artist profile",
        security,
        response: { 200: artistProfileResponseSchema, ...errorResponses(401, 403, 404, 429) },
      },
    },
    async (request) => ({ profile: await getArtistProfile(db, requireCurrentUser(request)) }),
  );

  app.post(
    '/api/artist/profile',
    {
      config,
      schema: {
        tags: ['profile'],
        summary: 'Create the artist profile',
        security,
        body: artistProfileInputSchema,
        response: { 201: artistProfileResponseSchema, ...errorResponses(400, 401, 403, 409, 429) },
      },
    },
    async (request, reply) =>
      reply.status(201).send({
        profile: await createArtistProfile(db, requireCurrentUser(request), request.body),
      }),
  );

  app.put(
    '/api/artist/profile',
    {
      config,
      schema: {
        tags: ['profile'],
        summary: 'Replace the artist profile',
        security,
        body: artistProfileInputSchema,
        response: { 200: artistProfileResponseSchema, ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request) => ({
      profile: await replaceArtistProfile(db, requireCurrentUser(request), request.body),
    }),
  );
};
