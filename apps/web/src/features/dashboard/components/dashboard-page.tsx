import type { ArtistProfile, DashboardAnalyticsResponse } from '@crescendo/contracts';
import { useQuery } from '@tanstack/react-query';
import {
  CircleDollarSign,
  Clock,
  Eye,
  Heart,
  MonitorPlay,
  UserPlus,
  UserRound,
} from 'lucide-react';
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
import { useAuth } from '@/lib/auth/auth-context';
import {
  formatCompactNumber,
  formatFullNumber,
  formatLongDay,
  formatShortDay,
  formatSignedCompactNumber,
} from '@/lib/format';
import { useDashboardAnalytics, usePreviousPeriodSeries } from '../api/get-dashboard-analytics';
import { dashboardProfileQueryOptions } from '../api/get-dashboard-profile';
import { exportOverviewCsv, toOverviewCsvFileName } from '../api/export-overview';
import { useDashboardFilters } from '../hooks/use-dashboard-filters';
import { type DashboardFilters as Filters } from '../utils/dashboard-filters';
import {
  describePreviousPeriod,
  formatRate,
  formatRevenue,
  formatWatchHours,
  platformNames,
} from './charts/dashboard-format';
import { PlatformKpiBreakdown } from './charts/platform-kpi-breakdown';
import { DashboardFilters } from './dashboard-filters';
import { FreshnessBadges } from './freshness-badges';
import { InsightsPanel } from './insights-panel';
import { describePartialComparison, trendsOf } from './period-comparison';
import { useInsightToasts } from './insights-toasts';
import { KpiCard } from './kpi-card';
import { MilestonesPanel } from './milestones-panel';
import { ShareViewButton } from './share-view-button';

// Recharts is the largest module on this page (~110 KB gz). It loads when there is a series to
// draw: compiling it earlier holds up the main thread while the user and analytics requests are
// still to be sent, which delays the KPIs.
const GrowthChart = lazy(() =>
  import('./charts/growth-chart').then((module) => ({ default: module.GrowthChart })),
);

type Analytics = DashboardAnalyticsResponse;

// Two columns on a phone, five across on a desktop so the chart stays above the fold.
const kpiGridClass = 'grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-5';
const kpiSkeletons = [
  ['Followers', ''],
  ['Views', ''],
  ['Watch time', ''],
  ['Engagement rate', ''],
  ['Estimated revenue', 'col-span-2 lg:col-span-1'],
] as const;

type KpiKey = 'followers' | 'views' | 'watchMinutes' | 'engagementRate' | 'estimatedRevenue';

/** The platforms that reported a figure in the period, e.g. "YouTube, Instagram". */
function sourcesOf(data: Analytics, key: KpiKey): string {
  const names = (Object.keys(data.byPlatform) as (keyof typeof platformNames)[])
    .filter((platform) => {
      const kpis = data.byPlatform[platform];
      if (!kpis) return false;
      if (key === 'followers')
        return kpis.followers.total !== null || kpis.followers.gained.value !== null;
      return kpis[key].value !== null;
    })
    .map((platform) => platformNames[platform]);
  return names.length > 0 ? names.join(', ') : 'No platform reports it';
}

/** "Oct 24 – Nov 20, 2026 · from YouTube, Instagram": the figure's window and its sources. */
function describeSource(data: Analytics, key: KpiKey): string {
  const window = `${formatShortDay(data.range.from)} – ${formatLongDay(data.range.to)}`;
  const total = key === 'followers' ? ` (total on ${formatLongDay(data.range.to)})` : '';
  return `${window}${total} · from ${sourcesOf(data, key)}`;
}

/** YouTube counts subscribers, Meta counts followers; combined we name both. */
function audienceLabel(platform: Analytics['platform']): string {
  if (platform === 'youtube') return 'Subscribers';
  // Combined, YouTube subscribers count as followers; the card's sources name the platforms.
  if (platform === 'all') return 'Followers';
  return 'Followers';
}

/** Net gain where unfollows are reported; otherwise what was gained, said plainly. */
function describeFollowerChange(net: number | null, gained: number | null): string {
  if (net !== null) return `${formatSignedCompactNumber(net)} net gained`;
  if (gained !== null)
    return `${formatSignedCompactNumber(gained)} gained · unfollows not reported`;
  return 'Net change not reported';
}

/**
 * The revenue card: a figure, or — when YouTube reports exactly $0 for the period and before it —
 * that no revenue was reported, which is what an unmonetised channel returns. The API does not
 * say whether the channel is in the YouTube Partner Program, so the card does not claim it.
 */
function describeRevenue(revenue: Analytics['combined']['estimatedRevenue']) {
  if (revenue.value === 0 && (revenue.previous === null || revenue.previous === 0)) {
    return {
      value: 'No revenue',
      detail: 'YouTube reported $0, as it does for a channel that isn’t monetised.',
    };
  }
  return {
    value: formatRevenue(revenue.value),
    detail: revenue.value === null ? undefined : 'Estimated by YouTube, in US dollars',
  };
}

function KeyMetrics({ data }: { data: Analytics }) {
  const kpis = data.combined;
  const comparedTo = data.range.previous ? describePreviousPeriod(data.range.days) : null;
  const partial = describePartialComparison(data.range);
  const net = kpis.followers.net.value;
  const gained = kpis.followers.gained.value;
  // "Explain this" asks the assistant about the card, for the dashboard's own window and platform.
  const explain = (label: string) =>
    `Explain my ${label.toLowerCase()} from ${data.range.from} to ${data.range.to}${
      data.platform === 'all' ? '' : ` on ${data.platform}`
    }`;
  const revenue = describeRevenue(kpis.estimatedRevenue);
  // The followers delta compares gains, not the audience: say so, and do not colour a smaller
  // gain on a growing audience as a loss.
  const followerChange = net !== null ? kpis.followers.net.change : kpis.followers.gained.change;
  const followerGrowth = net ?? gained;
  return (
    <div className="flex flex-col gap-2">
      <section aria-label="Key metrics" className={kpiGridClass}>
        <KpiCard
          icon={UserPlus}
          label={audienceLabel(data.platform)}
          explainQuestion={explain(audienceLabel(data.platform))}
          value={formatCompactNumber(kpis.followers.total)}
          detail={describeFollowerChange(net, gained)}
          change={followerChange}
          changeSubject={net !== null ? 'net gain' : 'gained'}
          changeTone={followerGrowth !== null && followerGrowth > 0 ? 'neutral' : 'direction'}
          comparedTo={comparedTo}
          comparisonNote={partial ? 'Partial comparison' : null}
          source={describeSource(data, 'followers')}
          hint="Your platforms have not reported a follower total yet."
        />
        <KpiCard
          icon={Eye}
          label="Views"
          explainQuestion={explain('Views')}
          value={formatCompactNumber(kpis.views.value)}
          change={kpis.views.change}
          comparedTo={comparedTo}
          comparisonNote={partial ? 'Partial comparison' : null}
          source={describeSource(data, 'views')}
          hint="Not reported for this platform."
        />
        <KpiCard
          icon={Clock}
          label="Watch time"
          explainQuestion={explain('Watch time')}
          value={formatWatchHours(kpis.watchMinutes.value)}
          change={kpis.watchMinutes.change}
          comparedTo={comparedTo}
          comparisonNote={partial ? 'Partial comparison' : null}
          source={describeSource(data, 'watchMinutes')}
          hint="Only YouTube reports watch time."
        />
        <KpiCard
          icon={Heart}
          label="Engagement rate"
          explainQuestion={explain('Engagement rate')}
          value={formatRate(kpis.engagementRate.value)}
          detail={
            kpis.engagements.value === null
              ? undefined
              : `${formatFullNumber(kpis.engagements.value)} likes, comments, shares & saves`
          }
          change={kpis.engagementRate.change}
          comparedTo={comparedTo}
          comparisonNote={partial ? 'Partial comparison' : null}
          source={describeSource(data, 'engagementRate')}
          hint="Needs views and interactions from your platforms."
        />
        <KpiCard
          className="col-span-2 lg:col-span-1"
          icon={CircleDollarSign}
          label="Estimated revenue"
          explainQuestion={explain('Estimated revenue')}
          value={revenue.value}
          detail={revenue.detail}
          change={kpis.estimatedRevenue.change}
          comparedTo={comparedTo}
          comparisonNote={partial ? 'Partial comparison' : null}
          source={describeSource(data, 'estimatedRevenue')}
          hint="Only YouTube reports estimated revenue."
        />
      </section>
      {partial ? (
        <p data-testid="partial-comparison" className="text-xs text-amber-800 dark:text-amber-300">
          {partial}
        </p>
      ) : null}
    </div>
  );
}

function GrowthCard({ data }: { data: Analytics }) {
  const previous = usePreviousPeriodSeries(data.platform, data.range.previous);
  const cadence = data.range.granularity === 'week' ? 'Weekly' : 'Daily';
  return (
    <Card className="min-w-0 lg:col-span-2">
      <CardHeader>
        <CardTitle>Growth over time</CardTitle>
        <CardDescription>
          {cadence} · {formatLongDay(data.range.from)} – {formatLongDay(data.range.to)}
          {data.range.previous && previous.isError ? ' · previous period unavailable' : ''}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Suspense fallback={<Skeleton className="h-72 rounded-xl" />}>
          <GrowthChart
            height={180}
            series={data.series}
            previousSeries={data.range.previous ? previous.data : null}
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

function ArtistProfileCard({ profile }: { profile: ArtistProfile | null }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Your artist profile</CardTitle>
        <CardDescription>What your insights are tuned to.</CardDescription>
      </CardHeader>
      <CardContent>
        {profile ? (
          <>
            <dl className="flex flex-col gap-3 text-sm">
              <div>
                <dt className="text-zinc-600 dark:text-zinc-400">Artist</dt>
                <dd className="font-medium">{profile.artistName}</dd>
              </div>
              <div>
                <dt className="text-zinc-600 dark:text-zinc-400">Genres</dt>
                <dd className="font-medium">
                  {profile.genres.length ? profile.genres.join(', ') : '—'}
                </dd>
              </div>
              <div>
                <dt className="text-zinc-600 dark:text-zinc-400">Based in</dt>
                <dd className="font-medium">
                  {[profile.city, profile.country].filter(Boolean).join(', ') || '—'}
                </dd>
              </div>
              <div>
                <dt className="text-zinc-600 dark:text-zinc-400">Career stage</dt>
                <dd className="font-medium capitalize">{profile.careerStage ?? '—'}</dd>
              </div>
            </dl>
            <Button asChild variant="secondary" size="sm" className="mt-5">
              <Link to={paths.settingsProfile}>Edit profile</Link>
            </Button>
          </>
        ) : (
          <p className="text-sm text-zinc-600 dark:text-zinc-400">No profile yet.</p>
        )}
      </CardContent>
    </Card>
  );
}

function FinishProfilePrompt() {
  return (
    <Card className="mb-6 border-brand-200 bg-brand-50/60 dark:border-brand-900 dark:bg-brand-950/30">
      <CardContent className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
        <div className="flex items-start gap-3">
          <UserRound
            className="mt-0.5 h-5 w-5 text-brand-700 dark:text-brand-300"
            aria-hidden="true"
          />
          <div>
            <h2 className="font-semibold">Finish your artist profile</h2>
            <p className="text-sm text-zinc-700 dark:text-zinc-300">
              Tell us your genres and goals so your insights speak your language.
            </p>
          </div>
        </div>
        <Button asChild>
          <Link to={paths.onboardingProfile}>Set up profile</Link>
        </Button>
      </CardContent>
    </Card>
  );
}

function focusInsights() {
  const heading = document.getElementById('insights-heading');
  heading?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  heading?.focus({ preventScroll: true });
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
  const profileQuery = useQuery(dashboardProfileQueryOptions());
  const { filters } = useDashboardFilters();
  const analytics = useDashboardAnalytics(filters);
  const { data } = analytics;
  const profile = profileQuery.data ?? null;
  const name = profile?.artistName ?? user?.name ?? 'there';
  useInsightToasts(analytics.isPlaceholderData ? undefined : data?.insights, focusInsights);
  useOverviewExport(filters, data);
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
  } else if (!data.hasConnections) {
    body = <ConnectPrompt />;
  } else {
    body = (
      <div
        className="flex flex-col gap-4 transition-opacity aria-busy:opacity-60"
        aria-busy={isUpdating}
      >
        <KeyMetrics data={data} />
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
                The same period, platform by platform
                {data.range.previous
                  ? `, compared with the ${describePreviousPeriod(data.range.days)}`
                  : ''}
                .
              </CardDescription>
            </CardHeader>
            <CardContent>
              <PlatformKpiBreakdown
                byPlatform={data.byPlatform}
                isComparing={data.range.previous !== null}
              />
            </CardContent>
          </Card>
        ) : null}
      </div>
    );
  }

  const hasAnalytics = Boolean(data?.hasConnections) && !analytics.isError;
  return (
    <AnalyticsPage
      title={`Welcome back, ${name}`}
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
