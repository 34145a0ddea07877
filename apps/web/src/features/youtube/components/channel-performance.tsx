import type { AccountAnalytics } from '@crescendo/contracts';
import * as Tabs from '@radix-ui/react-tabs';
import { useMemo } from 'react';
import { formatWatchHours } from '@/components/charts/platform-format';
import { describeHistoryLimit, shownFrom } from '@/lib/analytics/period';
import { PlatformSkeleton } from '@/components/charts/platform-skeleton';
import {
  PlatformTimeSeriesChart,
  type ChartPoint,
} from '@/components/charts/platform-time-series-chart';
import { Card } from '@/components/ui/card';
import { cn } from '@/lib/cn';
import {
  formatCompactNumber,
  formatLongDay,
  formatSignedCompactNumber,
  sumPresent,
} from '@/lib/format';
import type { ChartMetric } from '../hooks/use-youtube-view-state';

const formatHours = (hours: number | null) => formatWatchHours(hours === null ? null : hours * 60);

type MetricTab = {
  value: ChartMetric;
  label: string;
  chartLabel: string;
  total: string;
};

/** Views, watch time and subscriber change over the chosen period, one chart at a time. */
export function ChannelPerformance({
  channel,
  metric,
  onMetricChange,
  isRefreshing,
}: {
  channel: AccountAnalytics;
  metric: ChartMetric;
  onMetricChange: (metric: ChartMetric) => void;
  isRefreshing: boolean;
}) {
  const points = useMemo<ChartPoint[]>(
    () =>
      channel.daily.map((day) => ({
        day: day.day,
        views: day.views,
        watchHours: day.watchMinutes === null ? null : Math.round(day.watchMinutes / 6) / 10,
        netSubscribers:
          day.followersGained === null && day.followersLost === null
            ? null
            : (day.followersGained ?? 0) - (day.followersLost ?? 0),
      })),
    [channel.daily],
  );
  const { totals } = channel;
  const netSubscribers = sumPresent(points.map((point) => point.netSubscribers as number | null));
  const tabs: MetricTab[] = [
    {
      value: 'views',
      label: 'Views',
      chartLabel: 'Views over time',
      total: formatCompactNumber(totals.views),
    },
    {
      value: 'watchTime',
      label: 'Watch time',
      chartLabel: 'Watch time over time',
      total: formatWatchHours(totals.watchMinutes),
    },
    {
      value: 'subscribers',
      label: 'Subscribers',
      chartLabel: 'Subscribers over time',
      total: formatSignedCompactNumber(netSubscribers),
    },
  ];

  return (
    <Card className="flex flex-col gap-4 p-4 sm:p-6">
      <p className="text-sm text-zinc-600 dark:text-zinc-400">
        {formatLongDay(shownFrom(channel.range.from, channel.daily))} –{' '}
        {formatLongDay(channel.range.to)}
        {channel.range.historyLimit
          ? ` · ${describeHistoryLimit(channel.range, formatLongDay)}`
          : ''}
      </p>
      <Tabs.Root value={metric} onValueChange={(value) => onMetricChange(value as ChartMetric)}>
        <Tabs.List aria-label="Chart metric" className="grid grid-cols-3 gap-2">
          {tabs.map((tab) => (
            <Tabs.Trigger
              key={tab.value}
              value={tab.value}
              className="flex min-w-0 flex-col items-start gap-0.5 rounded-xl border border-zinc-200 px-3 py-2 text-left transition-colors hover:bg-zinc-50 data-[state=active]:border-brand-600 data-[state=active]:bg-brand-50 sm:px-4 sm:py-3 dark:border-zinc-800 dark:hover:bg-zinc-800/60 dark:data-[state=active]:border-brand-400 dark:data-[state=active]:bg-brand-900/30"
            >
              <span className="truncate text-xs font-medium text-zinc-600 sm:text-sm dark:text-zinc-400">
                {tab.label}
              </span>
              <span className="truncate text-lg font-semibold tabular-nums sm:text-2xl">
                {tab.total}
              </span>
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {tabs.map((tab) => (
          <Tabs.Content
            key={tab.value}
            value={tab.value}
            className={cn('mt-5 transition-opacity', isRefreshing && 'opacity-60')}
          >
            {tab.value === 'views' ? (
              <PlatformTimeSeriesChart
                label={tab.chartLabel}
                data={points}
                series={[{ key: 'views', name: 'Views' }]}
              />
            ) : tab.value === 'watchTime' ? (
              <PlatformTimeSeriesChart
                label={tab.chartLabel}
                data={points}
                series={[{ key: 'watchHours', name: 'Watch time' }]}
                formatValue={formatHours}
              />
            ) : (
              <PlatformTimeSeriesChart
                label={tab.chartLabel}
                data={points}
                variant="bar"
                series={[{ key: 'netSubscribers', name: 'Net subscribers' }]}
                formatValue={formatSignedCompactNumber}
                totalLabel="net in this period"
              />
            )}
          </Tabs.Content>
        ))}
      </Tabs.Root>
    </Card>
  );
}

export function ChannelPerformanceSkeleton() {
  return (
    <Card className="flex flex-col gap-4 p-4 sm:p-6" aria-hidden="true">
      <PlatformSkeleton className="h-4 w-48" />
      <div className="grid grid-cols-3 gap-2">
        <PlatformSkeleton className="h-16 rounded-xl" />
        <PlatformSkeleton className="h-16 rounded-xl" />
        <PlatformSkeleton className="h-16 rounded-xl" />
      </div>
      <PlatformSkeleton className="h-[260px] rounded-xl" />
    </Card>
  );
}
