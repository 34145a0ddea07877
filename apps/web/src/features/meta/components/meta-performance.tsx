import type { AccountAnalytics } from '@crescendo/contracts';
import * as Tabs from '@radix-ui/react-tabs';
import { useMemo } from 'react';
import { PlatformSkeleton } from '@/components/charts/platform-skeleton';
import {
  PlatformTimeSeriesChart,
  type ChartPoint,
  type ChartSeries,
} from '@/components/charts/platform-time-series-chart';
import { Card } from '@/components/ui/card';
import { describeHistoryLimit, shownFrom } from '@/lib/analytics/period';
import { cn } from '@/lib/cn';
import { formatLongDay } from '@/lib/format';
import { platformNames } from '@/lib/platforms';
import type { ChartMetric } from '../hooks/use-meta-view-state';
import { platformColors } from './meta-labels';

const tabs: { value: ChartMetric; label: string; chartLabel: string }[] = [
  { value: 'reach', label: 'Reach', chartLabel: 'Reach over time' },
  { value: 'views', label: 'Views', chartLabel: 'Views over time' },
  { value: 'follows', label: 'Follows', chartLabel: 'Follows over time' },
];

const fields = { reach: 'reach', views: 'views', follows: 'followersGained' } as const;

/** One row per day with each platform's reach, views and new follows side by side. */
function mergeDaily(
  instagram: AccountAnalytics | null,
  facebook: AccountAnalytics | null,
): ChartPoint[] {
  const byDay = new Map<string, ChartPoint>();
  const add = (prefix: 'instagram' | 'facebook', account: AccountAnalytics | null) => {
    for (const day of account?.daily ?? []) {
      const point = byDay.get(day.day) ?? { day: day.day };
      for (const [metric, field] of Object.entries(fields)) {
        point[`${prefix}-${metric}`] = day[field];
      }
      byDay.set(day.day, point);
    }
  };
  add('instagram', instagram);
  add('facebook', facebook);
  return [...byDay.values()].sort((a, b) => a.day.localeCompare(b.day));
}

/** Reach, views and follows over the chosen period, Instagram and Facebook on one chart. */
export function MetaPerformance({
  instagram,
  facebook,
  metric,
  onMetricChange,
  isRefreshing,
}: {
  instagram: AccountAnalytics | null;
  facebook: AccountAnalytics | null;
  metric: ChartMetric;
  onMetricChange: (metric: ChartMetric) => void;
  isRefreshing: boolean;
}) {
  const points = useMemo(() => mergeDaily(instagram, facebook), [instagram, facebook]);
  const account = instagram ?? facebook;
  const range = account
    ? {
        from: shownFrom(account.range.from, account.daily),
        to: account.range.to,
        historyLimit: account.range.historyLimit,
      }
    : null;
  // Reach counts unique people: a period's reach is the platform's own count (the card's), never
  // the sum of its days.
  const uniqueTotal = (value: ChartMetric, account: AccountAnalytics, noun: string) =>
    value === 'reach' ? { uniqueTotal: { value: account.totals.reach, noun } } : {};
  const seriesFor = (value: ChartMetric): ChartSeries[] => [
    ...(instagram
      ? [
          {
            key: `instagram-${value}`,
            name: platformNames.instagram,
            color: platformColors.instagram,
            ...uniqueTotal(value, instagram, 'accounts reached'),
          },
        ]
      : []),
    ...(facebook
      ? [
          {
            key: `facebook-${value}`,
            name: platformNames.facebook,
            color: platformColors.facebook,
            ...uniqueTotal(value, facebook, 'people reached'),
          },
        ]
      : []),
  ];

  return (
    <Card className="flex flex-col gap-4 p-4 sm:p-6">
      <Tabs.Root value={metric} onValueChange={(value) => onMetricChange(value as ChartMetric)}>
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <Tabs.List
            aria-label="Chart metric"
            className="inline-flex self-start rounded-lg bg-zinc-100 p-1 dark:bg-zinc-800"
          >
            {tabs.map((tab) => (
              <Tabs.Trigger
                key={tab.value}
                value={tab.value}
                className="rounded-md px-3 py-1.5 text-sm font-medium text-zinc-700 data-[state=active]:bg-white data-[state=active]:text-zinc-900 data-[state=active]:shadow-sm dark:text-zinc-300 dark:data-[state=active]:bg-zinc-950 dark:data-[state=active]:text-white"
              >
                {tab.label}
              </Tabs.Trigger>
            ))}
          </Tabs.List>
          {range ? (
            <p className="text-sm text-zinc-600 dark:text-zinc-400">
              {formatLongDay(range.from)} – {formatLongDay(range.to)}
              {range.historyLimit ? ` · ${describeHistoryLimit(range, formatLongDay)}` : ''}
            </p>
          ) : null}
        </div>
        {tabs.map((tab) => (
          <Tabs.Content
            key={tab.value}
            value={tab.value}
            className={cn('mt-5 transition-opacity', isRefreshing && 'opacity-60')}
          >
            <PlatformTimeSeriesChart
              label={tab.chartLabel}
              data={points}
              series={seriesFor(tab.value)}
              variant={tab.value === 'follows' ? 'bar' : 'area'}
              unavailableMessage={
                tab.value === 'follows'
                  ? 'Meta has not reported new follows for this period.'
                  : undefined
              }
            />
          </Tabs.Content>
        ))}
      </Tabs.Root>
    </Card>
  );
}

export function MetaPerformanceSkeleton() {
  return (
    <Card className="flex flex-col gap-4 p-4 sm:p-6" aria-hidden="true">
      <PlatformSkeleton className="h-9 w-56 rounded-lg" />
      <PlatformSkeleton className="h-[260px] rounded-xl" />
    </Card>
  );
}
