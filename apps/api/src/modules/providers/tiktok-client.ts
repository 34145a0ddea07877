import { z } from 'zod';
import type { TikTokPlatformConfig } from '../../config/env';
import {
  buildUrl,
  httpsUrlSchema,
  imageUrlSchema,
  MalformedResponseError,
  ProviderError,
  ReconnectNeededError,
  requestJson,
  type ErrorClassifier,
  type PlatformHttp,
} from './platform-http';

/** What Crescendo asks TikTok for: the profile, its counts and the public videos' counts. */
export const tiktokScopes = [
  'user.info.basic',
  'user.info.profile',
  'user.info.stats',
  'video.list',
];

const userFields = [
  'open_id',
  'display_name',
  'username',
  'avatar_url',
  'follower_count',
  'likes_count',
  'video_count',
];
const videoFields = [
  'id',
  'title',
  'video_description',
  'create_time',
  'cover_image_url',
  'share_url',
  'duration',
  'view_count',
  'like_count',
  'comment_count',
  'share_count',
];
/** video/list's largest page. */
const maxCount = 20;

/** The Display API's error half of `{ data, error: { code, message, log_id } }`. */
const apiErrorSchema = z.object({
  code: z.string(),
  message: z.string().optional(),
  log_id: z.string().optional(),
});
const envelopeSchema = z.object({ data: z.unknown().optional(), error: apiErrorSchema });
/** Login Kit's `{ error, error_description, log_id }`. */
const oauthErrorSchema = z.object({ error: z.string(), error_description: z.string().optional() });

/**
 * TikTok's error codes (https://developers.tiktok.com/doc/tiktok-api-v2-error-handling): an
 * invalid token or a scope the user took back needs the user to connect again; the rest is the
 * provider's own failure (429 and 5xx are retried before they get here).
 */
export const classifyTikTokApiError: ErrorClassifier = (status, body) => {
  const parsed = envelopeSchema.safeParse(body);
  const code = parsed.success ? parsed.data.error.code : null;
  const message = parsed.success ? (parsed.data.error.message ?? '') : '';
  if (code === 'access_token_invalid' || code === 'scope_not_authorized') {
    return new ReconnectNeededError('TikTok no longer accepts this connection', status, code);
  }
  return new ProviderError(
    `TikTok answered ${status}${code ? ` ${code}` : ''}${message ? `: ${message}` : ''}`,
    status,
    code,
  );
};

export const classifyTikTokOAuthError: ErrorClassifier = (status, body) => {
  const parsed = oauthErrorSchema.safeParse(body);
  const code = parsed.success ? parsed.data.error : null;
  const description = parsed.success ? (parsed.data.error_description ?? '') : '';
  if (code === 'invalid_grant' && !description.includes('redirect_uri')) {
    return new ReconnectNeededError(
      `TikTok refused the grant: ${description || code}`,
      status,
      code,
    );
  }
  return new ProviderError(
    `TikTok's token endpoint answered ${status}${code ? ` ${code}` : ''}${description ? `: ${description}` : ''}`,
    status,
    code,
  );
};

const tokenSchema = z.object({
  access_token: z.string().min(1),
  expires_in: z.number(),
  open_id: z.string().min(1),
  refresh_token: z.string().min(1),
  refresh_expires_in: z.number().optional(),
  scope: z.string().optional(),
});
export type TikTokTokens = {
  accessToken: string;
  refreshToken: string;
  expiresAt: Date;
  openId: string;
  scopes: string[];
};

const userSchema = z.object({
  user: z.object({
    open_id: z.string(),
    display_name: z.string().optional(),
    username: z.string().optional(),
    avatar_url: imageUrlSchema,
    follower_count: z.number().int().nonnegative().optional(),
    likes_count: z.number().int().nonnegative().optional(),
    video_count: z.number().int().nonnegative().optional(),
  }),
});
export type TikTokUser = z.output<typeof userSchema>['user'];

const videoSchema = z.object({
  id: z.string().min(1),
  title: z.string().optional(),
  video_description: z.string().optional(),
  create_time: z.number().int(),
  cover_image_url: imageUrlSchema,
  share_url: httpsUrlSchema,
  duration: z.number().int().optional(),
  view_count: z.number().int().nonnegative().optional(),
  like_count: z.number().int().nonnegative().optional(),
  comment_count: z.number().int().nonnegative().optional(),
  share_count: z.number().int().nonnegative().optional(),
});
export type TikTokVideo = z.output<typeof videoSchema>;
const videoPageSchema = z.object({
  videos: z.array(videoSchema),
  cursor: z.number().optional(),
  has_more: z.boolean(),
});

export type TikTokClient = ReturnType<typeof createTikTokClient>;

/**
 * Login Kit for Web and Display API v2. `now` is the provider's clock (tests pin it to the
 * sandbox's): token lifetimes are measured on it, so a refresh happens when TikTok expects one.
 */
export function createTikTokClient(
  config: TikTokPlatformConfig,
  http: PlatformHttp,
  now: () => Date,
) {
  const form = (values: Record<string, string>) => ({
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(values).toString(),
  });

  /** Calls a Login Kit endpoint; TikTok may also answer an error with a 2xx status. */
  const oauth = async <T extends z.ZodType>(
    path: string,
    values: Record<string, string>,
    schema: T,
    what: string,
  ): Promise<z.output<T>> => {
    const body = await requestJson(http, {
      url: buildUrl(config.apiUrl, path),
      init: form({
        client_key: config.clientKey,
        client_secret: config.clientSecret,
        ...values,
      }),
      schema: z.unknown(),
      classify: classifyTikTokOAuthError,
      what,
    });
    if (oauthErrorSchema.safeParse(body).success)
      throw classifyTikTokOAuthError(200, body, new Headers());
    const parsed = schema.safeParse(body);
    if (!parsed.success) throw new MalformedResponseError(`${what}: unexpected response shape`);
    return parsed.data;
  };

  const toTokens = (body: z.output<typeof tokenSchema>, issuedAt: Date): TikTokTokens => ({
    accessToken: body.access_token,
    refreshToken: body.refresh_token,
    expiresAt: new Date(issuedAt.getTime() + body.expires_in * 1000),
    openId: body.open_id,
    scopes: (body.scope ?? '').split(',').filter(Boolean),
  });

  /** Calls the Display API and unwraps its envelope; a non-`ok` code is an error at any status. */
  const display = async <T extends z.ZodType>(
    request: { path: string; fields: string[]; body?: unknown; accessToken: string },
    schema: T,
    what: string,
    signal?: AbortSignal,
  ): Promise<z.output<T>> => {
    const envelope = await requestJson(
      http,
      {
        url: buildUrl(config.apiUrl, request.path, { fields: request.fields.join(',') }),
        init: {
          method: request.body === undefined ? 'GET' : 'POST',
          headers: {
            authorization: `Bearer ${request.accessToken}`,
            ...(request.body === undefined ? {} : { 'content-type': 'application/json' }),
          },
          ...(request.body === undefined ? {} : { body: JSON.stringify(request.body) }),
        },
        schema: envelopeSchema,
        classify: classifyTikTokApiError,
        what,
      },
      signal,
    );
    if (envelope.error.code !== 'ok') throw classifyTikTokApiError(200, envelope, new Headers());
    const parsed = schema.safeParse(envelope.data);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new MalformedResponseError(
        `${what}: unexpected response shape (${issue?.path.join('.') || 'data'}: ${issue?.message ?? 'invalid'})`,
      );
    }
    return parsed.data;
  };

  return {
    buildAuthUrl(input: { state: string; redirectUri: string; codeChallenge: string }): string {
      // Not `buildUrl`: TikTok's consent address ends in a slash that must stay.
      const url = new URL(config.authUrl);
      const query = {
        client_key: config.clientKey,
        scope: tiktokScopes.join(','),
        response_type: 'code',
        redirect_uri: input.redirectUri,
        state: input.state,
        code_challenge: input.codeChallenge,
        code_challenge_method: 'S256',
      };
      for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
      return url.toString();
    },

    async exchangeCode(input: {
      code: string;
      redirectUri: string;
      codeVerifier: string;
    }): Promise<TikTokTokens> {
      const issuedAt = now();
      const body = await oauth(
        '/oauth/token/',
        {
          grant_type: 'authorization_code',
          code: input.code,
          redirect_uri: input.redirectUri,
          code_verifier: input.codeVerifier,
        },
        tokenSchema,
        'TikTok code exchange',
      );
      return toTokens(body, issuedAt);
    },

    async refreshAccessToken(refreshToken: string): Promise<TikTokTokens> {
      const issuedAt = now();
      const body = await oauth(
        '/oauth/token/',
        { grant_type: 'refresh_token', refresh_token: refreshToken },
        tokenSchema,
        'TikTok token refresh',
      );
      return toTokens(body, issuedAt);
    },

    async revokeToken(accessToken: string): Promise<void> {
      await oauth('/oauth/revoke/', { token: accessToken }, z.unknown(), 'TikTok revoke');
    },

    async fetchUser(accessToken: string, signal?: AbortSignal): Promise<TikTokUser> {
      const body = await display(
        { path: '/user/info/', fields: userFields, accessToken },
        userSchema,
        'TikTok user/info',
        signal,
      );
      return body.user;
    },

    /** Every public video with its lifetime counts, newest first, following the cursor. */
    async listVideos(accessToken: string, signal?: AbortSignal): Promise<TikTokVideo[]> {
      const videos: TikTokVideo[] = [];
      let cursor: number | undefined;
      for (;;) {
        const page = await display(
          {
            path: '/video/list/',
            fields: videoFields,
            body: { max_count: maxCount, ...(cursor === undefined ? {} : { cursor }) },
            accessToken,
          },
          videoPageSchema,
          'TikTok video/list',
          signal,
        );
        videos.push(...page.videos);
        if (!page.has_more || page.videos.length === 0) return videos;
        if (page.cursor === undefined || page.cursor === cursor) {
          throw new MalformedResponseError('TikTok video/list: has_more without a new cursor');
        }
        cursor = page.cursor;
      }
    },
  };
}
