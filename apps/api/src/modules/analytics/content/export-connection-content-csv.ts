import type { ContentItem } from '@crescendo/contracts';
import { toCsv } from '../calculations/csv';
import { platformNames } from '../shared/platforms';

export const connectionContentCsvHeaders = [
  'Title',
  'Platform',
  'Type',
  'Published',
  'Duration seconds',
  'Views',
  'Watch minutes',
  'Likes',
  'Comments',
  'Shares',
  'Saves',
  'Reach',
  'Estimated revenue',
  'Link',
  'Figures',
];

/** A platform page's content table (/youtube, /meta) as CSV: lifetime counters, as synced. */
export function toConnectionContentCsv(items: ContentItem[]): string {
  return toCsv(
    connectionContentCsvHeaders,
    items.map((item) => [
      item.title,
      platformNames[item.platform],
      item.kind,
      item.publishedAt.slice(0, 10),
      item.durationSeconds,
      item.stats.views,
      item.stats.watchMinutes,
      item.stats.likes,
      item.stats.comments,
      item.stats.shares,
      item.stats.saves,
      item.stats.reach,
      item.stats.estimatedRevenue,
      item.permalink,
      'Lifetime',
    ]),
  );
}
