import {
  markNotificationsReadResponseSchema,
  markNotificationsReadSchema,
  notificationListQuerySchema,
  notificationListResponseSchema,
  notificationPreferencesResponseSchema,
  sendDigestNowResponseSchema,
  unsubscribeQuerySchema,
  unsubscribeResponseSchema,
  updateNotificationPreferencesSchema,
} from '@crescendo/contracts';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { organizationRouteRoles, routeRoles } from '../../lib/permissions';
import { errorResponses } from '../../lib/route-schemas';
import { requireCurrentUser } from '../../plugins/auth';
import { AppError } from '../../lib/app-error';
import { escapeHtml } from './html';
import { settingsPath, type NotificationDependencies } from './mail-delivery';
import {
  describeUnsubscribeLink,
  getNotifications,
  getPreferences,
  readNotifications,
  sendDigestNow,
  unsubscribe,
  updatePreferences,
} from './notifications.service';
import { alertKindNames } from './render-alerts';

const unsubscribePath = '/api/v1/notifications/unsubscribe';

function kindName(kind: string): string {
  return kind === 'digest'
    ? 'the weekly digest'
    : (alertKindNames[kind as keyof typeof alertKindNames] ?? kind);
}

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="color-scheme" content="light dark"><title>${escapeHtml(title)} · Crescendo</title><style>:root{font-family:system-ui,sans-serif;color-scheme:light dark}body{margin:0 auto;max-width:32rem;padding:3rem 1.25rem;line-height:1.5}button{font:inherit;padding:.6rem 1.1rem;border-radius:.5rem;border:0;background:#6d28d9;color:#fff;cursor:pointer}button:focus-visible{outline:3px solid #a78bfa;outline-offset:2px}a{color:#6d28d9}@media (prefers-color-scheme:dark){a{color:#c4b5fd}}</style></head><body><main>${body}</main></body></html>`;
}

/** Settings, the in-app list, send-now, and the one-click unsubscribe (no sign-in). */
export const notificationsRoutes: FastifyPluginAsyncZod<NotificationDependencies> = async (
  app,
  deps,
) => {
  const security = [{ bearerAuth: [] }];
  const tags = ['notifications'];
  // Settings and the list are the caller's own: any member, viewers included, may change them.
  const config = {
    auth: 'user',
    roles: routeRoles.dashboard,
    organizationRole: organizationRouteRoles.self,
  } as const;

  app.get(
    '/api/v1/notifications/preferences',
    {
      config,
      schema: {
        tags,
        summary: "The caller's notification settings for the active artist",
        security,
        response: { 200: notificationPreferencesResponseSchema, ...errorResponses(401, 403, 429) },
      },
    },
    async (request) => getPreferences(deps, requireCurrentUser(request)),
  );

  app.put(
    '/api/v1/notifications/preferences',
    {
      config,
      schema: {
        tags,
        summary: 'Change the digest, alerts, threshold, quiet hours or time zone',
        security,
        body: updateNotificationPreferencesSchema,
        response: {
          200: notificationPreferencesResponseSchema,
          ...errorResponses(400, 401, 403, 429),
        },
      },
    },
    async (request) => updatePreferences(deps, requireCurrentUser(request), request.body),
  );

  app.post(
    '/api/v1/notifications/digest/send-now',
    {
      config,
      schema: {
        tags,
        summary: "Mail the caller this week's digest now",
        security,
        body: z.unknown().optional(),
        response: { 200: sendDigestNowResponseSchema, ...errorResponses(401, 403, 429) },
      },
    },
    async (request) => sendDigestNow(deps, requireCurrentUser(request)),
  );

  app.get(
    '/api/v1/notifications',
    {
      config,
      schema: {
        tags,
        summary: 'The in-app notification list, newest first, with the unread count',
        security,
        querystring: notificationListQuerySchema,
        response: { 200: notificationListResponseSchema, ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (request) => getNotifications(deps, requireCurrentUser(request), request.query.limit),
  );

  app.post(
    '/api/v1/notifications/read',
    {
      config,
      schema: {
        tags,
        summary: 'Mark the given notifications (or all) read',
        security,
        body: markNotificationsReadSchema,
        response: {
          200: markNotificationsReadResponseSchema,
          ...errorResponses(400, 401, 403, 429),
        },
      },
    },
    async (request) => readNotifications(deps, requireCurrentUser(request), request.body.ids),
  );

  await app.register(async (plainScope) => {
    const scope = plainScope.withTypeProvider<ZodTypeProvider>();
    // RFC 8058's one-click POST is a form body (`List-Unsubscribe=One-Click`); so is the page's.
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 1024 },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );

    scope.get(unsubscribePath, { schema: { hide: true } }, async (request, reply) => {
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
      const query = unsubscribeQuerySchema.safeParse(request.query);
      const done = (request.query as { done?: string }).done === '1';
      try {
        if (!query.success)
          throw new AppError('BAD_REQUEST', 'This unsubscribe link is not valid.');
        const { subject, organizationName } = await describeUnsubscribeLink(deps, query.data.token);
        const what = `${kindName(subject.kind)} for ${organizationName}`;
        if (done) {
          return reply.send(
            page(
              'Unsubscribed',
              `<h1>You are unsubscribed</h1><p>Crescendo will not mail you ${escapeHtml(what)} any more.</p><p><a href="${settingsPath}">Settings → Notifications</a> (sign in) turns it back on.</p>`,
            ),
          );
        }
        // A GET changes nothing (mail scanners open links): the button posts.
        return reply.send(
          page(
            'Unsubscribe',
            `<h1>Unsubscribe?</h1><p>Stop ${escapeHtml(what)}.</p><form method="post" action="${unsubscribePath}?token=${encodeURIComponent(query.data.token)}"><input type="hidden" name="from" value="page"><button type="submit">Unsubscribe</button></form><p><a href="${settingsPath}">Settings → Notifications</a></p>`,
          ),
        );
      } catch (error) {
        const status = error instanceof AppError ? error.statusCode : 500;
        const message = error instanceof AppError ? error.message : 'Something went wrong.';
        return reply
          .status(status)
          .send(page('Unsubscribe', `<h1>Unsubscribe</h1><p>${escapeHtml(message)}</p>`));
      }
    });

    scope.post(
      unsubscribePath,
      {
        schema: {
          tags,
          summary: 'One-click unsubscribe (RFC 8058): the signed token is the authorisation',
          querystring: unsubscribeQuerySchema,
          body: z.record(z.string(), z.string()).optional(),
          response: { 200: unsubscribeResponseSchema, ...errorResponses(400, 404, 429) },
        },
      },
      async (request, reply) => {
        const { subject, organizationName } = await unsubscribe(deps, request.query.token);
        if (request.body?.from === 'page') {
          return reply.redirect(
            `${unsubscribePath}?token=${encodeURIComponent(request.query.token)}&done=1`,
            303,
          );
        }
        return {
          kind: subject.kind,
          organization: organizationName,
          isUnsubscribed: true as const,
        };
      },
    );
  });
};
