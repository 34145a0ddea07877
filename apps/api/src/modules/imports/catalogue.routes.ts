import {
  songDetailResponseSchema,
  songLinkInputSchema,
  songLinkParamsSchema,
  songListResponseSchema,
  songParamsSchema,
} from '@crescendo/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { routeRoles } from '../../lib/permissions';
import { errorResponses } from '../../lib/route-schemas';
import { requireCurrentUser } from '../../plugins/auth';
import {
  dismissSongSuggestion,
  getSong,
  linkSongToContent,
  listSongs,
  unlinkSongFromContent,
} from './catalogue.service';

/** One catalogue: songs by ISRC (dashed or not), their figures, and their links to platform items. */
export const catalogueRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  const config = { auth: 'user', roles: routeRoles.dashboard } as const;
  const security = [{ bearerAuth: [] }];
  const tags = ['catalogue'];

  app.get(
    '/api/v1/songs',
    {
      config,
      schema: {
        tags,
        summary: 'Every song with its Spotify figures, statement earnings and linked items',
        security,
        response: { 200: songListResponseSchema, ...errorResponses(401, 403, 429) },
      },
    },
    async (request) => listSongs(db, requireCurrentUser(request)),
  );

  app.get(
    '/api/v1/songs/:isrc',
    {
      config,
      schema: {
        tags,
        summary:
          "One song: earnings by store and country, its timeline, each source's freshness, link suggestions",
        security,
        params: songParamsSchema,
        response: { 200: songDetailResponseSchema, ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request) => getSong(db, requireCurrentUser(request), request.params.isrc),
  );

  app.post(
    '/api/v1/songs/:isrc/links',
    {
      config,
      schema: {
        tags,
        summary: 'Link a YouTube video or Short, an Instagram reel or a Facebook video to the song',
        security,
        params: songParamsSchema,
        body: songLinkInputSchema,
        response: { 200: songDetailResponseSchema, ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request) =>
      linkSongToContent(
        db,
        requireCurrentUser(request),
        request.params.isrc,
        request.body.contentId,
      ),
  );

  app.post(
    '/api/v1/songs/:isrc/dismissals',
    {
      config,
      schema: {
        tags,
        summary:
          'Dismiss a link suggestion: the item is not this song (remembered for the organisation)',
        security,
        params: songParamsSchema,
        body: songLinkInputSchema,
        response: { 200: songDetailResponseSchema, ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request) =>
      dismissSongSuggestion(
        db,
        requireCurrentUser(request),
        request.params.isrc,
        request.body.contentId,
      ),
  );

  app.delete(
    '/api/v1/songs/:isrc/links/:contentId',
    {
      config,
      schema: {
        tags,
        summary: 'Remove a link between the song and a platform item',
        security,
        params: songLinkParamsSchema,
        response: { 204: z.null(), ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request, reply) => {
      await unlinkSongFromContent(
        db,
        requireCurrentUser(request),
        request.params.isrc,
        request.params.contentId,
      );
      return reply.status(204).send(null);
    },
  );
};
