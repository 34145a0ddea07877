import { readList } from '../http';
import type { FacebookPage } from '../personas/facebook-page';
import type { IgMedia } from '../personas/instagram-account';
import { MEDIA_METRICS, PAGE_METRICS } from './insight-metrics';
import { invalidMetric, metaParamError, readRange } from './insight-params';
import { dailyValues, endTimeOf, type InsightsResult } from './insight-values';

/**
 * Instagram media insights and Facebook Page insights, computed from persona activity (account
 * insights are in user-insights.ts).
 * References:
 *  https://developers.facebook.com/docs/instagram-platform/reference/instagram-media/insights
 *  https://developers.facebook.com/docs/graph-api/reference/insights (Page)
 * Pure: no Fastify. Errors are thrown as MetaApiError.
 */
export function computeMediaInsights(
  media: IgMedia,
  params: Record<string, string>,
): InsightsResult {
  const metrics = readList(params.metric);
  if (metrics.length === 0) throw metaParamError('The parameter metric is required');
  const valid = Object.keys(MEDIA_METRICS);
  return {
    data: metrics.map((metric, index) => {
      const definition = MEDIA_METRICS[metric];
      if (!definition) throw invalidMetric(index, valid);
      if (definition.isReelsOnly && media.productType !== 'REELS') {
        throw metaParamError(
          `The Media Insights API does not support the ${metric} metric for this media product type.`,
        );
      }
      return {
        name: metric,
        period: 'lifetime',
        values: [{ value: definition.read(media) }],
        title: definition.title,
        description: definition.description,
        id: `${media.id}/insights/${metric}/lifetime`,
      };
    }),
  };
}

export function computePageInsights(
  page: FacebookPage,
  params: Record<string, string>,
  today: number,
): InsightsResult {
  const metrics = readList(params.metric);
  if (metrics.length === 0) throw metaParamError('The parameter metric is required');
  for (const metric of metrics) {
    if (!PAGE_METRICS[metric]) throw metaParamError('The value must be a valid insights metric');
  }
  const period = params.period ?? 'day';
  if (period !== 'day')
    throw metaParamError(`The sandbox emulates period=day for Page insights; got ${period}`);
  const range = readRange(params, today, 93);
  const length = range.lastDay - range.firstDay + 1;
  return {
    data: metrics.map((metric) => {
      const definition = PAGE_METRICS[metric]!;
      const days = dailyValues(range, today, (d) => definition.read(page, d));
      return {
        name: metric,
        period: 'day',
        values: days.map((d) => ({ value: d.value, end_time: endTimeOf(d.day) })),
        title: definition.title,
        description: definition.description,
        id: `${page.id}/insights/${metric}/day`,
      };
    }),
    pagingRange: {
      previous: { firstDay: range.firstDay - length, lastDay: range.firstDay - 1 },
      next: { firstDay: range.lastDay + 1, lastDay: range.lastDay + length },
    },
  };
}
