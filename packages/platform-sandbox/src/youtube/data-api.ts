import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { SandboxContext } from '../context';
import { formatGoogleTimestamp, formatIsoDuration } from '../dates';
import { sendGoogleError, sendGoogleQuotaExceeded } from '../google-errors';
import { readParams } from '../http';
import { authenticateGoogle } from '../oauth/google';
import { GOOGLE_SCOPES } from '../oauth/token-store';
import type { Persona } from '../personas/world';
import { BASE_METRIC_INDEX, type Video, type YouTubeChannel } from '../personas/youtube-model';
import { BASE64URL_ALPHABET, createRng, hashText } from '../random';

/**
 * YouTube Data API v3 (https://developers.google.com/youtube/v3/docs): channels.list,
 * playlistItems.list and videos.list, read-only, with Google's parameter validation and errors.
 */
const READ_SCOPES = [GOOGLE_SCOPES.youtubeReadonly, 'https://www.googleapis.com/auth/youtube'];
const CHANNEL_PARTS = new Set([
  'id',
  'snippet',
  'contentDetails',
  'statistics',
  'status',
  'brandingSettings',
  'topicDetails',
  'localizations',
]);
const PLAYLIST_ITEM_PARTS = new Set(['id', 'snippet', 'contentDetails', 'status']);
const VIDEO_PARTS = new Set([
  'id',
  'snippet',
  'contentDetails',
  'statistics',
  'status',
  'player',
  'topicDetails',
  'recordingDetails',
  'liveStreamingDetails',
  'localizations',
]);

/** Opaque, stable etags: Google's are 27 base64url characters. */
export function etagOf(value: unknown): string {
  return createRng(hashText(JSON.stringify(value))).chars(BASE64URL_ALPHABET, 27);
}

/** YouTube shows subscriber counts rounded down to three significant figures above 1,000. */
export function abbreviateSubscribers(count: number): number {
  if (count < 1000) return count;
  const magnitude = Math.pow(10, Math.floor(Math.log10(count)) - 2);
  return Math.floor(count / magnitude) * magnitude;
}

function thumbnails(
  kind: 'channel' | 'video',
  id: string,
): Record<string, { url: string; width: number; height: number }> {
  if (kind === 'channel') {
    return {
      default: { url: `https://yt3.sandbox.invalid/${id}=s88`, width: 88, height: 88 },
      medium: { url: `https://yt3.sandbox.invalid/${id}=s240`, width: 240, height: 240 },
      high: { url: `https://yt3.sandbox.invalid/${id}=s800`, width: 800, height: 800 },
    };
  }
  return {
    default: { url: `https://i.sandbox.invalid/vi/${id}/default.jpg`, width: 120, height: 90 },
    medium: { url: `https://i.sandbox.invalid/vi/${id}/mqdefault.jpg`, width: 320, height: 180 },
    high: { url: `https://i.sandbox.invalid/vi/${id}/hqdefault.jpg`, width: 480, height: 360 },
  };
}

type PartCheck = { parts: Set<string> } | { error: true };

function parseParts(
  params: Record<string, string>,
  allowed: Set<string>,
  reply: FastifyReply,
): PartCheck {
  if (!params.part) {
    sendGoogleError(reply, 400, 'Required parameter: part', 'required', {
      location: 'part',
      locationType: 'parameter',
    });
    return { error: true };
  }
  const parts = new Set(
    params.part
      .split(',')
      .map((p) => p.trim())
      .filter(Boolean),
  );
  for (const part of parts) {
    if (!allowed.has(part)) {
      sendGoogleError(reply, 400, `'${part}'`, 'unknownPart', {
        domain: 'youtube.part',
        location: 'part',
        locationType: 'parameter',
      });
      return { error: true };
    }
  }
  return { parts };
}

function parseMaxResults(params: Record<string, string>, reply: FastifyReply): number | null {
  if (params.maxResults === undefined) return 5;
  const value = Number(params.maxResults);
  if (!Number.isInteger(value) || value < 0 || value > 50) {
    sendGoogleError(
      reply,
      400,
      `Invalid value '${params.maxResults}'. Values must be within the range: [0, 50]`,
      'invalidParameter',
      { location: 'maxResults', locationType: 'parameter' },
    );
    return null;
  }
  return value;
}

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
  const nowMs = (): number => context.clock.nowMs();
  const visibleVideos = (channel: YouTubeChannel): Video[] =>
    channel.videos.filter((v) => v.publishedAtMs <= nowMs());

  app.get('/channels', async (request, reply) => {
    const persona = begin(request, reply);
    if (!persona) return reply;
    const params = readParams(request.query);
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
    const items = channels.map((channel) => {
      const videos = visibleVideos(channel);
      const today = context.today();
      let views = 0;
      let subscribers = 0;
      for (const video of videos) {
        views += channel.series.cumulativeViews(video, today);
        subscribers +=
          channel.series.cumulativeMetric(video, BASE_METRIC_INDEX.subscribersGained, today) -
          channel.series.cumulativeMetric(video, BASE_METRIC_INDEX.subscribersLost, today);
      }
      const item: Record<string, unknown> = { kind: 'youtube#channel', etag: '', id: channel.id };
      if (check.parts.has('snippet')) {
        item.snippet = {
          title: channel.title,
          description: channel.description,
          customUrl: channel.handle,
          publishedAt: formatGoogleTimestamp(channel.publishedAtMs),
          thumbnails: thumbnails('channel', channel.id),
          localized: { title: channel.title, description: channel.description },
          country: channel.country,
        };
      }
      if (check.parts.has('contentDetails')) {
        item.contentDetails = {
          relatedPlaylists: { likes: '', uploads: channel.uploadsPlaylistId },
        };
      }
      if (check.parts.has('statistics')) {
        item.statistics = {
          viewCount: String(views),
          subscriberCount: String(abbreviateSubscribers(Math.max(0, subscribers))),
          hiddenSubscriberCount: false,
          videoCount: String(videos.length),
        };
      }
      if (check.parts.has('status')) {
        item.status = {
          privacyStatus: 'public',
          isLinked: true,
          longUploadsStatus: 'longUploadsUnspecified',
          madeForKids: false,
        };
      }
      item.etag = etagOf(item);
      return item;
    });
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
    const params = readParams(request.query);
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
    const items = page.map((video, i) => {
      const item: Record<string, unknown> = {
        kind: 'youtube#playlistItem',
        etag: '',
        id: Buffer.from(`${params.playlistId}.${video.id}`).toString('base64url'),
      };
      if (check.parts.has('snippet')) {
        item.snippet = {
          publishedAt: formatGoogleTimestamp(video.publishedAtMs),
          channelId: channel.id,
          title: video.title,
          description: video.description,
          thumbnails: thumbnails('video', video.id),
          channelTitle: channel.title,
          playlistId: params.playlistId,
          position: offset + i,
          resourceId: { kind: 'youtube#video', videoId: video.id },
          videoOwnerChannelTitle: channel.title,
          videoOwnerChannelId: channel.id,
        };
      }
      if (check.parts.has('contentDetails')) {
        item.contentDetails = {
          videoId: video.id,
          videoPublishedAt: formatGoogleTimestamp(video.publishedAtMs),
        };
      }
      if (check.parts.has('status')) item.status = { privacyStatus: 'public' };
      item.etag = etagOf(item);
      return item;
    });
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
    const params = readParams(request.query);
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
    const ids = params.id
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
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
      const channel = owner.youtube;
      const views = channel.series.cumulativeViews(video, today);
      const item: Record<string, unknown> = { kind: 'youtube#video', etag: '', id: video.id };
      if (check.parts.has('snippet')) {
        item.snippet = {
          publishedAt: formatGoogleTimestamp(video.publishedAtMs),
          channelId: channel.id,
          title: video.title,
          description: video.description,
          thumbnails: thumbnails('video', video.id),
          channelTitle: channel.title,
          tags: video.tags,
          categoryId: '10',
          liveBroadcastContent: 'none',
          localized: { title: video.title, description: video.description },
        };
      }
      if (check.parts.has('contentDetails')) {
        item.contentDetails = {
          duration: formatIsoDuration(video.durationSeconds),
          dimension: '2d',
          definition: 'hd',
          caption: 'false',
          licensedContent: true,
          contentRating: {},
          projection: 'rectangular',
        };
      }
      if (check.parts.has('status')) {
        item.status = {
          uploadStatus: 'processed',
          privacyStatus: 'public',
          license: 'youtube',
          embeddable: true,
          publicStatsViewable: true,
          madeForKids: false,
        };
      }
      if (check.parts.has('statistics')) {
        item.statistics = {
          viewCount: String(views),
          likeCount: String(Math.floor((video.rates[BASE_METRIC_INDEX.likes] ?? 0) * views)),
          favoriteCount: '0',
          commentCount: String(Math.floor((video.rates[BASE_METRIC_INDEX.comments] ?? 0) * views)),
        };
      }
      item.etag = etagOf(item);
      items.push(item);
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

/** Page tokens are opaque to clients; binding them to the playlist catches mixed-up tokens. */
function encodePageToken(offset: number, playlistId: string): string {
  return Buffer.from(`PT:${offset}:${hashText(playlistId).toString(36)}`).toString('base64url');
}

function decodePageToken(token: string, playlistId: string): number | null {
  const match = /^PT:(\d+):([0-9a-z]+)$/.exec(Buffer.from(token, 'base64url').toString('utf8'));
  if (!match || match[2] !== hashText(playlistId).toString(36)) return null;
  return Number(match[1]);
}
