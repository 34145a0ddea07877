import type { SandboxContext } from '../context';
import { formatMetaTimestamp } from '../dates';
import type { IgMedia } from '../personas/instagram-account';
import type { Persona } from '../personas/world';
import { defaultFields, pickFields, type FieldSpec } from './fields';
import type { Caller } from './graph-auth';
import { buildThumbnailUrl } from '../thumbnails';

/** Graph nodes as they serialise: the Instagram user, its media, the Page (and its page token). */
export function serializeIgUser(
  context: SandboxContext,
  persona: Persona,
  fields: FieldSpec[],
  publicBase: string,
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
    profile_picture_url: () => buildThumbnailUrl(publicBase, ig.id),
    followers_count: () => ig.activity.followersAt(context.today()),
    follows_count: () => ig.followsCount,
    media_count: () => ig.media.filter((m) => m.timestampMs <= nowMs).length,
  });
}

export function serializeMedia(
  persona: Persona,
  media: IgMedia,
  fields: FieldSpec[],
  publicBase: string,
): Record<string, unknown> {
  const path = media.productType === 'REELS' ? 'reel' : 'p';
  return pickFields('IGMedia', fields, {
    id: () => media.id,
    caption: () => media.caption,
    media_type: () => media.mediaType,
    media_product_type: () => media.productType,
    // A video's media_url is the video itself (not served); pictures and covers are generated.
    media_url: () =>
      media.mediaType === 'VIDEO'
        ? `https://scontent.sandbox.invalid/${media.id}.mp4`
        : buildThumbnailUrl(publicBase, media.id),
    thumbnail_url: () =>
      media.mediaType === 'VIDEO' ? buildThumbnailUrl(publicBase, media.id) : undefined,
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

export function serializePage(
  context: SandboxContext,
  caller: Caller,
  fields: FieldSpec[],
  publicBase: string,
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
      serializeIgUser(context, caller.persona, children ?? defaultFields(['id']), publicBase),
  });
}
