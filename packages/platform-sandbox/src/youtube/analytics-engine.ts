import { formatDay, formatMonth, parseDay } from '../dates';
import { splitTotal } from '../random';
import {
  AGE_GROUPS,
  BASE_METRIC_INDEX,
  CONTENT_TYPES,
  GENDERS,
  type BaseMetric,
  type SplitDimension,
  type Video,
  type YouTubeChannel,
} from '../personas/youtube-model';

/**
 * YouTube Analytics API v2 reports.query, computed from the persona series:
 * https://developers.google.com/youtube/analytics/reference/reports/query
 * Pure: no Fastify. Errors are thrown as AnalyticsQueryError and mapped to Google's envelope.
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

export class AnalyticsQueryError extends Error {
  constructor(
    message: string,
    readonly status: 400 | 403 = 400,
    readonly reason: string = 'badRequest',
  ) {
    super(message);
  }
}

const UNSUPPORTED_QUERY =
  'The query is not supported. Check the documentation at https://developers.google.com/youtube/analytics/v2/available_reports for a list of supported queries.';

type MetricDefinition = { dataType: 'INTEGER' | 'FLOAT'; needs: BaseMetric[] };
export const ANALYTICS_METRICS: Record<string, MetricDefinition> = {
  views: { dataType: 'INTEGER', needs: ['views'] },
  engagedViews: { dataType: 'INTEGER', needs: ['engagedViews'] },
  estimatedMinutesWatched: { dataType: 'INTEGER', needs: ['estimatedMinutesWatched'] },
  averageViewDuration: { dataType: 'INTEGER', needs: ['views', 'estimatedMinutesWatched'] },
  likes: { dataType: 'INTEGER', needs: ['likes'] },
  dislikes: { dataType: 'INTEGER', needs: ['dislikes'] },
  comments: { dataType: 'INTEGER', needs: ['comments'] },
  shares: { dataType: 'INTEGER', needs: ['shares'] },
  subscribersGained: { dataType: 'INTEGER', needs: ['subscribersGained'] },
  subscribersLost: { dataType: 'INTEGER', needs: ['subscribersLost'] },
  estimatedRevenue: { dataType: 'FLOAT', needs: ['estimatedRevenue'] },
  viewerPercentage: { dataType: 'FLOAT', needs: [] },
};

const TIME_DIMENSIONS = new Set(['day', 'month']);
const SPLIT_DIMENSIONS = new Set<string>(['country', 'deviceType', 'insightTrafficSourceType']);
const DEMOGRAPHIC_DIMENSIONS = new Set(['ageGroup', 'gender']);
export const ANALYTICS_DIMENSIONS = new Set([
  ...TIME_DIMENSIONS,
  ...SPLIT_DIMENSIONS,
  ...DEMOGRAPHIC_DIMENSIONS,
  'video',
  'creatorContentType',
]);
/** Real dimensions the sandbox does not model: answered like an unsupported combination. */
const KNOWN_UNMODELLED = new Set([
  'city',
  'province',
  'playlist',
  'operatingSystem',
  'subscribedStatus',
  'sharingService',
  'liveOrOnDemand',
  'youtubeProduct',
  'insightPlaybackLocationType',
  'elapsedVideoTimeRatio',
  'week',
  '7DayTotals',
  '30DayTotals',
]);

export type AnalyticsQuery = {
  startDay: number;
  endDay: number;
  metrics: string[];
  dimensions: string[];
  filters: Map<string, string[]>;
  sort: { name: string; isDescending: boolean }[];
  maxResults: number | null;
  startIndex: number;
};

export function parseAnalyticsQuery(
  params: Record<string, string>,
  channelId: string,
): AnalyticsQuery {
  for (const name of ['ids', 'startDate', 'endDate', 'metrics'] as const) {
    if (!params[name])
      throw new AnalyticsQueryError(`Required parameter: ${name}`, 400, 'required');
  }
  const ids = params.ids ?? '';
  if (ids !== 'channel==MINE' && ids !== `channel==${channelId}`) {
    throw new AnalyticsQueryError('Forbidden', 403, 'forbidden');
  }
  const parseDate = (name: 'startDate' | 'endDate'): number => {
    const text = params[name] ?? '';
    const day = parseDay(text);
    if (day === null)
      throw new AnalyticsQueryError(
        `Invalid value '${text}' for parameter ${name}. Values must be valid dates in the format YYYY-MM-DD.`,
        400,
        'invalidParameter',
      );
    return day;
  };
  const startDay = parseDate('startDate');
  const endDay = parseDate('endDate');
  if (startDay > endDay)
    throw new AnalyticsQueryError('The start date must be earlier than or equal to the end date.');

  const list = (text: string | undefined): string[] =>
    (text ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
  const metrics = list(params.metrics);
  for (const metric of metrics) {
    if (!ANALYTICS_METRICS[metric])
      throw new AnalyticsQueryError(
        `Unknown identifier (${metric}) given in field parameters.metrics.`,
      );
  }
  const dimensions = list(params.dimensions);
  for (const dimension of dimensions) {
    if (KNOWN_UNMODELLED.has(dimension)) throw new AnalyticsQueryError(UNSUPPORTED_QUERY);
    if (!ANALYTICS_DIMENSIONS.has(dimension))
      throw new AnalyticsQueryError(
        `Unknown identifier (${dimension}) given in field parameters.dimensions.`,
      );
  }
  if (new Set(dimensions).size !== dimensions.length)
    throw new AnalyticsQueryError(UNSUPPORTED_QUERY);

  const filters = new Map<string, string[]>();
  for (const clause of (params.filters ?? '').split(';').filter(Boolean)) {
    const match = /^([A-Za-z0-9]+)==(.+)$/.exec(clause.trim());
    if (!match?.[1] || !match[2]) throw new AnalyticsQueryError(`Invalid filter: ${clause}`);
    const name = match[1];
    if (!ANALYTICS_DIMENSIONS.has(name) || TIME_DIMENSIONS.has(name))
      throw new AnalyticsQueryError(
        `Unknown identifier (${name}) given in field parameters.filters.`,
      );
    const values = match[2]
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    if (name === 'video' && values.length > 500)
      throw new AnalyticsQueryError('The video filter accepts at most 500 video IDs.');
    if (name === 'creatorContentType') {
      for (const value of values) {
        if (![...CONTENT_TYPES, 'STORY', 'CREATOR_CONTENT_TYPE_UNSPECIFIED'].includes(value))
          throw new AnalyticsQueryError(`Invalid value (${value}) for filter creatorContentType.`);
      }
    }
    filters.set(name, values);
  }

  const isDemographic =
    metrics.includes('viewerPercentage') || dimensions.some((d) => DEMOGRAPHIC_DIMENSIONS.has(d));
  if (isDemographic) {
    const isValid =
      metrics.length === 1 &&
      metrics[0] === 'viewerPercentage' &&
      dimensions.length > 0 &&
      dimensions.every((d) => DEMOGRAPHIC_DIMENSIONS.has(d)) &&
      [...filters.keys()].every((f) => ['video', 'country', 'creatorContentType'].includes(f));
    if (!isValid) throw new AnalyticsQueryError(UNSUPPORTED_QUERY);
  }
  if (dimensions.filter((d) => TIME_DIMENSIONS.has(d)).length > 1)
    throw new AnalyticsQueryError(UNSUPPORTED_QUERY);
  const splitNames = new Set(
    [...dimensions, ...filters.keys()].filter((d) => SPLIT_DIMENSIONS.has(d)),
  );
  if (!isDemographic && splitNames.size > 1) throw new AnalyticsQueryError(UNSUPPORTED_QUERY);
  if (dimensions.includes('video') && dimensions.some((d) => TIME_DIMENSIONS.has(d)))
    throw new AnalyticsQueryError(UNSUPPORTED_QUERY);

  const sort = list(params.sort).map((key) => ({
    name: key.replace(/^-/, ''),
    isDescending: key.startsWith('-'),
  }));
  for (const key of sort) {
    if (!metrics.includes(key.name) && !dimensions.includes(key.name)) {
      throw new AnalyticsQueryError(
        `Invalid sort parameter (${key.name}). Sort fields must be included in the list of metrics or dimensions.`,
      );
    }
  }
  const positiveInt = (name: 'maxResults' | 'startIndex'): number | null => {
    const text = params[name];
    if (text === undefined) return null;
    const value = Number(text);
    if (!Number.isInteger(value) || value < 1)
      throw new AnalyticsQueryError(
        `Invalid value '${text}' for parameter ${name}. Values must be positive integers.`,
        400,
        'invalidParameter',
      );
    return value;
  };
  const maxResults = positiveInt('maxResults');
  const startIndex = positiveInt('startIndex') ?? 1;
  if (dimensions.includes('video') && !filters.has('video')) {
    // The "top videos" report: Google requires a bounded, descending-sorted list.
    if (maxResults === null || maxResults > 200 || !sort[0]?.isDescending) {
      throw new AnalyticsQueryError(
        `${UNSUPPORTED_QUERY} Top-videos reports (dimensions=video without a video filter) need maxResults <= 200 and a descending sort.`,
      );
    }
  }
  return { startDay, endDay, metrics, dimensions, filters, sort, maxResults, startIndex };
}

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

function additiveRows(
  channel: YouTubeChannel,
  query: AnalyticsQuery,
  videos: readonly Video[],
  rangeStart: number,
  rangeEnd: number,
): (string | number)[][] {
  const series = channel.series;
  series.ensureHorizon(rangeEnd);
  const baseMetrics = [...new Set(query.metrics.flatMap((m) => ANALYTICS_METRICS[m]?.needs ?? []))];
  const metricIndexes = baseMetrics.map((m) => BASE_METRIC_INDEX[m]);
  const nMetrics = baseMetrics.length;

  const timeDimension = query.dimensions.find((d) => TIME_DIMENSIONS.has(d));
  const splitName = [...query.dimensions, ...query.filters.keys()].find((d) =>
    SPLIT_DIMENSIONS.has(d),
  ) as SplitDimension | undefined;
  const split = splitName ? channel.splits[splitName] : null;
  const nCategories = split ? split.categories.length : 1;
  const splitFilter = splitName ? query.filters.get(splitName) : undefined;

  const days = rangeEnd - rangeStart + 1;
  const bucketOfDay = new Int32Array(Math.max(1, days));
  const bucketLabels: string[] = [];
  if (timeDimension === 'day') {
    for (let i = 0; i < days; i += 1) {
      bucketOfDay[i] = i;
      bucketLabels.push(formatDay(rangeStart + i));
    }
  } else if (timeDimension === 'month') {
    for (let i = 0; i < days; i += 1) {
      const label = formatMonth(rangeStart + i);
      if (bucketLabels[bucketLabels.length - 1] !== label) bucketLabels.push(label);
      bucketOfDay[i] = bucketLabels.length - 1;
    }
  } else {
    bucketLabels.push('');
  }
  const nBuckets = bucketLabels.length;

  const isByVideo = query.dimensions.includes('video');
  const isByType = query.dimensions.includes('creatorContentType');
  const nGroups = isByVideo ? videos.length : isByType ? CONTENT_TYPES.length : 1;
  const acc = new Float64Array(nGroups * nCategories * nBuckets * nMetrics);
  const slot = (g: number, c: number, b: number): number =>
    ((g * nCategories + c) * nBuckets + b) * nMetrics;

  // Phase 1: cumulative metric totals per "unit" at each point of interest (the day before the
  // range, then each day — or only the range end without a time dimension). A unit is a video when
  // rows are per video, otherwise all selected videos of one content type: splits (country,
  // device, traffic source) are applied to a unit's cumulative totals, which keeps breakdowns
  // exact and makes day × country reports cost O(days), not O(videos × days × categories).
  const points = timeDimension ? days + 1 : 2;
  const pointDay = (k: number): number =>
    timeDimension ? rangeStart - 1 + k : k === 0 ? rangeStart - 1 : rangeEnd;
  const nUnits = isByVideo ? videos.length : CONTENT_TYPES.length;
  const unitTotals = new Float64Array(nUnits * nMetrics * points);
  const unitHasData = new Uint8Array(nUnits);
  videos.forEach((video, videoPosition) => {
    const unit = isByVideo ? videoPosition : video.typeIndex;
    unitHasData[unit] = 1;
    const cumulative = series.tableFor(video);
    const firstPoint = Math.max(0, timeDimension ? video.publishDay - rangeStart : 0);
    for (let k = firstPoint; k < points; k += 1) {
      const day = pointDay(k);
      if (day < video.publishDay) continue;
      const views = cumulative[day - video.publishDay] ?? 0;
      const base = unit * nMetrics * points + k;
      for (let m = 0; m < nMetrics; m += 1) {
        const metricIndex = metricIndexes[m] ?? 0;
        const total =
          metricIndex === 0 ? views : Math.floor((video.rates[metricIndex] ?? 0) * views);
        const target = base + m * points;
        unitTotals[target] = (unitTotals[target] ?? 0) + total;
      }
    }
  });

  // Phase 2: differences between consecutive points, split into categories when asked.
  const current = new Float64Array(nCategories);
  const previous = new Float64Array(nCategories);
  for (let unit = 0; unit < nUnits; unit += 1) {
    if (!unitHasData[unit]) continue;
    const typeIndex = isByVideo ? (videos[unit]?.typeIndex ?? 0) : unit;
    const group = isByVideo ? unit : isByType ? unit : 0;
    const shares = split?.byType[typeIndex];
    for (let m = 0; m < nMetrics; m += 1) {
      const base = (unit * nMetrics + m) * points;
      let before = unitTotals[base] ?? 0;
      if (shares) splitTotal(before, shares, previous);
      for (let k = 1; k < points; k += 1) {
        const total = unitTotals[base + k] ?? 0;
        if (total === before) continue;
        const bucket = timeDimension ? (bucketOfDay[k - 1] ?? 0) : 0;
        if (shares) {
          splitTotal(total, shares, current);
          for (let c = 0; c < nCategories; c += 1) {
            const target = slot(group, c, bucket) + m;
            acc[target] = (acc[target] ?? 0) + (current[c] ?? 0) - (previous[c] ?? 0);
          }
          previous.set(current);
        } else {
          const target = slot(group, 0, bucket) + m;
          acc[target] = (acc[target] ?? 0) + total - before;
        }
        before = total;
      }
    }
  }

  const isCategoryInOutput = splitName !== undefined && query.dimensions.includes(splitName);
  const allowedCategories = split
    ? split.categories.map((name) => !splitFilter || splitFilter.includes(name))
    : [true];
  const keepsZeroRows = query.dimensions.length === 1 && timeDimension !== undefined;
  const rows: (string | number)[][] = [];
  const values = new Float64Array(nMetrics);
  for (let g = 0; g < nGroups; g += 1) {
    const categoryList = isCategoryInOutput
      ? [...Array(nCategories).keys()].filter((c) => allowedCategories[c])
      : [-1];
    for (const category of categoryList) {
      for (let b = 0; b < nBuckets; b += 1) {
        values.fill(0);
        for (let c = 0; c < nCategories; c += 1) {
          if (category >= 0 ? c !== category : !allowedCategories[c]) continue;
          const base = slot(g, c, b);
          for (let m = 0; m < nMetrics; m += 1) values[m] = (values[m] ?? 0) + (acc[base + m] ?? 0);
        }
        if (!keepsZeroRows && values.every((v) => v === 0)) continue;
        const metricValue = (name: BaseMetric): number => values[baseMetrics.indexOf(name)] ?? 0;
        const row: (string | number)[] = query.dimensions.map((dimension) => {
          if (dimension === 'day' || dimension === 'month') return bucketLabels[b] ?? '';
          if (dimension === 'video') return videos[g]?.id ?? '';
          if (dimension === 'creatorContentType')
            return isByVideo ? (videos[g]?.contentType ?? '') : (CONTENT_TYPES[g] ?? '');
          return split?.categories[category] ?? '';
        });
        for (const metric of query.metrics) {
          if (metric === 'averageViewDuration') {
            const views = metricValue('views');
            row.push(
              views > 0 ? Math.round((metricValue('estimatedMinutesWatched') * 60) / views) : 0,
            );
          } else if (metric === 'estimatedRevenue') {
            row.push(metricValue('estimatedRevenue') / 100);
          } else {
            row.push(metricValue(metric as BaseMetric));
          }
        }
        rows.push(row);
      }
    }
  }
  return rows;
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
