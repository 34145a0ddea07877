import { healthResponseSchema } from '@crescendo/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { DatabaseHandle } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { errorResponses } from '../../lib/route-schemas';

export const healthRoutes: FastifyPluginAsyncZod<{
  database: DatabaseHandle;
  version: string;
}> = async (app, { database, version }) => {
  app.get(
    '/api/health',
    {
      config: { rateLimit: false },
      schema: {
        tags: ['health'],
        summary: 'Liveness and database readiness',
        response: { 200: healthResponseSchema, ...errorResponses(503) },
      },
    },
    async () => {
      if (!(await database.ping())) {
        throw new AppError('SERVICE_UNAVAILABLE', 'The database is unreachable.');
      }
      return {
        status: 'ok' as const,
        database: 'up' as const,
        uptimeSeconds: Math.round(process.uptime()),
        version,
      };
    },
  );
};
