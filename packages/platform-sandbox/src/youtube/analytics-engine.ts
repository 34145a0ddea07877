import { AGE_GROUPS, GENDERS, type Video, type YouTubeChannel } from '../personas/youtube-model';
import { additiveRows } from './analytics-additive';
import { ANALYTICS_METRICS, type AnalyticsQuery } from './analytics-schema';

/**
 * YouTube Analytics API v2 reports.query, computed from the persona series:
 * https://developers.google.com/youtube/analytics/reference/reports/query
 * Pure: no Fastify. Queries are read by analytics-query.ts, whose AnalyticsQueryError the route
 * maps to Google's envelope; additive metrics are computed in analytics-additive.ts.
 */
export type ColumnHeader = {
  name: string;
  columnType: 'DIMENSION' | 'METRIC';
  dataType: 'STRING' | 'INTEGER' | 'FLOAT';
};
export type ResultTable = {
  kind: 'youtubeAnalytics#resultTable';
  columnHeaders: ColumnHeader[];
  rows?: (string | number)[][];
};

/**
 * Runs a parsed query. Every additive metric is read as the difference of cumulative values
 * (see BASE_METRICS), so any slicing of the same range sums to the same total.
 */
export function runAnalyticsQuery(
  channel: YouTubeChannel,
  query: AnalyticsQuery,
  lastDataDay: number,
): ResultTable {
  const columnHeaders: ColumnHeader[] = [
    ...query.dimensions.map((name): ColumnHeader => ({
      name,
      columnType: 'DIMENSION',
      dataType: 'STRING',
    })),
    ...query.metrics.map((name): ColumnHeader => ({
      name,
      columnType: 'METRIC',
      dataType: ANALYTICS_METRICS[name]?.dataType ?? 'INTEGER',
    })),
  ];
  const table: ResultTable = { kind: 'youtubeAnalytics#resultTable', columnHeaders };
  const firstDay = Math.max(query.startDay, channel.series.startDay);
  const lastDay = Math.min(query.endDay, lastDataDay);
  const videoFilter = query.filters.get('video');
  const typeFilter = query.filters.get('creatorContentType');
  const videos = channel.videos.filter(
    (v) =>
      v.publishDay <= lastDay &&
      (!videoFilter || videoFilter.includes(v.id)) &&
      (!typeFilter || typeFilter.includes(v.contentType)),
  );

  let rows: (string | number)[][];
  if (query.metrics[0] === 'viewerPercentage') {
    rows =
      channel.isBelowPrivacyThreshold || firstDay > lastDay
        ? []
        : demographicRows(channel, query, videos, firstDay, lastDay);
  } else if (query.startDay > lastDay) {
    rows = [];
  } else {
    rows = additiveRows(channel, query, videos, query.startDay, lastDay);
  }

  sortRows(rows, query);
  const start = query.startIndex - 1;
  rows = rows.slice(start, query.maxResults === null ? undefined : start + query.maxResults);
  // Google omits `rows` entirely when there is no data.
  if (rows.length > 0) table.rows = rows;
  return table;
}

function sortRows(rows: (string | number)[][], query: AnalyticsQuery): void {
  const columns = [...query.dimensions, ...query.metrics];
  const keys =
    query.sort.length > 0
      ? query.sort
      : query.dimensions.map((name) => ({ name, isDescending: false }));
  const indexed = keys.map((k) => ({
    index: columns.indexOf(k.name),
    direction: k.isDescending ? -1 : 1,
  }));
  rows.sort((a, b) => {
    for (const { index, direction } of indexed) {
      const x = a[index] ?? 0;
      const y = b[index] ?? 0;
      if (x < y) return -direction;
      if (x > y) return direction;
    }
    return 0;
  });
}

/** viewerPercentage: the views-weighted mix of each content type's audience, in percent. */
function demographicRows(
  channel: YouTubeChannel,
  query: AnalyticsQuery,
  videos: readonly Video[],
  rangeStart: number,
  rangeEnd: number,
): (string | number)[][] {
  const weights = new Float64Array(AGE_GROUPS.length * GENDERS.length);
  let total = 0;
  for (const video of videos) {
    const views =
      channel.series.cumulativeViews(video, rangeEnd) -
      channel.series.cumulativeViews(video, rangeStart - 1);
    const mix = channel.demographics[video.typeIndex];
    if (!mix || views <= 0) continue;
    total += views;
    mix.forEach((share, i) => {
      weights[i] = (weights[i] ?? 0) + share * views;
    });
  }
  if (total === 0) return [];
  const hasAge = query.dimensions.includes('ageGroup');
  const hasGender = query.dimensions.includes('gender');
  const buckets = new Map<string, { key: string[]; value: number }>();
  AGE_GROUPS.forEach((age, a) => {
    GENDERS.forEach((gender, g) => {
      const key = query.dimensions.map((d) => (d === 'ageGroup' ? age : gender));
      const id = `${hasAge ? age : ''}|${hasGender ? gender : ''}`;
      const entry = buckets.get(id) ?? { key, value: 0 };
      entry.value += weights[a * GENDERS.length + g] ?? 0;
      buckets.set(id, entry);
    });
  });
  return [...buckets.values()]
    .map(({ key, value }) => [...key, Math.round((value / total) * 1000) / 10])
    .filter((row) => (row[row.length - 1] as number) > 0);
}
