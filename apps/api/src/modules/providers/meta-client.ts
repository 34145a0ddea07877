import { z } from 'zod';
import type { MetaPlatformConfig } from '../../config/env';
import {
  buildUrl,
  httpsUrlSchema,
  imageUrlSchema,
  ProviderError,
  QuotaExceededError,
  ReconnectNeededError,
  requestJson,
  type ErrorClassifier,
  type PlatformHttp,
} from './platform-http';

export const metaPermissions = [
  'instagram_basic',
  'instagram_manage_insights',
  'pages_show_list',
  'pages_read_engagement',
];

const metaErrorSchema = z.object({
  error: z.object({
    message: z.string().optional(),
    code: z.number().optional(),
    error_subcode: z.number().optional(),
  }),
});

/** Meta recommends keying off `error.code`: 190 token, 4/17/32/613 throttling, 100 parameters. */
export const classifyMetaError: ErrorClassifier = (status, body) => {
  const parsed = metaErrorSchema.safeParse(body);
  const code = parsed.success ? (parsed.data.error.code ?? null) : null;
  const message = parsed.success ? (parsed.data.error.message ?? '') : '';
  if (code === 190 || code === 102) {
    return new ReconnectNeededError(
      `Meta no longer accepts this connection's token`,
      status,
      '190',
    );
  }
  if (status !== 429 && (code === 4 || code === 17 || code === 32 || code === 613)) {
    return new QuotaExceededError('Meta API rate limit reached', status, String(code));
  }
  return new ProviderError(
    `Meta answered ${status}${message ? `: ${message}` : ''}`,
    status,
    code === null ? null : String(code),
  );
};

const tokenSchema = z.object({
  access_token: z.string().min(1),
  token_type: z.string().optional(),
  expires_in: z.number().optional(),
});
export type MetaToken = { accessToken: string; expiresAt: Date | null };

const pagesSchema = z.object({
  data: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      access_token: z.string().optional(),
      followers_count: z.number().optional(),
      instagram_business_account: z
        .object({ id: z.string(), username: z.string().optional() })
        .optional(),
    }),
  ),
});
export type MetaPage = z.output<typeof pagesSchema>['data'][number];

const instagramUserSchema = z.object({
  id: z.string(),
  username: z.string(),
  name: z.string().optional(),
  followers_count: z.number().optional(),
  media_count: z.number().optional(),
  profile_picture_url: imageUrlSchema,
});
export type InstagramUser = z.output<typeof instagramUserSchema>;

const mediaPageSchema = z.object({
  data: z.array(
    z.object({
      id: z.string(),
      caption: z.string().optional(),
      media_type: z.string(),
      media_product_type: z.string().optional(),
      timestamp: z.string(),
      permalink: httpsUrlSchema,
      thumbnail_url: imageUrlSchema,
      media_url: imageUrlSchema,
      like_count: z.number().optional(),
      comments_count: z.number().optional(),
    }),
  ),
  paging: z
    .object({
      cursors: z.object({ after: z.string().optional() }).optional(),
      next: z.string().optional(),
    })
    .optional(),
});
export type InstagramMedia = z.output<typeof mediaPageSchema>['data'][number];

const insightsSchema = z.object({
  data: z.array(
    z.object({
      name: z.string(),
      period: z.string().optional(),
      values: z
        .array(
          z.object({
            value: z.union([z.number(), z.record(z.string(), z.number())]),
            end_time: z.string().optional(),
          }),
        )
        .optional(),
      total_value: z
        .object({
          value: z.number().optional(),
          breakdowns: z
            .array(
              z.object({
                dimension_keys: z.array(z.string()),
                results: z.array(
                  z.object({ dimension_values: z.array(z.string()), value: z.number() }),
                ),
              }),
            )
            .optional(),
        })
        .optional(),
    }),
  ),
});
export type InsightEntry = z.output<typeof insightsSchema>['data'][number];

export type MetaClient = ReturnType<typeof createMetaClient>;

export function createMetaClient(config: MetaPlatformConfig, http: PlatformHttp) {
  const graphGet = <T extends z.ZodType>(
    path: string,
    query: Record<string, string | number | undefined>,
    accessToken: string,
    schema: T,
    what: string,
    signal?: AbortSignal,
  ) =>
    requestJson(
      http,
      {
        url: buildUrl(config.graphUrl, path, query),
        // Graph accepts the token as a bearer header, which keeps it out of logged URLs.
        init: { headers: { authorization: `Bearer ${accessToken}` } },
        schema,
        classify: classifyMetaError,
        what,
      },
      signal,
    );

  return {
    buildDialogUrl(input: { state: string; redirectUri: string; codeChallenge: string }): string {
      return buildUrl(config.dialogUrl, '', {
        client_id: config.appId,
        redirect_uri: input.redirectUri,
        state: input.state,
        response_type: 'code',
        scope: metaPermissions.join(','),
        code_challenge: input.codeChallenge,
        code_challenge_method: 'S256',
      });
    },

    /** Code → short-lived token → ~60-day long-lived token. */
    async exchangeCode(input: {
      code: string;
      redirectUri: string;
      codeVerifier: string;
    }): Promise<MetaToken> {
      const shortLived = await requestJson(http, {
        url: buildUrl(config.graphUrl, '/oauth/access_token', {
          client_id: config.appId,
          client_secret: config.appSecret,
          redirect_uri: input.redirectUri,
          code: input.code,
          code_verifier: input.codeVerifier,
        }),
        schema: tokenSchema,
        classify: classifyMetaError,
        what: 'Meta code exchange',
      });
      const now = Date.now();
      const longLived = await requestJson(http, {
        url: buildUrl(config.graphUrl, '/oauth/access_token', {
          grant_type: 'fb_exchange_token',
          client_id: config.appId,
          client_secret: config.appSecret,
          fb_exchange_token: shortLived.access_token,
        }),
        schema: tokenSchema,
        classify: classifyMetaError,
        what: 'Meta long-lived token exchange',
      });
      return {
        accessToken: longLived.access_token,
        expiresAt: longLived.expires_in ? new Date(now + longLived.expires_in * 1000) : null,
      };
    },

    async revokePermissions(accessToken: string): Promise<void> {
      await requestJson(http, {
        url: buildUrl(config.graphUrl, '/me/permissions'),
        init: { method: 'DELETE', headers: { authorization: `Bearer ${accessToken}` } },
        schema: z.unknown(),
        classify: classifyMetaError,
        what: 'Meta revoke',
      });
    },

    async listPages(accessToken: string, signal?: AbortSignal): Promise<MetaPage[]> {
      const body = await graphGet(
        '/me/accounts',
        { fields: 'id,name,access_token,followers_count,instagram_business_account{id,username}' },
        accessToken,
        pagesSchema,
        'Meta me/accounts',
        signal,
      );
      return body.data;
    },

    /** The app-scoped id of the person who granted the token (what Meta's callbacks name). */
    async fetchUserId(accessToken: string, signal?: AbortSignal): Promise<string> {
      const body = await graphGet(
        '/me',
        { fields: 'id' },
        accessToken,
        z.object({ id: z.string() }),
        'Meta me',
        signal,
      );
      return body.id;
    },

    fetchInstagramUser(accessToken: string, id: string, signal?: AbortSignal) {
      return graphGet(
        `/${id}`,
        { fields: 'username,name,followers_count,media_count,profile_picture_url' },
        accessToken,
        instagramUserSchema,
        'Instagram user',
        signal,
      );
    },

    async listMedia(
      accessToken: string,
      id: string,
      signal?: AbortSignal,
    ): Promise<InstagramMedia[]> {
      const media: InstagramMedia[] = [];
      let after: string | undefined;
      for (;;) {
        const page = await graphGet(
          `/${id}/media`,
          {
            fields:
              'id,caption,media_type,media_product_type,timestamp,permalink,thumbnail_url,media_url,like_count,comments_count',
            limit: 100,
            after,
          },
          accessToken,
          mediaPageSchema,
          'Instagram media',
          signal,
        );
        media.push(...page.data);
        after = page.paging?.cursors?.after;
        // `after` is present even on the last page; only `next` says there is more.
        if (page.data.length === 0 || !after || !page.paging?.next) break;
      }
      return media;
    },

    async fetchInsights(
      accessToken: string,
      objectId: string,
      query: Record<string, string | number | undefined>,
      signal?: AbortSignal,
    ): Promise<InsightEntry[]> {
      const body = await graphGet(
        `/${objectId}/insights`,
        query,
        accessToken,
        insightsSchema,
        'Meta insights',
        signal,
      );
      return body.data;
    },
  };
}
