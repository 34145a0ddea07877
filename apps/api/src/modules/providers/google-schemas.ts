// The shapes of Google's token, YouTube Data API and YouTube Analytics answers, checked on arrival.
import { z } from 'zod';

export const tokenResponseSchema = z.object({
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

export function toTokens(body: z.output<typeof tokenResponseSchema>, now: Date): GoogleTokens {
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

export const channelListSchema = z.object({
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

export const playlistItemsSchema = z.object({
  nextPageToken: z.string().optional(),
  items: z.array(
    z.object({
      contentDetails: z.object({ videoId: z.string(), videoPublishedAt: z.string().optional() }),
    }),
  ),
});

export const videoListSchema = z.object({
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

export const reportSchema = z.object({
  columnHeaders: z.array(z.object({ name: z.string() })),
  rows: z.array(z.array(z.union([z.string(), z.number(), z.null()]))).optional(),
});
/** A report as records keyed by column name; `rows` absent on the wire → []. */
export type ReportRow = Record<string, string | number | null>;
