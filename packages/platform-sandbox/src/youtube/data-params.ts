import type { FastifyReply } from 'fastify';
import { sendGoogleError } from '../google-errors';
import { readList } from '../http';
import { hashText } from '../random';

/** YouTube Data API request parameters: the parts each resource has, maxResults, page tokens. */
export const CHANNEL_PARTS = new Set([
  'id',
  'snippet',
  'contentDetails',
  'statistics',
  'status',
  'brandingSettings',
  'topicDetails',
  'localizations',
]);
export const PLAYLIST_ITEM_PARTS = new Set(['id', 'snippet', 'contentDetails', 'status']);
export const VIDEO_PARTS = new Set([
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

type PartCheck = { parts: Set<string> } | { error: true };

export function parseParts(
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
  const parts = new Set(readList(params.part));
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

export function parseMaxResults(
  params: Record<string, string>,
  reply: FastifyReply,
): number | null {
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

/** Page tokens are opaque to clients; binding them to the playlist catches mixed-up tokens. */
export function encodePageToken(offset: number, playlistId: string): string {
  return Buffer.from(`PT:${offset}:${hashText(playlistId).toString(36)}`).toString('base64url');
}

export function decodePageToken(token: string, playlistId: string): number | null {
  const match = /^PT:(\d+):([0-9a-z]+)$/.exec(Buffer.from(token, 'base64url').toString('utf8'));
  if (!match || match[2] !== hashText(playlistId).toString(36)) return null;
  return Number(match[1]);
}
