import { z } from 'zod';
import type { GooglePlatformConfig } from '../../config/env';
import { buildUrl, MalformedResponseError, requestJson, type PlatformHttp } from './platform-http';
import { classifyGoogleApiError, classifyGoogleOAuthError } from './google-errors';
import {
  channelListSchema,
  playlistItemsSchema,
  reportSchema,
  tokenResponseSchema,
  toTokens,
  videoListSchema,
  type GoogleTokens,
  type ReportRow,
  type YouTubeChannel,
  type YouTubeVideo,
} from './google-schemas';

export { classifyGoogleApiError, classifyGoogleOAuthError } from './google-errors';
export type { GoogleTokens, ReportRow, YouTubeChannel, YouTubeVideo } from './google-schemas';

/** What Crescendo asks Google for: read-only YouTube data, analytics and revenue. */
export const googleScopes = [
  'https://www.googleapis.com/auth/youtube.readonly',
  'https://www.googleapis.com/auth/yt-analytics.readonly',
  'https://www.googleapis.com/auth/yt-analytics-monetary.readonly',
];

export type GoogleClient = ReturnType<typeof createGoogleClient>;

export function createGoogleClient(config: GooglePlatformConfig, http: PlatformHttp) {
  const form = (values: Record<string, string>) => ({
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(values).toString(),
  });
  const bearer = (accessToken: string) => ({ headers: { authorization: `Bearer ${accessToken}` } });

  return {
    buildAuthUrl(input: { state: string; redirectUri: string; codeChallenge: string }): string {
      return buildUrl(config.authUrl, '', {
        client_id: config.clientId,
        redirect_uri: input.redirectUri,
        response_type: 'code',
        scope: googleScopes.join(' '),
        state: input.state,
        code_challenge: input.codeChallenge,
        code_challenge_method: 'S256',
        access_type: 'offline',
        prompt: 'consent',
        include_granted_scopes: 'true',
      });
    },

    async exchangeCode(input: {
      code: string;
      redirectUri: string;
      codeVerifier: string;
    }): Promise<GoogleTokens> {
      const now = new Date();
      const body = await requestJson(http, {
        url: config.tokenUrl,
        init: form({
          grant_type: 'authorization_code',
          code: input.code,
          redirect_uri: input.redirectUri,
          code_verifier: input.codeVerifier,
          client_id: config.clientId,
          client_secret: config.clientSecret,
        }),
        schema: tokenResponseSchema,
        classify: classifyGoogleOAuthError,
        what: 'Google code exchange',
      });
      return toTokens(body, now);
    },

    async refreshAccessToken(refreshToken: string): Promise<GoogleTokens> {
      const now = new Date();
      const body = await requestJson(http, {
        url: config.tokenUrl,
        init: form({
          grant_type: 'refresh_token',
          refresh_token: refreshToken,
          client_id: config.clientId,
          client_secret: config.clientSecret,
        }),
        schema: tokenResponseSchema,
        classify: classifyGoogleOAuthError,
        what: 'Google token refresh',
      });
      return toTokens(body, now);
    },

    async revokeToken(token: string): Promise<void> {
      await requestJson(http, {
        url: config.revokeUrl,
        init: form({ token }),
        schema: z.unknown(),
        classify: classifyGoogleOAuthError,
        what: 'Google revoke',
      });
    },

    async fetchMyChannel(accessToken: string, signal?: AbortSignal): Promise<YouTubeChannel> {
      const body = await requestJson(
        http,
        {
          url: buildUrl(config.youtubeDataUrl, '/channels', {
            part: 'snippet,contentDetails,statistics',
            mine: 'true',
          }),
          init: bearer(accessToken),
          schema: channelListSchema,
          classify: classifyGoogleApiError,
          what: 'YouTube channels.list',
        },
        signal,
      );
      const channel = body.items?.[0];
      if (!channel) {
        throw new MalformedResponseError(
          'This Google account has no YouTube channel (or is only a manager of one)',
        );
      }
      return channel;
    },

    /** Every upload's id, newest first (playlistItems pages of 50). */
    async listUploadIds(
      accessToken: string,
      playlistId: string,
      signal?: AbortSignal,
    ): Promise<string[]> {
      const ids: string[] = [];
      let pageToken: string | undefined;
      do {
        const body = await requestJson(
          http,
          {
            url: buildUrl(config.youtubeDataUrl, '/playlistItems', {
              part: 'contentDetails',
              playlistId,
              maxResults: 50,
              pageToken,
            }),
            init: bearer(accessToken),
            schema: playlistItemsSchema,
            classify: classifyGoogleApiError,
            what: 'YouTube playlistItems.list',
          },
          signal,
        );
        ids.push(...body.items.map((item) => item.contentDetails.videoId));
        pageToken = body.nextPageToken;
      } while (pageToken);
      return ids;
    },

    async listVideos(
      accessToken: string,
      ids: string[],
      signal?: AbortSignal,
    ): Promise<YouTubeVideo[]> {
      const body = await requestJson(
        http,
        {
          url: buildUrl(config.youtubeDataUrl, '/videos', {
            part: 'snippet,contentDetails,statistics',
            id: ids.join(','),
            maxResults: 50,
          }),
          init: bearer(accessToken),
          schema: videoListSchema,
          classify: classifyGoogleApiError,
          what: 'YouTube videos.list',
        },
        signal,
      );
      return body.items;
    },

    async queryReport(
      accessToken: string,
      query: {
        startDate: string;
        endDate: string;
        metrics: string[];
        dimensions?: string[];
        filters?: string;
        sort?: string;
        maxResults?: number;
      },
      signal?: AbortSignal,
    ): Promise<ReportRow[]> {
      const body = await requestJson(
        http,
        {
          url: buildUrl(config.youtubeAnalyticsUrl, '/reports', {
            ids: 'channel==MINE',
            startDate: query.startDate,
            endDate: query.endDate,
            metrics: query.metrics.join(','),
            dimensions: query.dimensions?.join(','),
            filters: query.filters,
            sort: query.sort,
            maxResults: query.maxResults,
          }),
          init: bearer(accessToken),
          schema: reportSchema,
          classify: classifyGoogleApiError,
          what: 'YouTube Analytics reports.query',
        },
        signal,
      );
      const names = body.columnHeaders.map((header) => header.name);
      return (body.rows ?? []).map((row) => {
        if (row.length !== names.length) {
          throw new MalformedResponseError('YouTube Analytics: a row does not match its headers');
        }
        return Object.fromEntries(names.map((name, index) => [name, row[index] ?? null]));
      });
    },
  };
}
