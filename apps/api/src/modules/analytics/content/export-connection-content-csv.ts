import type { ContentListResponse } from '@crescendo/contracts';
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

/**
 * A platform page's content table (/youtube, /meta) as CSV, with the figures the table shows: the
 * period's (the Figures column names its days) or lifetime counters, as synced. Reach and revenue
 * are lifetime counters only, so they are left blank beside a period's figures.
 */
export function toConnectionContentCsv(content: ContentListResponse): string {
  const range = content.figures === 'range' ? content.range : null;
  const figures = range ? `${range.from} to ${range.to}` : 'Lifetime';
  return toCsv(
    connectionContentCsvHeaders,
    content.items.map((item) => {
      const shown = range ? (item.period ?? null) : item.stats;
      return [
        item.title,
        platformNames[item.platform],
        item.kind,
        item.publishedAt.slice(0, 10),
        item.durationSeconds,
        shown?.views ?? null,
        shown?.watchMinutes ?? null,
        shown?.likes ?? null,
        shown?.comments ?? null,
        shown?.shares ?? null,
        shown?.saves ?? null,
        range ? null : item.stats.reach,
        range ? null : item.stats.estimatedRevenue,
        item.permalink,
        figures,
      ];
    }),
  );
}
