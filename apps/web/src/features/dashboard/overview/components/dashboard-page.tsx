import type { DashboardAnalyticsResponse } from '@crescendo/contracts';
import { Eye, MonitorPlay } from 'lucide-react';
import { lazy, Suspense, useRef } from 'react';
import { Link } from 'react-router';
import { AnalyticsPage } from '@/components/analytics/analytics-page';
import { AsyncErrorView } from '@/components/errors/async-error';
import { downloadBlob, useRegisterExport } from '@/components/layouts/export-context';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { useProfile } from '@/features/profile';
import { useAuth } from '@/lib/auth/auth-context';
import { useIsFirstVisit } from '@/lib/first-visit';
import { describeCommonWindow, describeHistoryLimit, ownWindowOf } from '@/lib/analytics/period';
import { formatLongDay } from '@/lib/format';
import { useDashboardAnalytics } from '../api/get-dashboard-analytics';
import { exportOverviewCsv, toOverviewCsvFileName } from '../api/export-overview';
import { useDashboardFilters } from '../../shared/hooks/use-dashboard-filters';
import { useFirstSync } from '../hooks/use-first-sync';
import { type DashboardFilters as Filters } from '../../shared/utils/dashboard-filters';
import { describePreviousPeriod } from '../../shared/components/dashboard-format';
import { PlatformKpiBreakdown } from './platform-kpi-breakdown';
import { DashboardFilters } from '../../shared/components/dashboard-filters';
import { FirstSyncProgress } from './first-sync-progress';
import { FreshnessBadges } from './freshness-badges';
import { InsightsPanel } from './insights-panel';
import { trendsOf } from './period-comparison';
import { KpiCard } from './kpi-card';
import { MilestonesPanel } from './milestones-panel';
import { ShareViewButton } from '../../shared/components/share-view-button';
import { ArtistProfileCard, FinishProfilePrompt } from './artist-profile-card';
import { ImportedSources } from './imported-sources';
import { KeyMetrics, kpiGridClass, kpiSkeletons } from './key-metrics';

// Recharts is the largest module on this page (~110 KB gz). It loads when there is a series to
// draw: compiling it earlier holds up the main thread while the user and analytics requests are
// still to be sent, which delays the KPIs.
const GrowthChart = lazy(() =>
  import('./growth-chart').then((module) => ({ default: module.GrowthChart })),
);

type Analytics = DashboardAnalyticsResponse;

function GrowthCard({ data }: { data: Analytics }) {
  // The previous period's series comes with the overview; the API leaves it out when the plan's
  // history window does not reach that period.
  const previousSeries = data.range.previous ? (data.previousSeries ?? null) : null;
  const cadence = data.range.granularity === 'week' ? 'Weekly' : 'Daily';
  return (
    <Card className="min-w-0 lg:col-span-2">
      <CardHeader>
        <CardTitle>Growth over time</CardTitle>
        <CardDescription>
          {cadence} · {formatLongDay(data.range.from)} – {formatLongDay(data.range.to)}
          {[describeHistoryLimit(data.range, formatLongDay), describeCommonWindow(data)]
            .filter(Boolean)
            .map((note) => ` · ${note}`)
            .join('')}
          {data.range.previous && !previousSeries ? ' · previous period unavailable' : ''}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Suspense fallback={<Skeleton className="h-72 rounded-xl" />}>
          <GrowthChart
            height={180}
            series={data.series}
            previousSeries={previousSeries}
            granularity={data.range.granularity}
          />
        </Suspense>
      </CardContent>
    </Card>
  );
}

function ConnectPrompt() {
  return (
    <EmptyState
      icon={MonitorPlay}
      title="Connect a platform to see your growth"
      description="Link YouTube, Instagram or Facebook and we’ll chart your views, watch time, followers and revenue here — and flag every spike and milestone."
      action={
        <Button asChild>
          <Link to={paths.settingsConnections}>Connect a platform</Link>
        </Button>
      }
    />
  );
}

function OverviewSkeleton() {
  return (
    <div aria-busy="true" className="flex flex-col gap-6">
      <p className="sr-only" role="status">
        Loading your analytics…
      </p>
      <section aria-label="Key metrics" aria-busy="true" className={kpiGridClass}>
        {kpiSkeletons.map(([label, span]) => (
          <KpiCard key={label} icon={Eye} label={label} className={span} isLoading />
        ))}
      </section>
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
        <Card className="p-6 lg:col-span-2">
          <Skeleton className="mb-2 h-5 w-40" />
          <Skeleton className="mb-6 h-4 w-56" />
          <Skeleton className="h-[280px] w-full" />
        </Card>
        <Card className="flex flex-col gap-3 p-6">
          <Skeleton className="h-5 w-32" />
          <Skeleton className="h-20 w-full" />
          <Skeleton className="h-4 w-3/4" />
          <Skeleton className="h-4 w-2/3" />
        </Card>
      </div>
    </div>
  );
}

/** The shell's Export button (and Ctrl+Shift+E): the overview's series as CSV, as on screen. */
function useOverviewExport(filters: Filters, data: Analytics | undefined) {
  const latest = useRef(filters);
  latest.current = filters;
  // Only once there are figures to export: no connections, no Export button.
  useRegisterExport(
    data?.hasConnections
      ? {
          fileName: toOverviewCsvFileName(data.range),
          download: async () =>
            downloadBlob(
              toOverviewCsvFileName(data.range),
              await exportOverviewCsv(latest.current),
            ),
        }
      : null,
  );
}

/*
 * The profile and the analytics load side by side (no Suspense: React holds a revealed boundary
 * back up to 300 ms, which is most of a first paint). A failing profile request goes to the route's
 * error boundary; "no profile yet" (404) reads as null.
 */
export function DashboardPage() {
  const { user } = useAuth();
  const profileQuery = useProfile();
  const { filters } = useDashboardFilters();
  const analytics = useDashboardAnalytics(filters);
  const { data } = analytics;
  const firstSyncs = useFirstSync(data);
  const isFirstSync = firstSyncs.length > 0;
  const profile = profileQuery.data ?? null;
  const name = profile?.artistName ?? user?.name ?? 'there';
  const isFirstVisit = useIsFirstVisit('dashboard', user?.id);
  useOverviewExport(filters, isFirstSync ? undefined : data);
  const isUpdating = analytics.isPlaceholderData && analytics.isFetching;
  if (profileQuery.isError) throw profileQuery.error;
  if (profileQuery.isPending) return <PageSkeleton />;

  let body;
  if (analytics.isError) {
    body = (
      <section aria-label="Key metrics">
        <AsyncErrorView error={analytics.error} onRetry={() => void analytics.refetch()} />
      </section>
    );
  } else if (!data) {
    body = <OverviewSkeleton />;
  } else if (isFirstSync) {
    body = <FirstSyncProgress connections={firstSyncs} />;
  } else if (!data.hasConnections) {
    // Imported files still show without a connected platform.
    body = (
      <div className="flex flex-col gap-4">
        <ConnectPrompt />
        <ImportedSources data={data} isPromptShown={false} />
      </div>
    );
  } else {
    body = (
      <div
        className="flex flex-col gap-4 transition-opacity aria-busy:opacity-60"
        aria-busy={isUpdating}
      >
        <KeyMetrics data={data} />
        <ImportedSources data={data} />
        <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
          <GrowthCard data={data} />
          <MilestonesPanel
            milestones={data.milestones}
            forecast={data.forecast}
            platform={data.platform}
          />
        </div>
        {data.platform === 'all' && Object.keys(data.byPlatform).length > 0 ? (
          <Card>
            <CardHeader>
              <CardTitle>By platform</CardTitle>
              <CardDescription>
                Each platform’s own days for the period, as on its own page
                {data.range.previous
                  ? `, compared with the ${describePreviousPeriod(data.range.days)}`
                  : ''}
                .
              </CardDescription>
            </CardHeader>
            <CardContent>
              <PlatformKpiBreakdown
                byPlatform={data.byPlatform}
                ownWindowOf={(platform) => ownWindowOf(data, platform)}
                isComparing={data.range.previous !== null}
              />
            </CardContent>
          </Card>
        ) : null}
      </div>
    );
  }

  const hasAnalytics = Boolean(data?.hasConnections) && !analytics.isError && !isFirstSync;
  return (
    <AnalyticsPage
      title={`${isFirstVisit ? 'Welcome' : 'Welcome back'}, ${name}`}
      description="Your audience, content and return on every release — in one place."
      actions={<ShareViewButton view="overview" />}
      filters={<DashboardFilters />}
      status={
        <div className="flex flex-wrap items-center gap-3">
          <p role="status">{isUpdating ? 'Updating your figures…' : ''}</p>
          {hasAnalytics && data ? <FreshnessBadges freshness={data.freshness} /> : null}
        </div>
      }
    >
      {!profile ? <FinishProfilePrompt /> : null}
      {body}
      <div className="mt-6 grid grid-cols-1 gap-6 lg:grid-cols-3">
        {hasAnalytics && data ? (
          <div className="min-w-0 lg:col-span-2">
            <InsightsPanel insights={data.insights} trends={trendsOf(data)} />
          </div>
        ) : null}
        <ArtistProfileCard profile={profile} />
      </div>
    </AnalyticsPage>
  );
}

function PageSkeleton() {
  return (
    <div aria-busy="true" className="flex flex-col gap-6">
      <p className="sr-only" role="status">
        Loading your dashboard…
      </p>
      <Skeleton className="h-9 w-72" />
      <Skeleton className="h-5 w-full max-w-md" />
      <div className={kpiGridClass}>
        {kpiSkeletons.map(([label, span]) => (
          <Skeleton key={label} className={`h-32 rounded-2xl ${span}`} />
        ))}
      </div>
      <Skeleton className="h-80 rounded-2xl" />
    </div>
  );
}
