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
  'Lifetime views',
  'Lifetime likes',
  'Lifetime comments',
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
      item.lifetime?.views ?? null,
      item.lifetime?.likes ?? null,
      item.lifetime?.comments ?? null,
      item.permalink,
      item.figures === 'range' ? 'In range' : 'Lifetime only',
    ]),
  );
}
