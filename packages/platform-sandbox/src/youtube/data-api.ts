import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { SandboxContext } from '../context';
import { sendGoogleError, sendGoogleQuotaExceeded } from '../google-errors';
import { readGoogleParams, readList } from '../http';
import { registerPartialResponse } from '../partial-response';
import { authenticateGoogle } from '../oauth/google';
import { GOOGLE_SCOPES } from '../oauth/token-store';
import type { Persona } from '../personas/world';
import type { Video, YouTubeChannel } from '../personas/youtube-model';
import { channelItem, etagOf, playlistItem, videoItem } from './data-items';
import {
  CHANNEL_PARTS,
  PLAYLIST_ITEM_PARTS,
  VIDEO_PARTS,
  decodePageToken,
  encodePageToken,
  parseMaxResults,
  parseParts,
} from './data-params';

/**
 * YouTube Data API v3 (https://developers.google.com/youtube/v3/docs): channels.list,
 * playlistItems.list and videos.list, read-only, with Google's parameter validation and errors.
 */
const READ_SCOPES = [GOOGLE_SCOPES.youtubeReadonly, 'https://www.googleapis.com/auth/youtube'];

export async function registerYouTubeDataRoutes(
  app: FastifyInstance,
  context: SandboxContext,
): Promise<void> {
  /** Authenticates and charges quota; null means an error response was already sent. */
  const begin = (request: FastifyRequest, reply: FastifyReply): Persona | null => {
    const grant = authenticateGoogle(request, reply, context, READ_SCOPES);
    if (!grant) return null;
    if (!context.quota.charge(context.clock.nowMs(), 1)) {
      sendGoogleQuotaExceeded(reply);
      return null;
    }
    return context.world.persona(grant.personaId);
  };
  registerPartialResponse(app);
  const nowMs = (): number => context.clock.nowMs();
  const visibleVideos = (channel: YouTubeChannel): Video[] =>
    channel.videos.filter((v) => v.publishedAtMs <= nowMs());

  app.get('/channels', async (request, reply) => {
    const persona = begin(request, reply);
    if (!persona) return reply;
    const params = readGoogleParams(request.query);
    const check = parseParts(params, CHANNEL_PARTS, reply);
    if ('error' in check) return reply;
    let channels: YouTubeChannel[];
    if (params.mine === 'true') {
      channels = [persona.youtube];
    } else if (params.id) {
      const ids = params.id.split(',');
      channels = ids
        .map((id) => context.world.findByChannelId(id)?.youtube)
        .filter((c): c is YouTubeChannel => !!c);
    } else if (params.forHandle) {
      const handle = params.forHandle.startsWith('@') ? params.forHandle : `@${params.forHandle}`;
      channels = [...context.world.personas.values()]
        .map((p) => p.youtube)
        .filter((c) => c.handle.toLowerCase() === handle.toLowerCase());
    } else {
      return sendGoogleError(
        reply,
        400,
        'No filter selected. Expected one of: forUsername, managedByMe, categoryId, mine, mySubscribers, id, idParam, forHandle',
        'missingRequiredParameter',
        { domain: 'youtube.parameter' },
      );
    }
    const items = channels.map((channel) =>
      channelItem(
        channel,
        visibleVideos(channel),
        check.parts,
        context.today(),
        context.publicBaseOf(request),
      ),
    );
    const body = {
      kind: 'youtube#channelListResponse',
      etag: '',
      pageInfo: { totalResults: items.length, resultsPerPage: 5 },
      items,
    };
    body.etag = etagOf(body);
    return reply.send(body);
  });

  app.get('/playlistItems', async (request, reply) => {
    const persona = begin(request, reply);
    if (!persona) return reply;
    const params = readGoogleParams(request.query);
    const check = parseParts(params, PLAYLIST_ITEM_PARTS, reply);
    if ('error' in check) return reply;
    if (!params.playlistId) {
      return sendGoogleError(
        reply,
        400,
        'No filter selected. Expected one of: playlistId, id',
        'missingRequiredParameter',
        { domain: 'youtube.parameter' },
      );
    }
    const maxResults = parseMaxResults(params, reply);
    if (maxResults === null) return reply;
    const owner = context.world.findByUploadsPlaylistId(params.playlistId);
    if (!owner) {
      return sendGoogleError(
        reply,
        404,
        "The playlist identified with the request's <code>playlistId</code> parameter cannot be found.",
        'playlistNotFound',
        { domain: 'youtube.playlistItem', location: 'playlistId', locationType: 'parameter' },
      );
    }
    const channel = owner.youtube;
    const videos = visibleVideos(channel).reverse(); // uploads playlists list newest first
    let offset = 0;
    if (params.pageToken) {
      const decoded = decodePageToken(params.pageToken, params.playlistId);
      if (decoded === null || decoded > videos.length) {
        return sendGoogleError(
          reply,
          400,
          'The request specifies an invalid page token.',
          'invalidPageToken',
          { domain: 'youtube.parameter', location: 'pageToken', locationType: 'parameter' },
        );
      }
      offset = decoded;
    }
    const page = videos.slice(offset, offset + maxResults);
    const playlistId = params.playlistId;
    const items = page.map((video, i) =>
      playlistItem(
        channel,
        video,
        playlistId,
        offset + i,
        check.parts,
        context.publicBaseOf(request),
      ),
    );
    const body: Record<string, unknown> = { kind: 'youtube#playlistItemListResponse', etag: '' };
    if (offset + maxResults < videos.length)
      body.nextPageToken = encodePageToken(offset + maxResults, params.playlistId);
    if (offset > 0)
      body.prevPageToken = encodePageToken(Math.max(0, offset - maxResults), params.playlistId);
    body.items = items;
    body.pageInfo = { totalResults: videos.length, resultsPerPage: maxResults };
    body.etag = etagOf(body);
    return reply.send(body);
  });

  app.get('/videos', async (request, reply) => {
    const persona = begin(request, reply);
    if (!persona) return reply;
    const params = readGoogleParams(request.query);
    const check = parseParts(params, VIDEO_PARTS, reply);
    if ('error' in check) return reply;
    if (!params.id) {
      if (params.chart || params.myRating) {
        return sendGoogleError(
          reply,
          400,
          'The sandbox only emulates videos.list with the id filter.',
          'unsupportedFilter',
          { domain: 'youtube.parameter' },
        );
      }
      return sendGoogleError(
        reply,
        400,
        'No filter selected. Expected one of: myRating, chart, id, idParam',
        'missingRequiredParameter',
        { domain: 'youtube.parameter' },
      );
    }
    const ids = readList(params.id);
    if (ids.length > 50) {
      return sendGoogleError(
        reply,
        400,
        'The request specifies more than 50 video IDs in the id parameter.',
        'invalidValue',
        { domain: 'youtube.parameter', location: 'id', locationType: 'parameter' },
      );
    }
    const today = context.today();
    const items: Record<string, unknown>[] = [];
    for (const id of ids) {
      // Unknown or not-yet-published ids are silently left out, as the real API does.
      const owner = [...context.world.personas.values()].find((p) => p.youtube.videosById.has(id));
      const video = owner?.youtube.videosById.get(id);
      if (!owner || !video || video.publishedAtMs > nowMs()) continue;
      items.push(
        videoItem(owner.youtube, video, check.parts, today, context.publicBaseOf(request)),
      );
    }
    const body = {
      kind: 'youtube#videoListResponse',
      etag: '',
      items,
      pageInfo: { totalResults: items.length, resultsPerPage: items.length },
    };
    body.etag = etagOf(body);
    return reply.send(body);
  });
}
