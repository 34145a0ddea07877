import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { SandboxContext } from '../context';
import { readAuthorizationToken, readList, readParams } from '../http';
import type { Grant } from '../oauth/token-store';
import type { Persona } from '../personas/world';
import { countsAt, isPosted, type TikTokVideo } from '../personas/tiktok-account';
import { checkTikTokToken, okError, sendTikTokApiError } from './errors';
import { buildThumbnailUrl } from '../thumbnails';

/**
 * Display API v2 (https://developers.tiktok.com/doc/display-api-overview): the signed-in user's
 * profile and their public videos, with lifetime counts as they stand at the sandbox's now.
 */

/** Which scope each `user/info` field needs (https://developers.tiktok.com/doc/tiktok-api-v2-get-user-info). */
const USER_FIELD_SCOPES: Record<string, string> = {
  open_id: 'user.info.basic',
  union_id: 'user.info.basic',
  avatar_url: 'user.info.basic',
  avatar_url_100: 'user.info.basic',
  avatar_large_url: 'user.info.basic',
  display_name: 'user.info.basic',
  bio_description: 'user.info.profile',
  profile_deep_link: 'user.info.profile',
  is_verified: 'user.info.profile',
  username: 'user.info.profile',
  follower_count: 'user.info.stats',
  following_count: 'user.info.stats',
  likes_count: 'user.info.stats',
  video_count: 'user.info.stats',
};

/** https://developers.tiktok.com/doc/tiktok-api-v2-video-object */
const VIDEO_FIELDS = new Set([
  'id',
  'create_time',
  'cover_image_url',
  'share_url',
  'video_description',
  'duration',
  'height',
  'width',
  'title',
  'embed_html',
  'embed_link',
  'like_count',
  'comment_count',
  'share_count',
  'view_count',
]);

const MAX_COUNT = 20;
/** Cover image links expire six hours after they were handed out. */
const COVER_TTL_SECONDS = 6 * 3600;

/** Requests per app and endpoint in the last minute (wall clock, like TikTok's sliding window). */
class MinuteWindow {
  private readonly hits = new Map<string, number[]>();

  constructor(private readonly limit: number) {}

  isAllowed(key: string, nowMs: number): boolean {
    const recent = (this.hits.get(key) ?? []).filter((at) => at > nowMs - 60_000);
    if (recent.length >= this.limit) {
      this.hits.set(key, recent);
      return false;
    }
    recent.push(nowMs);
    this.hits.set(key, recent);
    return true;
  }
}

function videoObject(
  video: TikTokVideo,
  persona: Persona,
  fields: string[],
  nowMs: number,
  publicBase: string,
): Record<string, unknown> {
  const counts = countsAt(video, nowMs);
  const all: Record<string, unknown> = {
    id: video.id,
    create_time: Math.floor(video.createTimeMs / 1000),
    cover_image_url: `${buildThumbnailUrl(publicBase, video.id)}?x-expires=${Math.floor(nowMs / 1000) + COVER_TTL_SECONDS}`,
    share_url: `https://www.tiktok.com/@${persona.tiktok.username}/video/${video.id}`,
    video_description: video.description,
    duration: video.durationSeconds,
    height: 1920,
    width: 1080,
    title: video.title,
    embed_html: `<blockquote class="tiktok-embed" cite="https://www.tiktok.com/@${persona.tiktok.username}/video/${video.id}" data-video-id="${video.id}"></blockquote>`,
    embed_link: `https://www.tiktok.com/player/v1/${video.id}`,
    like_count: counts.likes,
    comment_count: counts.comments,
    share_count: counts.shares,
    view_count: counts.views,
  };
  return Object.fromEntries(fields.map((field) => [field, all[field]]));
}

export function registerTikTokDisplayRoutes(app: FastifyInstance, context: SandboxContext): void {
  const window = new MinuteWindow(context.options.tiktokRequestsPerMinute);

  /** The caller's grant, or null once an error answer has been sent. */
  const authorize = (
    request: FastifyRequest,
    reply: FastifyReply,
    endpoint: string,
    scope: string,
  ): Grant | null => {
    const token = readAuthorizationToken(request);
    const checked = checkTikTokToken(
      token
        ? context.tokens.lookupAccessToken(token, context.clock.nowMs())
        : { status: 'unknown' },
    );
    if ('error' in checked) {
      void sendTikTokApiError(reply, checked.error.code, checked.error.message);
      return null;
    }
    if (!window.isAllowed(`${checked.grant.clientId}:${endpoint}`, Date.now())) {
      void reply.header('retry-after', '60');
      void sendTikTokApiError(
        reply,
        'rate_limit_exceeded',
        'The API rate limit was exceeded. Please try again later.',
      );
      return null;
    }
    if (!checked.grant.scopes.includes(scope)) {
      void sendTikTokApiError(
        reply,
        'scope_not_authorized',
        `The user did not authorize the scope required for completing this request (${scope}).`,
      );
      return null;
    }
    return checked.grant;
  };

  const readVideoFields = (request: FastifyRequest, reply: FastifyReply): string[] | null => {
    const fields = readList(readParams(request.query).fields);
    const unknown = fields.filter((field) => !VIDEO_FIELDS.has(field));
    if (fields.length === 0 || unknown.length > 0) {
      void sendTikTokApiError(
        reply,
        'invalid_params',
        fields.length === 0
          ? 'The fields parameter is required.'
          : `Invalid fields: ${unknown.join(',')}`,
      );
      return null;
    }
    return fields;
  };

  app.get('/v2/user/info/', async (request, reply) => {
    const fields = readList(readParams(request.query).fields);
    const unknown = fields.filter((field) => !(field in USER_FIELD_SCOPES));
    if (fields.length === 0 || unknown.length > 0) {
      return sendTikTokApiError(
        reply,
        'invalid_params',
        fields.length === 0
          ? 'The fields parameter is required.'
          : `Invalid fields: ${unknown.join(',')}`,
      );
    }
    const grant = authorize(request, reply, 'user/info', 'user.info.basic');
    if (!grant) return reply;
    const missing = fields
      .map((field) => USER_FIELD_SCOPES[field]!)
      .find((scope) => !grant.scopes.includes(scope));
    if (missing) {
      return sendTikTokApiError(
        reply,
        'scope_not_authorized',
        `The user did not authorize the scope required for completing this request (${missing}).`,
      );
    }
    const nowMs = context.clock.nowMs();
    const persona = context.world.persona(grant.personaId);
    const account = persona.tiktok;
    const posted = account.videos.filter((video) => isPosted(video, nowMs));
    const all: Record<string, unknown> = {
      open_id: account.openId,
      union_id: account.unionId,
      avatar_url: buildThumbnailUrl(context.publicBaseOf(request), account.openId),
      avatar_url_100: buildThumbnailUrl(context.publicBaseOf(request), account.openId),
      avatar_large_url: buildThumbnailUrl(context.publicBaseOf(request), account.openId),
      display_name: account.displayName,
      bio_description: account.bio,
      profile_deep_link: `https://vm.tiktok.com/sbx${account.username}/`,
      is_verified: account.isVerified,
      username: account.username,
      follower_count: account.followersAt(nowMs),
      following_count: account.followingCount,
      // The likes the account's videos received, so it always equals the videos' own sum.
      likes_count: posted.reduce((sum, video) => sum + countsAt(video, nowMs).likes, 0),
      video_count: posted.length,
    };
    return reply.send({
      data: { user: Object.fromEntries(fields.map((field) => [field, all[field]])) },
      error: okError(),
    });
  });

  app.post('/v2/video/list/', async (request, reply) => {
    const fields = readVideoFields(request, reply);
    if (!fields) return reply;
    const grant = authorize(request, reply, 'video/list', 'video.list');
    if (!grant) return reply;
    const body = (request.body ?? {}) as { max_count?: unknown; cursor?: unknown };
    const maxCount = body.max_count ?? 10;
    if (
      typeof maxCount !== 'number' ||
      !Number.isInteger(maxCount) ||
      maxCount < 1 ||
      maxCount > MAX_COUNT
    ) {
      return sendTikTokApiError(
        reply,
        'invalid_params',
        `max_count must be between 1 and ${MAX_COUNT}.`,
      );
    }
    const cursor = body.cursor;
    if (
      cursor !== undefined &&
      (typeof cursor !== 'number' || !Number.isFinite(cursor) || cursor < 0)
    ) {
      return sendTikTokApiError(
        reply,
        'invalid_params',
        'cursor must be a UTC time in milliseconds.',
      );
    }
    const nowMs = context.clock.nowMs();
    const persona = context.world.persona(grant.personaId);
    // Newest first; the cursor is the create time (ms) of the last video of the previous page.
    const before = typeof cursor === 'number' && cursor > 0 ? cursor : Number.POSITIVE_INFINITY;
    const candidates = persona.tiktok.videos.filter(
      (video) => isPosted(video, nowMs) && video.createTimeMs < before,
    );
    const page = candidates.slice(0, maxCount);
    const last = page.at(-1);
    return reply.send({
      data: {
        videos: page.map((video) =>
          videoObject(video, persona, fields, nowMs, context.publicBaseOf(request)),
        ),
        cursor: last ? last.createTimeMs : typeof cursor === 'number' ? cursor : 0,
        has_more: candidates.length > page.length,
      },
      error: okError(),
    });
  });

  app.post('/v2/video/query/', async (request, reply) => {
    const fields = readVideoFields(request, reply);
    if (!fields) return reply;
    const grant = authorize(request, reply, 'video/query', 'video.list');
    if (!grant) return reply;
    const body = (request.body ?? {}) as { filters?: { video_ids?: unknown } };
    const ids = body.filters?.video_ids;
    if (
      !Array.isArray(ids) ||
      ids.length === 0 ||
      ids.length > MAX_COUNT ||
      ids.some((id) => typeof id !== 'string')
    ) {
      return sendTikTokApiError(
        reply,
        'invalid_params',
        `filters.video_ids must list 1 to ${MAX_COUNT} video ids.`,
      );
    }
    const nowMs = context.clock.nowMs();
    const persona = context.world.persona(grant.personaId);
    // Ids of other users' videos, or unknown ones, are left out silently.
    const videos = (ids as string[])
      .map((id) => persona.tiktok.videosById.get(id))
      .filter((video): video is TikTokVideo => video !== undefined && isPosted(video, nowMs));
    return reply.send({
      data: {
        videos: videos.map((video) =>
          videoObject(video, persona, fields, nowMs, context.publicBaseOf(request)),
        ),
      },
      error: okError(),
    });
  });
}
