import type { Connection } from '@crescendo/contracts';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ComponentType, ReactNode } from 'react';
import { AsyncErrorView } from '@/components/errors/async-error';
import type { CustomWindow, DayRange, Period } from '@/lib/analytics/period';
import type { ContentTableView } from '@/lib/use-platform-view-state';
import { PlatformContentTable, type PlatformContentTableConfig } from './platform-content-table';

/** A platform page's URL state: the shared period, its chart metric and its table's view. */
export type PlatformView<Metric extends string> = ContentTableView & {
  period: Period;
  window?: CustomWindow | null;
  setPeriod: (period: Period) => void;
  metric: Metric;
  setMetric: (metric: Metric) => void;
};

/** What a platform's performance chart is given besides its data. */
export type PerformanceChartProps<Metric extends string> = {
  metric: Metric;
  onMetricChange: (metric: Metric) => void;
  isRefreshing: boolean;
};

/** The platform's own sections of /youtube or /meta, above the shared content table. */
export type PlatformSectionsConfig<Data, Metric extends string> = {
  /** The platform's figures for the period; `syncedAt` keys them so a sync shows at once. */
  useData: (connectionId: string, range: DayRange, syncedAt: string | null) => UseQueryResult<Data>;
  /** Shown above the figures, also while they load. */
  Status?: ComponentType<{ connection: Connection }>;
  Summary: ComponentType<{ connection: Connection; data: Data }>;
  Performance: ComponentType<PerformanceChartProps<Metric> & { data: Data }>;
  Audience: ComponentType<{ data: Data }>;
  /** The id of the "Performance" heading (the section is labelled by it). */
  performanceTitleId: string;
  table: PlatformContentTableConfig;
};

/** Summary, performance chart and audience from the platform's data, then its content table. */
export function PlatformSections<Data, Metric extends string>({
  sections,
  connection,
  range,
  view,
  loading,
}: {
  sections: PlatformSectionsConfig<Data, Metric>;
  connection: Connection;
  range: DayRange;
  view: PlatformView<Metric>;
  /** The skeleton shown while the figures load. */
  loading: ReactNode;
}) {
  const query = sections.useData(connection.id, range, connection.lastSyncedAt);
  const { data } = query;
  const { Status, Summary, Performance, Audience, performanceTitleId } = sections;

  return (
    <div className="flex min-w-0 flex-col gap-6">
      {Status ? <Status connection={connection} /> : null}
      {query.isError && !data ? (
        <AsyncErrorView error={query.error} onRetry={() => void query.refetch()} />
      ) : data ? (
        <>
          <Summary connection={connection} data={data} />
          <section aria-labelledby={performanceTitleId} className="flex min-w-0 flex-col gap-3">
            <h2 id={performanceTitleId} className="text-lg font-semibold tracking-tight">
              Performance
            </h2>
            <Performance
              data={data}
              metric={view.metric}
              onMetricChange={view.setMetric}
              isRefreshing={query.isPlaceholderData}
            />
          </section>
          <Audience data={data} />
        </>
      ) : (
        loading
      )}
      <PlatformContentTable
        config={sections.table}
        connectionId={connection.id}
        syncedAt={connection.lastSyncedAt}
        view={view}
        range={range}
      />
    </div>
  );
}
