import { parseDay } from '../dates';
import { readList } from '../http';
import { CONTENT_TYPES } from '../personas/youtube-model';
import {
  ANALYTICS_DIMENSIONS,
  ANALYTICS_METRICS,
  AnalyticsQueryError,
  DEMOGRAPHIC_DIMENSIONS,
  KNOWN_UNMODELLED,
  SPLIT_DIMENSIONS,
  TIME_DIMENSIONS,
  UNSUPPORTED_QUERY,
  type AnalyticsQuery,
} from './analytics-schema';

/** Reads reports.query parameters into an AnalyticsQuery, rejecting what Google rejects. */
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

  const metrics = readList(params.metrics);
  for (const metric of metrics) {
    if (!ANALYTICS_METRICS[metric])
      throw new AnalyticsQueryError(
        `Unknown identifier (${metric}) given in field parameters.metrics.`,
      );
  }
  const dimensions = readList(params.dimensions);
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
    const values = readList(match[2]);
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

  const sort = readList(params.sort).map((key) => ({
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
