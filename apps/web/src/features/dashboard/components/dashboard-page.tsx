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
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { AsyncErrorView } from '@/components/errors/async-error';
import { useRegisterExport } from '@/components/layouts/export-context';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth/auth-context';
import {
  formatCompactNumber,
  formatFullNumber,
  formatLongDay,
  formatSignedCompactNumber,
} from '@/lib/format';
import { useDashboardAnalytics, usePreviousPeriodSeries } from '../api/get-dashboard-analytics';
import { dashboardProfileQueryOptions } from '../api/get-dashboard-profile';
import { useDashboardFilters } from '../hooks/use-dashboard-filters';
import { toDashboardQuery, type DashboardFilters as Filters } from '../utils/dashboard-filters';
import {
  describePreviousPeriod,
  formatRate,
  formatRevenue,
  formatWatchHours,
} from './charts/dashboard-format';
import { PlatformKpiBreakdown } from './charts/platform-kpi-breakdown';
import { DashboardFilters } from './dashboard-filters';
import { FreshnessBadges } from './freshness-badges';
import { InsightsPanel } from './insights-panel';
import { useInsightToasts } from './insights-toasts';
import { KpiCard } from './kpi-card';
import { MilestonesPanel } from './milestones-panel';

// Recharts is the largest module on this page (~110 KB gz). It loads when there is a series to
// draw: compiling it earlier holds up the main thread while the user and analytics requests are
// still to be sent, which delays the KPIs.
const GrowthChart = lazy(() =>
  import('./charts/growth-chart').then((module) => ({ default: module.GrowthChart })),
);

type Analytics = DashboardAnalyticsResponse;

// Three audience cards, then two wider money-and-engagement cards.
const kpiGridClass = 'grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-6';
const kpiSkeletons = [
  ['Followers', 'lg:col-span-2'],
  ['Views', 'lg:col-span-2'],
  ['Watch time', 'lg:col-span-2'],
  ['Engagement rate', 'lg:col-span-3'],
  ['Estimated revenue', 'sm:col-span-2 lg:col-span-3'],
] as const;

/** YouTube counts subscribers, Meta counts followers; combined we name both. */
function audienceLabel(platform: Analytics['platform']): string {
  if (platform === 'youtube') return 'Subscribers';
  if (platform === 'all') return 'Followers & subscribers';
  return 'Followers';
}

/** Net gain where unfollows are reported; otherwise what was gained, said plainly. */
function describeFollowerChange(net: number | null, gained: number | null): string {
  if (net !== null) return `${formatSignedCompactNumber(net)} net gained`;
  if (gained !== null)
    return `${formatSignedCompactNumber(gained)} gained · unfollows not reported`;
  return 'Net change not reported';
}

function KeyMetrics({ data }: { data: Analytics }) {
  const kpis = data.combined;
  const comparedTo = data.range.previous ? describePreviousPeriod(data.range.days) : null;
  const net = kpis.followers.net.value;
  const gained = kpis.followers.gained.value;
  // "Explain this" asks the assistant about the card, for the dashboard's own window and platform.
  const explain = (label: string) =>
    `Explain my ${label.toLowerCase()} from ${data.range.from} to ${data.range.to}${
      data.platform === 'all' ? '' : ` on ${data.platform}`
    }`;
  return (
    <section aria-label="Key metrics" className={kpiGridClass}>
      <KpiCard
        className="lg:col-span-2"
        icon={UserPlus}
        label={audienceLabel(data.platform)}
        explainQuestion={explain(audienceLabel(data.platform))}
        value={formatCompactNumber(kpis.followers.total)}
        detail={describeFollowerChange(net, gained)}
        change={net !== null ? kpis.followers.net.change : kpis.followers.gained.change}
        comparedTo={comparedTo}
        hint="Your platforms have not reported a follower total yet."
      />
      <KpiCard
        className="lg:col-span-2"
        icon={Eye}
        label="Views"
        explainQuestion={explain('Views')}
        value={formatCompactNumber(kpis.views.value)}
        change={kpis.views.change}
        comparedTo={comparedTo}
        hint="Not reported for this platform."
      />
      <KpiCard
        className="lg:col-span-2"
        icon={Clock}
        label="Watch time"
        explainQuestion={explain('Watch time')}
        value={formatWatchHours(kpis.watchMinutes.value)}
        change={kpis.watchMinutes.change}
        comparedTo={comparedTo}
        hint="Only YouTube reports watch time."
      />
      <KpiCard
        className="lg:col-span-3"
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
        hint="Needs views and interactions from your platforms."
      />
      <KpiCard
        className="sm:col-span-2 lg:col-span-3"
        icon={CircleDollarSign}
        label="Estimated revenue"
        explainQuestion={explain('Estimated revenue')}
        value={formatRevenue(kpis.estimatedRevenue.value)}
        detail={kpis.estimatedRevenue.value === null ? undefined : 'Estimated, in US dollars'}
        change={kpis.estimatedRevenue.change}
        comparedTo={comparedTo}
        hint="Only YouTube reports estimated revenue."
      />
    </section>
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
      <Skeleton className="h-9 w-full max-w-xl rounded-xl" />
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

function useOverviewExport(
  profile: ArtistProfile | null,
  filters: Filters,
  data: Analytics | undefined,
  dataUpdatedAt: number,
) {
  useRegisterExport({
    fileName: 'crescendo-dashboard.json',
    data: {
      exportedAt: dataUpdatedAt ? new Date(dataUpdatedAt).toISOString() : null,
      artist: profile
        ? { name: profile.artistName, genres: profile.genres, country: profile.country }
        : null,
      filters: toDashboardQuery(filters),
      range: data?.range ?? null,
      hasConnections: data?.hasConnections ?? null,
      kpis: data?.combined ?? null,
      byPlatform: data?.byPlatform ?? null,
      series: data?.series ?? null,
      note:
        data && !data.hasConnections ? 'Connect YouTube or Meta to include metrics.' : undefined,
    },
  });
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
  useOverviewExport(profile, filters, data, analytics.dataUpdatedAt);
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
        className="flex flex-col gap-6 transition-opacity aria-busy:opacity-60"
        aria-busy={isUpdating}
      >
        <FreshnessBadges freshness={data.freshness} />
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
    <>
      <PageHeader
        title={`Welcome back, ${name}`}
        description="Your audience, content and return on every release — in one place."
      />
      {!profile ? <FinishProfilePrompt /> : null}
      <div className="mb-6 flex flex-wrap items-center justify-between gap-3">
        <DashboardFilters />
        <p role="status" className="text-xs text-zinc-600 dark:text-zinc-400">
          {isUpdating ? 'Updating your figures…' : ''}
        </p>
      </div>
      {body}
      <div className="mt-6 grid grid-cols-1 gap-6 lg:grid-cols-3">
        {hasAnalytics && data ? (
          <div className="min-w-0 lg:col-span-2">
            <InsightsPanel insights={data.insights} />
          </div>
        ) : null}
        <ArtistProfileCard profile={profile} />
      </div>
    </>
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
