import type { ContentQuery, ContentResponse } from '@crescendo/contracts';
import type { Database } from '../../../db/client';
import type { PlatformChoice } from '../shared/platforms';
import { platformRangesOf, resolveScope, type AnalyticsViewer } from '../shared/scope';
import { round4, sumOf } from '../shared/totals';
import { listContent, listSongsOfContentItems } from './content.repository';

export async function getContent(
  db: Database,
  user: AnalyticsViewer,
  query: ContentQuery & PlatformChoice,
): Promise<ContentResponse> {
  const scope = await resolveScope(db, user, query);
  const isCsv = query.format === 'csv';
  const { rows, total, publishedInRange } = await listContent(db, user.organization.id, {
    accountIds: scope.accountIds,
    from: scope.range.from,
    to: scope.range.to,
    type: query.type,
    search: query.search || undefined,
    sort: query.sort,
    order: query.order,
    limit: isCsv ? null : query.pageSize,
    offset: isCsv ? 0 : (query.page - 1) * query.pageSize,
  });
  const songsOfItems = await listSongsOfContentItems(
    db,
    user.organization.id,
    rows.map((row) => row.id),
  );
  const number = (value: string | number | null) => (value === null ? null : Number(value));
  return {
    range: { ...scope.range, previous: null },
    platformRanges: platformRangesOf(scope),
    page: query.page,
    pageSize: query.pageSize,
    total,
    publishedInRange,
    items: rows.map((row) => {
      const views = number(row.views);
      const engagements = sumOf([row.likes, row.comments, row.shares, row.saves].map(number));
      return {
        id: row.id,
        title: row.title,
        platform: row.platform,
        type: row.type,
        publishedAt: new Date(row.publishedAt).toISOString(),
        permalink: row.permalink,
        thumbnailUrl: row.thumbnailUrl,
        durationSeconds: row.durationSeconds,
        views,
        watchMinutes: number(row.watchMinutes),
        likes: number(row.likes),
        comments: number(row.comments),
        shares: number(row.shares),
        saves: number(row.saves),
        engagementRate: views && engagements !== null ? round4(engagements / views) : null,
        followersGained: number(row.followersGained),
        figures: row.isRangeBased ? 'range' : 'lifetime',
        song: songsOfItems.get(row.id) ?? null,
        lifetime: row.isRangeBased
          ? null
          : {
              views: number(row.lifetimeViews),
              likes: number(row.lifetimeLikes),
              comments: number(row.lifetimeComments),
              shares: number(row.lifetimeShares),
              saves: number(row.lifetimeSaves),
            },
      };
    }),
  };
}
