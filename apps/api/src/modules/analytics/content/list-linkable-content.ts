import type { AnalyticsPlatform } from '@crescendo/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import { isOwnAccount } from '../shared/sql';
import type { Database } from '../../../db/client';
import { analyticsAccounts, contentItems } from '../../../db/schema';

/** A platform item a song can be linked to: a YouTube video or Short, a reel, a Facebook or TikTok video. */
export type LinkableContentItem = {
  id: string;
  platform: AnalyticsPlatform;
  kind: string;
  title: string;
  url: string | null;
  thumbnailUrl: string | null;
  /** Lifetime views as last synced; null when the platform withholds them. */
  lifetimeViews: number | null;
};

const linkableKinds = ['video', 'short', 'reel'] as const;

/**
 * The organisation's videos, Shorts and reels (all of them, or the given ids): what the
 * catalogue links songs to. Another organisation's ids are simply not found.
 */
export async function listContentItemsForLinking(
  db: Database,
  organizationId: string,
  ids?: string[],
): Promise<LinkableContentItem[]> {
  if (ids && ids.length === 0) return [];
  return db
    .select({
      id: contentItems.id,
      platform: analyticsAccounts.platform,
      kind: contentItems.kind,
      title: contentItems.title,
      url: contentItems.permalink,
      thumbnailUrl: contentItems.thumbnailUrl,
      lifetimeViews: contentItems.views,
    })
    .from(contentItems)
    .innerJoin(analyticsAccounts, isOwnAccount(contentItems))
    .where(
      and(
        eq(contentItems.organizationId, organizationId),
        inArray(contentItems.kind, [...linkableKinds]),
        ...(ids ? [inArray(contentItems.id, ids)] : []),
      ),
    )
    .orderBy(contentItems.publishedAt);
}
