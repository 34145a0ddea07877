import { z } from 'zod';
import type { GooglePlatformConfig } from '../../config/env';
import {
  buildUrl,
  MalformedResponseError,
  ProviderError,
  QuotaExceededError,
  ReconnectNeededError,
  requestJson,
  type ErrorClassifier,
  type PlatformHttp,
} from './platform-http';

export const googleScopes = [
  'https://www.googleapis.com/auth/youtube.readonly',
  'https://www.googleapis.com/auth/yt-analytics.readonly',
  'https://www.googleapis.com/auth/yt-analytics-monetary.readonly',
];

const googleApiErrorSchema = z.object({
  error: z.object({
    code: z.number().optional(),
    message: z.string().optional(),
    errors: z.array(z.object({ reason: z.string().optional() })).optional(),
  }),
});
const oauthErrorSchema = z.object({
  error: z.string(),
  error_description: z.string().optional(),
});

/** Classifies Google API (Data, Analytics) error envelopes. */
export const classifyGoogleApiError: ErrorClassifier = (status, body) => {
  const parsed = googleApiErrorSchema.safeParse(body);
  const reason = parsed.success ? (parsed.data.error.errors?.[0]?.reason ?? null) : null;
  const message = parsed.success ? (parsed.data.error.message ?? '') : '';
  if (reason === 'quotaExceeded' || reason === 'dailyLimitExceeded') {
    return new QuotaExceededError('YouTube API daily quota exceeded', status, reason);
  }
  if (status === 401) {
    return new ReconnectNeededError('Google no longer accepts this connection', status, reason);
  }
  return new ProviderError(
    `Google answered ${status}${message ? `: ${message}` : ''}`,
    status,
    reason,
  );
};

/** Classifies the OAuth token/revoke endpoints' `{error, error_description}` bodies. */
export const classifyGoogleOAuthError: ErrorClassifier = (status, body) => {
  const parsed = oauthErrorSchema.safeParse(body);
  const code = parsed.success ? parsed.data.error : null;
  const description = parsed.success ? (parsed.data.error_description ?? '') : '';
  if (code === 'invalid_grant') {
    return new ReconnectNeededError(
      `Google refused the grant: ${description || 'invalid_grant'}`,
      status,
      code,
    );
  }
  return new ProviderError(
    `Google's token endpoint answered ${status}${code ? ` ${code}` : ''}${description ? `: ${description}` : ''}`,
    status,
    code,
  );
};

const tokenResponseSchema = z.object({
  access_token: z.string().min(1),
  expires_in: z.number().optional(),
  refresh_token: z.string().optional(),
  scope: z.string().optional(),
  token_type: z.string().optional(),
});
export type GoogleTokens = {
  accessToken: string;
  refreshToken: string | null;
  expiresAt: Date | null;
  scopes: string[];
};

function toTokens(body: z.output<typeof tokenResponseSchema>, now: Date): GoogleTokens {
  return {
    accessToken: body.access_token,
    refreshToken: body.refresh_token ?? null,
    expiresAt: body.expires_in ? new Date(now.getTime() + body.expires_in * 1000) : null,
    scopes: (body.scope ?? '').split(/\s+/).filter(Boolean),
  };
}

const countString = z
  .union([z.string().regex(/^\d+$/), z.number()])
  .transform((value) => Number(value));

const channelListSchema = z.object({
  items: z
    .array(
      z.object({
        id: z.string(),
        snippet: z.object({
          title: z.string(),
          customUrl: z.string().optional(),
          thumbnails: z.record(z.string(), z.object({ url: z.string() })).optional(),
        }),
        contentDetails: z.object({ relatedPlaylists: z.object({ uploads: z.string() }) }),
        statistics: z.object({
          viewCount: countString.optional(),
          subscriberCount: countString.optional(),
          hiddenSubscriberCount: z.boolean().optional(),
          videoCount: countString.optional(),
        }),
      }),
    )
    .optional(),
});
export type YouTubeChannel = NonNullable<z.output<typeof channelListSchema>['items']>[number];

const playlistItemsSchema = z.object({
  nextPageToken: z.string().optional(),
  items: z.array(
    z.object({
      contentDetails: z.object({ videoId: z.string(), videoPublishedAt: z.string().optional() }),
    }),
  ),
});

const videoListSchema = z.object({
  items: z.array(
    z.object({
      id: z.string(),
      snippet: z.object({
        title: z.string(),
        publishedAt: z.string(),
        liveBroadcastContent: z.string().optional(),
        thumbnails: z.record(z.string(), z.object({ url: z.string() })).optional(),
      }),
      contentDetails: z.object({ duration: z.string() }).optional(),
      statistics: z
        .object({
          viewCount: countString.optional(),
          likeCount: countString.optional(),
          commentCount: countString.optional(),
        })
        .optional(),
    }),
  ),
});
export type YouTubeVideo = z.output<typeof videoListSchema>['items'][number];

const reportSchema = z.object({
  columnHeaders: z.array(z.object({ name: z.string() })),
  rows: z.array(z.array(z.union([z.string(), z.number(), z.null()]))).optional(),
});
/** A report as records keyed by column name; `rows` absent on the wire → []. */
export type ReportRow = Record<string, string | number | null>;

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
