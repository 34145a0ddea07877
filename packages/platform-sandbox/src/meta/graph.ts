import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { SandboxContext } from '../context';
import { readParams } from '../http';
import { MetaApiError, META_ERRORS, sendMetaError } from './errors';
import { defaultFields, parseFields, pickFields } from './fields';
import { authenticateMeta, requirePermission, type Caller } from './graph-auth';
import { listAccounts, listMedia, withPaging } from './graph-edges';
import { serializeIgUser, serializeMedia, serializePage } from './graph-nodes';
import { computeMediaInsights, computePageInsights } from './insights';
import { registerMetaTokenRoute } from './login';
import { computeUserInsights } from './user-insights';

/**
 * Graph API nodes and edges used by the Crescendo connector:
 * /me, /me/accounts, /{ig-user-id}, /{ig-user-id}/media, /{ig-user-id}/insights,
 * /{ig-media-id}, /{ig-media-id}/insights, /{page-id}, /{page-id}/insights.
 * https://developers.facebook.com/docs/instagram-platform/instagram-graph-api/reference
 */
export async function registerGraphRoutes(
  app: FastifyInstance,
  context: SandboxContext,
): Promise<void> {
  registerMetaTokenRoute(app, context);

  // Revoking the app's permissions (what an app does when its user leaves it): the whole grant
  // ends, as Meta's `DELETE /{user-id}/permissions` does; answers `{ success: true }`.
  app.delete('/:version/*', async (request, reply) => {
    const rest = (request.params as { '*': string })['*'] ?? '';
    const caller = authenticateMeta(request, reply, context);
    if (!caller) return reply;
    const [nodeId, edge, ...extra] = rest.split('/').filter(Boolean);
    const isUser = nodeId === 'me' || nodeId === caller.persona.facebookUser.id;
    if (!isUser || edge !== 'permissions' || extra.length > 0 || caller.record.kind === 'page') {
      return sendMetaError(reply, {
        message: `Unsupported delete request. Object with ID '${nodeId ?? ''}' does not exist, cannot be loaded due to missing permissions, or does not support this operation.`,
        code: 100,
      });
    }
    context.tokens.revokeGrant(caller.grant.id);
    return reply.type('application/json; charset=UTF-8').send({ success: true });
  });

  app.get('/:version/*', async (request, reply) => {
    const { version } = request.params as { version: string };
    const rest = (request.params as { '*': string })['*'] ?? '';
    if (!/^v\d+\.\d+$/.test(version)) {
      return sendMetaError(reply, {
        message: `Unknown path components: /${version}/${rest}`,
        code: 2500,
      });
    }
    try {
      const caller = authenticateMeta(request, reply, context);
      if (!caller) return reply;
      const body = dispatch(request, context, caller, rest.split('/').filter(Boolean));
      return reply.type('application/json; charset=UTF-8').send(body);
    } catch (error) {
      if (error instanceof MetaApiError) return sendMetaError(reply, error.details);
      throw error;
    }
  });
}

function dispatch(
  request: FastifyRequest,
  context: SandboxContext,
  caller: Caller,
  segments: string[],
): unknown {
  const params = readParams(request.query);
  const fields = parseFields(params.fields);
  const [nodeId = '', edge, ...extra] = segments;
  const persona = caller.persona;
  const today = context.today();
  const nowMs = context.clock.nowMs();
  const unknownPath = (): MetaApiError =>
    new MetaApiError({
      message: `Unknown path components: /${segments.slice(1).join('/')}`,
      code: 2500,
    });

  const isMe = nodeId === 'me';
  if (isMe && caller.record.kind === 'page') {
    // A page token's /me is the page itself.
    return dispatch(request, context, caller, [persona.page.id, ...segments.slice(1)]);
  }
  if (isMe || nodeId === persona.facebookUser.id) {
    if (!edge)
      return pickFields('User', fields ?? defaultFields(['id', 'name']), {
        id: () => persona.facebookUser.id,
        name: () => persona.facebookUser.name,
      });
    if (edge === 'accounts' && extra.length === 0)
      return listAccounts(request, context, caller, fields);
    if (edge === 'permissions' && extra.length === 0)
      return { data: caller.grant.scopes.map((permission) => ({ permission, status: 'granted' })) };
    throw unknownPath();
  }

  const instagram = persona.instagram;
  if (nodeId === instagram.id) {
    requirePermission(caller, 'instagram_basic');
    if (!edge)
      return serializeIgUser(
        context,
        persona,
        fields ?? defaultFields(['id']),
        context.publicBaseOf(request),
      );
    if (edge === 'media' && extra.length === 0)
      return listMedia(request, context, persona, fields, params);
    if (edge === 'insights' && extra.length <= 2) {
      requirePermission(caller, 'instagram_manage_insights');
      return withPaging(
        request,
        computeUserInsights(instagram, insightsParams(params, extra), today),
      );
    }
    throw unknownPath();
  }

  const media = instagram.mediaById.get(nodeId);
  if (media && media.timestampMs <= nowMs) {
    requirePermission(caller, 'instagram_basic');
    if (!edge)
      return serializeMedia(
        persona,
        media,
        fields ?? defaultFields(['id']),
        context.publicBaseOf(request),
      );
    if (edge === 'insights' && extra.length === 0) {
      requirePermission(caller, 'instagram_manage_insights');
      return computeMediaInsights(media, params);
    }
    throw unknownPath();
  }

  if (nodeId === persona.page.id) {
    if (!edge)
      return serializePage(
        context,
        caller,
        fields ?? defaultFields(['name', 'id']),
        context.publicBaseOf(request),
      );
    if (edge === 'insights' && extra.length <= 2) {
      if (caller.record.kind !== 'page') {
        throw new MetaApiError({
          message: '(#190) This method must be called with a Page Access Token',
          code: 190,
        });
      }
      requirePermission(caller, 'pages_read_engagement');
      return withPaging(
        request,
        computePageInsights(persona.page, insightsParams(params, extra), today),
      );
    }
    throw unknownPath();
  }

  // Objects of other personas look exactly like missing ones, as with real permissions.
  throw new MetaApiError(META_ERRORS.unsupportedGet(nodeId));
}

/** /insights/{metric}/{period} path segments stand for the metric and period parameters. */
function insightsParams(params: Record<string, string>, extra: string[]): Record<string, string> {
  return {
    ...params,
    ...(extra[0] ? { metric: extra[0] } : {}),
    ...(extra[1] ? { period: extra[1] } : {}),
  };
}
