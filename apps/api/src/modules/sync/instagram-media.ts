// An Instagram account's media (with their insights) and its follower demographics.
import { ProviderError, type InstagramMedia } from '../providers';
import {
  replaceAudienceSnapshots,
  upsertContentItems,
  type AudienceValues,
  type ContentValues,
} from '../analytics';
import { mapWithConcurrency } from './days';
import { resolveMetric, type MetricValues } from './metric-catalog';
import { requestConcurrency, type SyncContext } from './sync-context';
import { dayMs } from '../../lib/days';

/** Posts younger than this have their insights read again on every sync: their numbers move. */
const recentMediaDays = 60;
const mediaMetrics = [
  'reach',
  'views',
  'likes',
  'comments',
  'saved',
  'shares',
  'total_interactions',
];

function mediaKind(media: InstagramMedia): ContentValues['kind'] {
  if (media.media_product_type === 'REELS') return 'reel';
  if (media.media_product_type === 'STORY') return 'story';
  return 'post';
}

export async function syncInstagramMedia(
  context: SyncContext,
  token: string,
  instagramId: string,
  accountId: string,
): Promise<void> {
  const { db, services, connection, signal } = context;
  const media = await services.meta.listMedia(token, instagramId, signal);
  const recentSince = services.now().getTime() - recentMediaDays * dayMs;
  // The first sync reads every post's insights; later ones only recent posts, whose numbers move.
  const needsInsights = (item: InstagramMedia) =>
    !connection.syncedThrough || Date.parse(item.timestamp) >= recentSince;
  const insights = await mapWithConcurrency(media, requestConcurrency, async (item) => {
    if (!needsInsights(item)) return null;
    const entries = await services.meta.fetchInsights(
      token,
      item.id,
      { metric: mediaMetrics.join(',') },
      signal,
    );
    const values: MetricValues = {};
    for (const entry of entries) {
      const metric = resolveMetric('instagram', entry.name);
      const value = entry.values?.[0]?.value ?? entry.total_value?.value;
      if (metric && typeof value === 'number') values[metric] = value;
    }
    return values;
  });
  const statsUpdatedAt = services.now();
  await upsertContentItems(
    db,
    media
      .map((item, index): ContentValues | null => {
        const stats = insights[index];
        // Posts whose insights were not re-read keep their stored numbers.
        if (!stats && connection.syncedThrough) return null;
        return {
          organizationId: connection.organizationId,
          accountId,
          externalId: item.id,
          kind: mediaKind(item),
          title: (item.caption ?? '').split('\n')[0]!.slice(0, 200) || 'Untitled post',
          publishedAt: new Date(item.timestamp),
          permalink: item.permalink ?? null,
          thumbnailUrl: item.thumbnail_url ?? item.media_url ?? null,
          views: stats?.views ?? null,
          reach: stats?.reach ?? null,
          likes: stats?.likes ?? item.like_count ?? null,
          comments: stats?.comments ?? item.comments_count ?? null,
          shares: stats?.shares ?? null,
          saves: stats?.saves ?? null,
          totalInteractions: stats?.totalInteractions ?? null,
          statsUpdatedAt,
        };
      })
      .filter((item): item is ContentValues => item !== null),
  );
}

export async function syncInstagramAudience(
  context: SyncContext,
  token: string,
  instagramId: string,
  accountId: string,
  lastDay: string,
): Promise<void> {
  const { db, services, connection, signal } = context;
  const dimensions = { age: 'age', gender: 'gender', country: 'country', city: 'city' } as const;
  const snapshots = await mapWithConcurrency(
    Object.entries(dimensions),
    4,
    async ([breakdown, dimension]) => {
      try {
        const entries = await services.meta.fetchInsights(
          token,
          instagramId,
          {
            metric: 'follower_demographics',
            period: 'lifetime',
            metric_type: 'total_value',
            breakdown,
          },
          signal,
        );
        const results = entries[0]?.total_value?.breakdowns?.[0]?.results ?? [];
        return {
          dimension,
          rows: results.map((result): AudienceValues => ({
            accountId,
            organizationId: connection.organizationId,
            dimension,
            value: result.dimension_values.join('|'),
            periodLabel: 'lifetime',
            periodStart: null,
            periodEnd: lastDay,
            followers: result.value,
          })),
        };
      } catch (error) {
        // Under 100 followers Meta withholds demographics (code 100): stored as absent.
        if (error instanceof ProviderError && error.providerCode === '100')
          return { dimension, rows: [] };
        throw error;
      }
    },
  );
  await replaceAudienceSnapshots(
    db,
    { organizationId: connection.organizationId, accountId },
    snapshots.map((snapshot) => ({ ...snapshot, periodLabel: 'lifetime' })),
  );
}
