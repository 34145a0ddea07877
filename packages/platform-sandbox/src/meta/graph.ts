import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { SandboxContext } from '../context';
import { formatMetaTimestamp } from '../dates';
import { absoluteRequestUrl, readAuthorizationToken, readParams } from '../http';
import type { AccessTokenRecord, Grant } from '../oauth/token-store';
import type { IgMedia } from '../personas/instagram-account';
import type { Persona } from '../personas/world';
import { MetaApiError, META_ERRORS, expiredTokenError, sendMetaError } from './errors';
import { defaultFields, parseFields, pickFields, type FieldSpec } from './fields';
import {
  computeMediaInsights,
  computePageInsights,
  computeUserInsights,
  type InsightsResult,
} from './insights';
import { registerMetaTokenRoute } from './login';

/**
 * Graph API nodes and edges used by the Crescendo connector:
 * /me, /me/accounts, /{ig-user-id}, /{ig-user-id}/media, /{ig-user-id}/insights,
 * /{ig-media-id}, /{ig-media-id}/insights, /{page-id}, /{page-id}/insights.
 * https://developers.facebook.com/docs/instagram-platform/instagram-graph-api/reference
 */
type Caller = { grant: Grant; record: AccessTokenRecord; persona: Persona; token: string };

export async function registerGraphRoutes(
  app: FastifyInstance,
  context: SandboxContext,
): Promise<void> {
  registerMetaTokenRoute(app, context);

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

function authenticateMeta(
  request: FastifyRequest,
  reply: FastifyReply,
  context: SandboxContext,
): Caller | null {
  const token = readParams(request.query).access_token ?? readAuthorizationToken(request);
  if (!token) {
    sendMetaError(reply, META_ERRORS.missingToken);
    return null;
  }
  const nowMs = context.clock.nowMs();
  const lookup = context.tokens.lookupAccessToken(token, nowMs);
  if (lookup.status === 'unknown' || lookup.grant.provider !== 'meta') {
    sendMetaError(reply, META_ERRORS.invalidToken);
    return null;
  }
  if (lookup.status === 'revoked') {
    sendMetaError(reply, META_ERRORS.revokedToken);
    return null;
  }
  if (lookup.status === 'expired') {
    sendMetaError(reply, expiredTokenError(lookup.record.expiresAtMs ?? nowMs, nowMs));
    return null;
  }
  return {
    grant: lookup.grant,
    record: lookup.record,
    persona: context.world.persona(lookup.grant.personaId),
    token,
  };
}

function requirePermission(caller: Caller, permission: string): void {
  if (!caller.grant.scopes.includes(permission))
    throw new MetaApiError(META_ERRORS.missingPermission);
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
    if (!edge) return serializeIgUser(context, persona, fields ?? defaultFields(['id']));
    if (edge === 'media' && extra.length === 0)
      return listMedia(request, context, persona, fields, params);
    if (edge === 'insights' && extra.length <= 2) {
      requirePermission(caller, 'instagram_manage_insights');
      const merged = {
        ...params,
        ...(extra[0] ? { metric: extra[0] } : {}),
        ...(extra[1] ? { period: extra[1] } : {}),
      };
      return withPaging(request, computeUserInsights(instagram, merged, today));
    }
    throw unknownPath();
  }

  const media = instagram.mediaById.get(nodeId);
  if (media && media.timestampMs <= nowMs) {
    requirePermission(caller, 'instagram_basic');
    if (!edge) return serializeMedia(persona, media, fields ?? defaultFields(['id']));
    if (edge === 'insights' && extra.length === 0) {
      requirePermission(caller, 'instagram_manage_insights');
      return computeMediaInsights(media, params);
    }
    throw unknownPath();
  }

  if (nodeId === persona.page.id) {
    if (!edge) return serializePage(context, caller, fields ?? defaultFields(['name', 'id']));
    if (edge === 'insights' && extra.length <= 2) {
      if (caller.record.kind !== 'page') {
        throw new MetaApiError({
          message: '(#190) This method must be called with a Page Access Token',
          code: 190,
        });
      }
      requirePermission(caller, 'pages_read_engagement');
      const merged = {
        ...params,
        ...(extra[0] ? { metric: extra[0] } : {}),
        ...(extra[1] ? { period: extra[1] } : {}),
      };
      return withPaging(request, computePageInsights(persona.page, merged, today));
    }
    throw unknownPath();
  }

  // Objects of other personas look exactly like missing ones, as with real permissions.
  throw new MetaApiError(META_ERRORS.unsupportedGet(nodeId));
}

function withPaging(request: FastifyRequest, result: InsightsResult): unknown {
  if (!result.pagingRange) return { data: result.data };
  const link = (range: { firstDay: number; lastDay: number }): string => {
    const url = absoluteRequestUrl(request);
    url.searchParams.set('since', String(range.firstDay * 86400));
    url.searchParams.set('until', String((range.lastDay + 1) * 86400));
    return url.toString();
  };
  return {
    data: result.data,
    paging: { previous: link(result.pagingRange.previous), next: link(result.pagingRange.next) },
  };
}

function serializeIgUser(
  context: SandboxContext,
  persona: Persona,
  fields: FieldSpec[],
): Record<string, unknown> {
  const ig = persona.instagram;
  const nowMs = context.clock.nowMs();
  return pickFields('IGUser', fields, {
    id: () => ig.id,
    ig_id: () => ig.igId,
    username: () => ig.username,
    name: () => ig.name,
    biography: () => ig.biography,
    website: () => ig.website,
    profile_picture_url: () => ig.profilePictureUrl,
    followers_count: () => ig.activity.followersAt(context.today()),
    follows_count: () => ig.followsCount,
    media_count: () => ig.media.filter((m) => m.timestampMs <= nowMs).length,
  });
}

function serializeMedia(
  persona: Persona,
  media: IgMedia,
  fields: FieldSpec[],
): Record<string, unknown> {
  const path = media.productType === 'REELS' ? 'reel' : 'p';
  return pickFields('IGMedia', fields, {
    id: () => media.id,
    caption: () => media.caption,
    media_type: () => media.mediaType,
    media_product_type: () => media.productType,
    media_url: () =>
      `https://scontent.sandbox.invalid/${media.id}.${media.mediaType === 'VIDEO' ? 'mp4' : 'jpg'}`,
    thumbnail_url: () =>
      media.mediaType === 'VIDEO'
        ? `https://scontent.sandbox.invalid/${media.id}_thumb.jpg`
        : undefined,
    permalink: () => `https://www.instagram.com/${path}/${media.shortcode}/`,
    shortcode: () => media.shortcode,
    timestamp: () => formatMetaTimestamp(media.timestampMs),
    like_count: () => media.likes,
    comments_count: () => media.comments,
    username: () => persona.instagram.username,
    is_comment_enabled: () => true,
    owner: () => ({ id: persona.instagram.id }),
  });
}

/** Page tokens are derived per grant; from a long-lived user token they never expire. */
function pageTokenFor(context: SandboxContext, caller: Caller): string {
  const page = caller.persona.page;
  const nowMs = context.clock.nowMs();
  const existing = caller.grant.pageTokens.get(page.id);
  const record = existing ? context.tokens.accessTokens.get(existing) : undefined;
  // A never-expiring page token is always reused; a short-lived one only for short-lived callers.
  const isReusable =
    record &&
    (record.expiresAtMs === null || (!caller.record.isLongLived && record.expiresAtMs > nowMs));
  if (existing && isReusable) return existing;
  const ttlSeconds =
    caller.record.expiresAtMs === null || caller.record.isLongLived
      ? null
      : Math.max(1, Math.floor((caller.record.expiresAtMs - nowMs) / 1000));
  const issued = context.tokens.issueAccessToken(caller.grant, {
    ttlSeconds,
    nowMs,
    kind: 'page',
    pageId: page.id,
    isLongLived: ttlSeconds === null,
  });
  caller.grant.pageTokens.set(page.id, issued.token);
  context.tokens.markChanged('grant', caller.grant.id);
  return issued.token;
}

function serializePage(
  context: SandboxContext,
  caller: Caller,
  fields: FieldSpec[],
): Record<string, unknown> {
  const page = caller.persona.page;
  return pickFields('Page', fields, {
    id: () => page.id,
    name: () => page.name,
    category: () => page.category,
    category_list: () => [{ id: '180164648685982', name: page.category }],
    link: () => `https://www.facebook.com/${page.id}`,
    followers_count: () => page.activity.followersAt(context.today()),
    fan_count: () => page.activity.followersAt(context.today()),
    tasks: () => ['ANALYZE', 'ADVERTISE', 'MODERATE', 'CREATE_CONTENT', 'MANAGE'],
    access_token: () => (caller.record.kind === 'user' ? pageTokenFor(context, caller) : undefined),
    instagram_business_account: (children) =>
      serializeIgUser(context, caller.persona, children ?? defaultFields(['id'])),
  });
}

function listAccounts(
  request: FastifyRequest,
  context: SandboxContext,
  caller: Caller,
  fields: FieldSpec[] | null,
): unknown {
  // Without pages_show_list Graph answers an empty list rather than an error.
  if (!caller.grant.scopes.includes('pages_show_list')) return { data: [] };
  const item = serializePage(
    context,
    caller,
    fields ?? defaultFields(['access_token', 'category', 'category_list', 'name', 'id', 'tasks']),
  );
  const cursor = Buffer.from(caller.persona.page.id).toString('base64url');
  return { data: [item], paging: { cursors: { before: cursor, after: cursor } } };
}

const MEDIA_PAGE_DEFAULT = 25;
const MEDIA_PAGE_MAX = 100;

function encodeCursor(index: number): string {
  return Buffer.from(`sbx-media:${index}`).toString('base64url');
}

function decodeCursor(cursor: string): number {
  const match = /^sbx-media:(\d+)$/.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  if (!match)
    throw new MetaApiError({ message: '(#100) The after/before cursor is invalid', code: 100 });
  return Number(match[1]);
}

function listMedia(
  request: FastifyRequest,
  context: SandboxContext,
  persona: Persona,
  fields: FieldSpec[] | null,
  params: Record<string, string>,
): unknown {
  const nowMs = context.clock.nowMs();
  const all = persona.instagram.media.filter((m) => m.timestampMs <= nowMs);
  const limit = Math.min(
    MEDIA_PAGE_MAX,
    Math.max(1, Number(params.limit ?? MEDIA_PAGE_DEFAULT) || MEDIA_PAGE_DEFAULT),
  );
  let start = 0;
  if (params.after) start = decodeCursor(params.after) + 1;
  else if (params.before) start = Math.max(0, decodeCursor(params.before) - limit);
  const page = all.slice(start, start + limit);
  const data = page.map((m) => serializeMedia(persona, m, fields ?? defaultFields(['id'])));
  const body: Record<string, unknown> = { data };
  if (page.length === 0) return body;
  const cursors = { before: encodeCursor(start), after: encodeCursor(start + page.length - 1) };
  const paging: Record<string, unknown> = { cursors };
  const link = (key: 'after' | 'before', value: string): string => {
    const url = absoluteRequestUrl(request);
    url.searchParams.delete('after');
    url.searchParams.delete('before');
    url.searchParams.set('limit', String(limit));
    url.searchParams.set(key, value);
    return url.toString();
  };
  if (start + page.length < all.length) paging.next = link('after', cursors.after);
  if (start > 0) paging.previous = link('before', cursors.before);
  body.paging = paging;
  return body;
}
