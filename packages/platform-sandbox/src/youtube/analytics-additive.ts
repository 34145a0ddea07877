import { formatDay, formatMonth } from '../dates';
import { splitTotal } from '../random';
import {
  BASE_METRIC_INDEX,
  CONTENT_TYPES,
  type BaseMetric,
  type SplitDimension,
  type Video,
  type YouTubeChannel,
} from '../personas/youtube-model';
import {
  ANALYTICS_METRICS,
  SPLIT_DIMENSIONS,
  TIME_DIMENSIONS,
  type AnalyticsQuery,
} from './analytics-schema';

/** Rows of additive metrics (views, watch time, revenue…) for any mix of time, split and video. */
export function additiveRows(
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
