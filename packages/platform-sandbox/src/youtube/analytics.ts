import type { FastifyInstance } from 'fastify';
import type { SandboxContext } from '../context';
import { sendGoogleError } from '../google-errors';
import { readGoogleParams } from '../http';
import { registerPartialResponse } from '../partial-response';
import { authenticateGoogle } from '../oauth/google';
import { GOOGLE_SCOPES } from '../oauth/token-store';
import { runAnalyticsQuery, type ResultTable } from './analytics-engine';
import { parseAnalyticsQuery } from './analytics-query';
import { AnalyticsQueryError } from './analytics-schema';

/** The most recent days have not been processed yet, as in YouTube Analytics. */
export const ANALYTICS_LAG_DAYS = 2;
const CACHE_SIZE = 64;

export async function registerYouTubeAnalyticsRoutes(
  app: FastifyInstance,
  context: SandboxContext,
): Promise<void> {
  // Dashboards repeat the same queries; a small LRU keeps repeated reads near-free.
  const cache = new Map<string, ResultTable>();
  registerPartialResponse(app);

  app.get('/reports', async (request, reply) => {
    const grant = authenticateGoogle(request, reply, context, [
      GOOGLE_SCOPES.analyticsReadonly,
      GOOGLE_SCOPES.analyticsMonetaryReadonly,
    ]);
    if (!grant) return reply;
    const persona = context.world.persona(grant.personaId);
    const params = readGoogleParams(request.query, []);
    try {
      const query = parseAnalyticsQuery(params, persona.youtube.id);
      if (
        query.metrics.includes('estimatedRevenue') &&
        !grant.scopes.includes(GOOGLE_SCOPES.analyticsMonetaryReadonly)
      ) {
        return sendGoogleError(reply, 403, 'Forbidden', 'forbidden');
      }
      const lastDataDay = context.today() - ANALYTICS_LAG_DAYS;
      const key = JSON.stringify([
        persona.id,
        lastDataDay,
        params.startDate,
        params.endDate,
        params.metrics,
        params.dimensions,
        params.filters,
        params.sort,
        params.maxResults,
        params.startIndex,
      ]);
      let table = cache.get(key);
      if (table) {
        cache.delete(key);
      } else {
        table = runAnalyticsQuery(persona.youtube, query, lastDataDay);
      }
      cache.set(key, table);
      if (cache.size > CACHE_SIZE) cache.delete(cache.keys().next().value as string);
      return reply.type('application/json; charset=UTF-8').send(table);
    } catch (error) {
      if (error instanceof AnalyticsQueryError) {
        return sendGoogleError(reply, error.status, error.message, error.reason);
      }
      throw error;
    }
  });
}
