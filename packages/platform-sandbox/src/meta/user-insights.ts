import { readList } from '../http';
import type { InstagramAccount } from '../personas/instagram-account';
import { splitByWeights } from '../random';
import { MetaApiError } from './errors';
import { DEMOGRAPHIC_METRICS, USER_DAY_METRICS, VALID_USER_METRICS } from './insight-metrics';
import { invalidMetric, metaParamError, readRange } from './insight-params';
import {
  META_LAG_DAYS,
  dailyValues,
  endTimeOf,
  uniqueTotal,
  type InsightEntry,
  type InsightsResult,
} from './insight-values';

/**
 * Instagram account insights (GET /{ig-user-id}/insights), daily and demographic:
 * https://developers.facebook.com/docs/instagram-platform/api-reference/instagram-user/insights
 */
const MAX_RANGE_DAYS = 30;
export const MIN_FOLLOWERS_FOR_INSIGHTS = 100;

export function computeUserInsights(
  account: InstagramAccount,
  params: Record<string, string>,
  today: number,
): InsightsResult {
  const metrics = readList(params.metric);
  if (metrics.length === 0) throw metaParamError('The parameter metric is required');
  metrics.forEach((metric, index) => {
    if (!VALID_USER_METRICS.includes(metric)) throw invalidMetric(index, VALID_USER_METRICS);
  });
  const period = params.period;
  const metricType = params.metric_type ?? 'time_series';
  const breakdownKeys = readList(params.breakdown);
  const followers = account.activity.followersAt(today);

  if (metrics.some((m) => DEMOGRAPHIC_METRICS[m])) {
    if (!metrics.every((m) => DEMOGRAPHIC_METRICS[m]))
      throw metaParamError(
        'Incompatible metrics: demographic metrics cannot be combined with daily metrics',
      );
    if (period !== 'lifetime')
      throw metaParamError(
        `The following metrics (${metrics.join(', ')}) should be specified with parameter period=lifetime`,
      );
    if (metricType !== 'total_value')
      throw metaParamError(
        `The following metrics (${metrics.join(', ')}) should be specified with parameter metric_type=total_value`,
      );
    if (breakdownKeys.length === 0)
      throw metaParamError(
        `The following metrics (${metrics.join(', ')}) require the parameter breakdown (age, city, country, gender)`,
      );
    for (const key of breakdownKeys) {
      if (!['age', 'city', 'country', 'gender'].includes(key))
        throw metaParamError(
          `breakdown[${breakdownKeys.indexOf(key)}] must be one of the following values: age, city, country, gender`,
        );
    }
    if (followers < MIN_FOLLOWERS_FOR_INSIGHTS) {
      throw new MetaApiError({
        message: `(#100) Insufficient followers: demographic insights need an account with at least ${MIN_FOLLOWERS_FOR_INSIGHTS} followers.`,
        code: 100,
        subcode: 2108006,
      });
    }
    return {
      data: metrics.map((metric) => {
        let population = Math.floor(followers * 0.93);
        if (metric === 'engaged_audience_demographics') {
          const timeframe = params.timeframe ?? 'this_month';
          if (!['this_week', 'this_month'].includes(timeframe))
            throw metaParamError(
              'timeframe must be one of the following values: this_week, this_month',
            );
          const days = timeframe === 'this_week' ? 7 : 30;
          const engaged = dailyValues(
            { firstDay: today - days, lastDay: today - 1 },
            today,
            (d) => account.activity.day(d).accountsEngaged,
          );
          population = uniqueTotal(engaged.map((e) => e.value));
        }
        const combos = demographicCombos(account, breakdownKeys);
        const values = splitByWeights(
          population,
          combos.map((c) => c.weight),
        );
        const results = combos
          .map((combo, i) => ({ dimension_values: combo.values, value: values[i] ?? 0 }))
          .filter(
            (r): r is { dimension_values: string[]; value: number } =>
              r.value > 0 && !r.dimension_values.includes(null),
          )
          .sort((a, b) => b.value - a.value)
          .slice(0, 45); // "Demographic metrics only return the top 45 performers."
        const meta = DEMOGRAPHIC_METRICS[metric]!;
        return {
          name: metric,
          period: 'lifetime',
          title: meta.title,
          description: meta.description,
          total_value: { breakdowns: [{ dimension_keys: breakdownKeys, results }] },
          id: `${account.id}/insights/${metric}/lifetime`,
        };
      }),
    };
  }

  if (period !== 'day')
    throw metaParamError(
      `Param period must be one of {day} for metrics (${metrics.join(', ')}); got ${period ?? 'none'}`,
    );
  if (metricType !== 'time_series' && metricType !== 'total_value')
    throw metaParamError(
      'metric_type must be one of the following values: time_series, total_value',
    );
  if (metricType === 'time_series') {
    const notSeries = metrics.filter((m) => !USER_DAY_METRICS[m]?.isTimeSeriesAllowed);
    if (notSeries.length > 0)
      throw metaParamError(
        `The following metrics (${notSeries.join(', ')}) should be specified with parameter metric_type=total_value`,
      );
    if (breakdownKeys.length > 0)
      throw metaParamError('breakdown is only supported with metric_type=total_value');
  } else {
    const seriesOnly = metrics.filter((m) => USER_DAY_METRICS[m]?.isTimeSeriesOnly);
    if (seriesOnly.length > 0)
      throw metaParamError(
        `The following metrics (${seriesOnly.join(', ')}) should be specified with parameter metric_type=time_series`,
      );
  }
  for (const key of breakdownKeys) {
    for (const metric of metrics) {
      if (!USER_DAY_METRICS[metric]?.breakdowns?.[key])
        throw metaParamError(`Breakdown ${key} is not supported for metric ${metric}`);
    }
  }
  const range = readRange(params, today, MAX_RANGE_DAYS);
  const data: InsightEntry[] = [];
  for (const metric of metrics) {
    const definition = USER_DAY_METRICS[metric]!;
    // "follower_count ... not available on accounts with fewer than 100 followers": absent, not 0.
    if (definition.needsFollowers && followers < MIN_FOLLOWERS_FOR_INSIGHTS) continue;
    const days = dailyValues(range, today, (d) => definition.read(account.activity.day(d)));
    const id = `${account.id}/insights/${metric}/day`;
    if (metricType === 'time_series') {
      data.push({
        name: metric,
        period: 'day',
        values: days.map((d) => ({ value: d.value, end_time: endTimeOf(d.day) })),
        title: definition.title,
        description: definition.description,
        id,
      });
      continue;
    }
    const total = definition.isUnique
      ? uniqueTotal(days.map((d) => d.value))
      : days.reduce((a, d) => a + d.value, 0);
    const totalValue: NonNullable<InsightEntry['total_value']> = { value: total };
    if (breakdownKeys.length > 0) {
      totalValue.breakdowns = breakdownKeys.map((key) => {
        const breakdown = definition.breakdowns![key]!;
        let parts: number[];
        if (metric === 'follows_and_unfollows') {
          // FOLLOWER = new follows, NON_FOLLOWER = unfollows, so the parts sum to the value.
          parts = [0, 0];
          for (const d of days) {
            if (d.day > today - META_LAG_DAYS) continue;
            const activity = account.activity.day(d.day);
            parts[0] = (parts[0] ?? 0) + activity.follows;
            parts[1] = (parts[1] ?? 0) + activity.unfollows;
          }
        } else {
          parts = splitByWeights(total, breakdown.weights);
        }
        return {
          dimension_keys: [key],
          results: breakdown.values
            .map((value, i) => ({ dimension_values: [value], value: parts[i] ?? 0 }))
            .filter((r) => r.value > 0),
        };
      });
    }
    data.push({
      name: metric,
      period: 'day',
      title: definition.title,
      description: definition.description,
      total_value: totalValue,
      id,
    });
  }
  const length = range.lastDay - range.firstDay + 1;
  return {
    data,
    pagingRange: {
      previous: { firstDay: range.firstDay - length, lastDay: range.firstDay - 1 },
      next: { firstDay: range.lastDay + 1, lastDay: range.lastDay + length },
    },
  };
}

function demographicCombos(
  account: InstagramAccount,
  keys: string[],
): { values: (string | null)[]; weight: number }[] {
  let combos: { values: (string | null)[]; weight: number }[] = [{ values: [], weight: 1 }];
  for (const key of keys) {
    const shares = account.demographics[key as keyof InstagramAccount['demographics']];
    const sum = shares.weights.reduce((a, b) => a + b, 0);
    // A partial breakdown keeps its shares of the whole; the unlisted rest is split off (null) and
    // left out of the answer, so listed cities add up to less than the audience, as on Instagram.
    const values: (string | null)[] = shares.isPartial
      ? [...shares.values, null]
      : [...shares.values];
    const weights = shares.isPartial
      ? [...shares.weights, Math.max(0, 1 - sum)]
      : shares.weights.map((weight) => weight / sum);
    combos = combos.flatMap((combo) =>
      values.map((value, i) => ({
        values: [...combo.values, value],
        weight: combo.weight * (weights[i] ?? 0),
      })),
    );
  }
  return combos;
}
