import type { ContentResponse } from '@crescendo/contracts';
import { toCsv } from '../calculations/csv';
import { platformNames } from '../shared/platforms';

export const contentCsvHeaders = [
  'Title',
  'Platform',
  'Type',
  'Published',
  'Views',
  'Watch minutes',
  'Likes',
  'Comments',
  'Shares',
  'Saves',
  'Engagement rate',
  'Followers gained',
  'Link',
  'Figures',
];

export function toContentCsv(content: ContentResponse): string {
  return toCsv(
    contentCsvHeaders,
    content.items.map((item) => [
      item.title,
      platformNames[item.platform],
      item.type,
      item.publishedAt.slice(0, 10),
      item.views,
      item.watchMinutes,
      item.likes,
      item.comments,
      item.shares,
      item.saves,
      item.engagementRate,
      item.followersGained,
      item.permalink,
      item.figures === 'range' ? 'In range' : 'Lifetime',
    ]),
  );
}
