import {
  audienceResponseSchema,
  campaignInputSchema,
  campaignParamsSchema,
  campaignResponseSchema,
  contentQuerySchema,
  contentResponseSchema,
  dashboardAnalyticsResponseSchema,
  dashboardQuerySchema,
  insightParamsSchema,
  overviewQuerySchema,
  revenueQuerySchema,
  revenueResponseSchema,
  roiQuerySchema,
  roiResponseSchema,
} from '@crescendo/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { organizationRouteRoles, routeRoles } from '../../lib/permissions';
import { errorResponses } from '../../lib/route-schemas';
import { requireCurrentUser } from '../../plugins/auth';
import {
  assertNotOverLimit,
  assertWithinLimit,
  enforceHistoryWindow,
  sendCsvExport,
} from '../billing';
import {
  acknowledgeInsight,
  createCampaign,
  getAudience,
  getContent,
  getDashboardAnalytics,
  getRevenue,
  getRoi,
  removeCampaign,
  replaceCampaign,
  toContentCsv,
  toOverviewCsv,
  toRevenueCsv,
} from '.';

/**
 * The dashboard's endpoints: every figure scoped to the caller's organisation, over the days its
 * scope resolves (the one rule for windows and the plan's history window, shared/scope.ts).
 */
export const analyticsRoutes: FastifyPluginAsyncZod<{
  db: Database;
  /** The clock "today" and the plan's history window are read with (tests pin it). */
  now?: (() => Date) | undefined;
}> = async (app, { db, now }) => {
  const viewerOf = (request: FastifyRequest) => ({
    organization: requireCurrentUser(request).organization,
    now,
  });
  const config = { auth: 'user', roles: routeRoles.dashboard } as const;
  const security = [{ bearerAuth: [] }];
  const tags = ['dashboard'];

  app.get(
    '/api/dashboard/analytics',
    {
      config,
      schema: {
        tags,
        summary:
          'Followers, views, watch time, engagement and revenue per platform and combined; `format=csv` for the series',
        security,
        querystring: overviewQuerySchema,
        response: { 200: dashboardAnalyticsResponseSchema, ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (request, reply) => {
      const overview = await getDashboardAnalytics(db, viewerOf(request), request.query);
      if (request.query.format !== 'csv') return overview;
      return sendCsvExport(db, request, reply, {
        filename: `crescendo-dashboard-${overview.range.from}-to-${overview.range.to}.csv`,
        csv: () => toOverviewCsv(overview),
      });
    },
  );

  app.get(
    '/api/dashboard/audience',
    {
      config,
      schema: {
        tags,
        summary: 'Country, city, age, gender, device and traffic-source breakdowns',
        security,
        querystring: dashboardQuerySchema,
        response: { 200: audienceResponseSchema, ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (request) => getAudience(db, viewerOf(request), request.query),
  );

  app.get(
    '/api/dashboard/content',
    {
      config,
      schema: {
        tags,
        summary: 'Every content item across platforms; `format=csv` for a spreadsheet',
        security,
        querystring: contentQuerySchema,
        response: { 200: contentResponseSchema, ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (request, reply) => {
      const content = await getContent(db, viewerOf(request), request.query);
      if (request.query.format !== 'csv') return content;
      return sendCsvExport(db, request, reply, {
        filename: `crescendo-content-${content.range.from}-to-${content.range.to}.csv`,
        csv: () => toContentCsv(content),
      });
    },
  );

  app.get(
    '/api/dashboard/revenue',
    {
      config,
      schema: {
        tags,
        summary:
          'Statement earnings in the period by store, country, song, release, month or source, how far each source has reported, lines left out (another currency), and YouTube’s estimate apart; `format=csv` for a spreadsheet',
        security,
        querystring: revenueQuerySchema,
        response: { 200: revenueResponseSchema, ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (request, reply) => {
      // Statements are read by month, not through the analytics scope: the plan's history
      // window is applied to their query here.
      const query = await enforceHistoryWindow(
        db,
        requireCurrentUser(request).organization.id,
        request.query,
        now?.(),
      );
      const { months: _months, ...revenue } = await getRevenue(
        db,
        requireCurrentUser(request),
        query,
        now?.(),
      );
      if (request.query.format !== 'csv') return revenue;
      return sendCsvExport(db, request, reply, {
        filename: `crescendo-revenue-by-${request.query.groupBy}-${revenue.range.from}-to-${revenue.range.to}.csv`,
        csv: () => toRevenueCsv(revenue, request.query.groupBy),
      });
    },
  );

  app.get(
    '/api/dashboard/roi',
    {
      config,
      schema: {
        tags,
        summary: 'Campaigns run in the period: spend, lift above the pre-campaign run-rate, ROI',
        security,
        querystring: roiQuerySchema,
        response: { 200: roiResponseSchema, ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (request) => getRoi(db, viewerOf(request), request.query),
  );

  app.post(
    '/api/dashboard/roi/campaigns',
    {
      config,
      schema: {
        tags,
        summary: 'Record a campaign (spend and extra revenue)',
        security,
        body: campaignInputSchema,
        response: { 201: campaignResponseSchema, ...errorResponses(400, 401, 403, 409, 429) },
      },
    },
    async (request, reply) => {
      await assertWithinLimit(db, requireCurrentUser(request).organization.id, 'campaigns');
      return reply
        .status(201)
        .send({ campaign: await createCampaign(db, requireCurrentUser(request), request.body) });
    },
  );

  app.put(
    '/api/dashboard/roi/campaigns/:id',
    {
      config,
      schema: {
        tags,
        summary: 'Replace a campaign',
        security,
        params: campaignParamsSchema,
        body: campaignInputSchema,
        response: { 200: campaignResponseSchema, ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request) => {
      await assertNotOverLimit(db, requireCurrentUser(request).organization.id, 'campaigns');
      return {
        campaign: await replaceCampaign(
          db,
          requireCurrentUser(request),
          request.params.id,
          request.body,
        ),
      };
    },
  );

  app.delete(
    '/api/dashboard/roi/campaigns/:id',
    {
      config,
      schema: {
        tags,
        summary: 'Delete a campaign',
        security,
        params: campaignParamsSchema,
        response: { 204: z.null(), ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request, reply) => {
      await removeCampaign(db, requireCurrentUser(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/dashboard/insights/:id/seen',
    {
      // Marking a toast as shown is reading, not editing: viewers see insights too.
      config: { ...config, organizationRole: organizationRouteRoles.read },
      schema: {
        tags,
        summary: 'Mark an insight as shown (its toast appears once)',
        security,
        params: insightParamsSchema,
        body: z.unknown().optional(),
        response: { 204: z.null(), ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request, reply) => {
      await acknowledgeInsight(db, requireCurrentUser(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
};
