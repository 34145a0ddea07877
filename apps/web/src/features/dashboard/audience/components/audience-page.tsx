import type { AnalyticsPlatform, AudienceResponse } from '@crescendo/contracts';
import { EyeOff, Globe2, Users } from 'lucide-react';
import { Link } from 'react-router';
import { AnalyticsPage } from '@/components/analytics/analytics-page';
import { AsyncErrorView } from '@/components/errors/async-error';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { formatCompactNumber } from '@/lib/format';
import { useAudience } from '../api/get-audience';
import { useDashboardFilters } from '../../shared/hooks/use-dashboard-filters';
import {
  formatAudienceKey,
  formatCountry,
  inAgeOrder,
  type AudienceDimension,
} from '@/lib/audience-labels';
import {
  formatChange,
  platformLabels,
  platformNames,
} from '../../shared/components/dashboard-format';
import { RankedBarList } from './ranked-bar-list';
import { describeCoverage, describePeriod } from './audience-coverage';
import { DashboardFilters } from '../../shared/components/dashboard-filters';
import { ShareViewButton } from '../../shared/components/share-view-button';

type Breakdown = AudienceResponse['breakdowns'][number];
type GrowingCountry = AudienceResponse['fastestGrowingCountries'][number];

const platformOrder: AnalyticsPlatform[] = ['youtube', 'instagram', 'facebook', 'tiktok'];
const dimensionOrder: AudienceDimension[] = [
  'country',
  'city',
  'age',
  'gender',
  'device',
  'traffic_source',
];
const dimensionTitles: Record<AudienceDimension, string> = {
  country: 'Top countries',
  city: 'Top cities',
  age: 'Age',
  gender: 'Gender',
  device: 'Devices',
  traffic_source: 'Traffic sources',
};
function describeBasis(basis: Breakdown['basis']): string {
  if (basis === 'views') return 'Share of views';
  if (basis === 'followers') return 'Share of followers';
  return 'Share of viewers';
}

function formatItemValue(basis: Breakdown['basis'], value: number): string | null {
  if (basis === 'views') return `${formatCompactNumber(value)} views`;
  if (basis === 'followers') return `${formatCompactNumber(value)} followers`;
  // A percentage basis has no count behind it: the share already says everything.
  return null;
}

function BreakdownCard({ breakdown }: { breakdown: Breakdown }) {
  const title = dimensionTitles[breakdown.dimension];
  const period = describePeriod(breakdown.period);
  const platform = platformNames[breakdown.platform];
  return (
    <Card
      className="flex min-w-0 flex-col"
      data-testid={`breakdown-${breakdown.platform}-${breakdown.dimension}`}
    >
      <CardHeader>
        <CardTitle className="text-sm">{title}</CardTitle>
        {breakdown.isAvailable ? (
          <CardDescription className="text-xs">
            {describeBasis(breakdown.basis)}
            {period ? ` · ${period}` : ''}
          </CardDescription>
        ) : null}
      </CardHeader>
      <CardContent className="flex-1">
        {breakdown.isAvailable && breakdown.items.length > 0 ? (
          <RankedBarList
            label={`${title} on ${platform}, ${describeBasis(breakdown.basis).toLowerCase()}`}
            isRanked={breakdown.dimension !== 'age'}
            limit={breakdown.dimension === 'age' ? breakdown.items.length : undefined}
            items={(breakdown.dimension === 'age'
              ? inAgeOrder(breakdown.items, (item) => item.key)
              : breakdown.items
            ).map((item) => ({
              key: item.key,
              label: formatAudienceKey(breakdown.dimension, item.key),
              share: item.share,
              value: formatItemValue(breakdown.basis, item.value),
            }))}
          />
        ) : (
          <div className="flex items-start gap-3 rounded-xl bg-zinc-50 p-4 text-sm dark:bg-zinc-950/60">
            <EyeOff className="mt-0.5 h-4 w-4 shrink-0 text-zinc-500" aria-hidden="true" />
            <div>
              <p className="font-medium">Not available</p>
              <p className="text-zinc-600 dark:text-zinc-400">
                {breakdown.unavailableReason ??
                  (breakdown.isAvailable
                    ? `${platform} reported no ${title.toLowerCase()} for this period.`
                    : `${platform} has not shared this breakdown.`)}
              </p>
            </div>
          </div>
        )}
      </CardContent>
    </Card>
  );
}

function GrowingCountries({ countries }: { countries: GrowingCountry[] }) {
  // When every country fell, "fastest-growing" would name falls as growth: say what they are.
  const isAllFalling =
    countries.length > 0 && countries.every((entry) => entry.growth !== null && entry.growth < 0);
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          {isAllFalling ? 'Countries holding up best' : 'Fastest-growing countries'}
        </CardTitle>
        <CardDescription>
          {isAllFalling
            ? 'No country grew in views in the last 28 days compared with the 28 days before; these fell the least.'
            : 'Views in the last 28 days compared with the 28 days before.'}
        </CardDescription>
      </CardHeader>
      <CardContent>
        {countries.length === 0 ? (
          <p className="text-sm text-zinc-600 dark:text-zinc-400">
            Not enough history yet. Once two 28-day periods of country views are in, the places
            where you’re catching on will show up here.
          </p>
        ) : (
          <ol className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-5">
            {countries.map((entry) => (
              <li
                key={`${entry.platform}-${entry.country}`}
                className="flex flex-col gap-1 rounded-xl border border-zinc-200 p-3 dark:border-zinc-800"
              >
                <span className="flex items-center gap-2 font-medium">
                  <Globe2 className="h-4 w-4 shrink-0 text-zinc-500" aria-hidden="true" />
                  <span className="min-w-0 break-words">{formatCountry(entry.country)}</span>
                </span>
                {entry.growth === null ? (
                  <Badge tone="brand" className="self-start">
                    New audience
                  </Badge>
                ) : (
                  <span
                    className={
                      entry.growth >= 0
                        ? 'text-sm font-semibold text-emerald-700 dark:text-emerald-400'
                        : 'text-sm font-semibold text-red-700 dark:text-red-400'
                    }
                  >
                    <span aria-hidden="true">{entry.growth >= 0 ? '▲ ' : '▼ '}</span>
                    <span className="sr-only">{entry.growth >= 0 ? 'Up ' : 'Down '}</span>
                    {formatChange(entry.growth)}
                  </span>
                )}
                <span className="text-xs text-zinc-600 dark:text-zinc-400">
                  {formatCompactNumber(entry.views)} views, from{' '}
                  {formatCompactNumber(entry.previousViews)} · {platformNames[entry.platform]}
                </span>
              </li>
            ))}
          </ol>
        )}
      </CardContent>
    </Card>
  );
}

function PlatformBreakdowns({
  platform,
  breakdowns,
}: {
  platform: AnalyticsPlatform;
  breakdowns: Breakdown[];
}) {
  const headingId = `audience-${platform}`;
  const sorted = [...breakdowns].sort(
    (a, b) => dimensionOrder.indexOf(a.dimension) - dimensionOrder.indexOf(b.dimension),
  );
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-4">
      <h2 id={headingId} className="text-lg font-semibold tracking-tight">
        {platformNames[platform]}
      </h2>
      <div className="grid grid-cols-1 gap-4 md:grid-cols-2 xl:grid-cols-3">
        {sorted.map((breakdown) => (
          <BreakdownCard key={breakdown.dimension} breakdown={breakdown} />
        ))}
      </div>
    </section>
  );
}

function AudienceSkeleton() {
  return (
    <div aria-busy="true" className="flex flex-col gap-6">
      <p className="sr-only" role="status">
        Loading your audience…
      </p>
      <Skeleton className="h-40 rounded-2xl" />
      <Skeleton className="h-6 w-32" />
      <div className="grid grid-cols-1 gap-4 md:grid-cols-2 xl:grid-cols-3">
        {[0, 1, 2, 3, 4, 5].map((index) => (
          <Card key={index} className="flex flex-col gap-3 p-6">
            <Skeleton className="h-4 w-28" />
            <Skeleton className="h-3 w-44" />
            {[0, 1, 2, 3].map((row) => (
              <Skeleton key={row} className="h-6 w-full" />
            ))}
          </Card>
        ))}
      </div>
    </div>
  );
}

function AudienceBody({ data }: { data: AudienceResponse }) {
  if (!data.hasConnections) {
    return (
      <EmptyState
        icon={Users}
        title="Your audience map is waiting"
        description="Connect YouTube or Instagram to see your top countries, cities, age groups and how fans find your music."
        action={
          <Button asChild>
            <Link to={paths.settingsConnections}>Connect a platform</Link>
          </Button>
        }
      />
    );
  }
  const platforms = platformOrder.filter((platform) =>
    data.breakdowns.some((breakdown) => breakdown.platform === platform),
  );
  const showsGrowth = data.fastestGrowingCountries.length > 0 || platforms.includes('youtube');
  if (platforms.length === 0) {
    return (
      <EmptyState
        icon={EyeOff}
        title="No audience breakdowns for this platform"
        description={
          data.platform === 'facebook'
            ? 'Facebook does not share audience breakdowns for Pages. Switch to YouTube or Instagram to see who’s listening.'
            : data.platform === 'tiktok'
              ? 'TikTok does not share audience breakdowns with apps. Switch to YouTube or Instagram to see who’s listening.'
              : `${platformLabels[data.platform]} has not shared audience breakdowns yet. They appear after the next sync.`
        }
      />
    );
  }
  return (
    <div className="flex flex-col gap-8">
      {showsGrowth ? <GrowingCountries countries={data.fastestGrowingCountries} /> : null}
      {platforms.map((platform) => (
        <PlatformBreakdowns
          key={platform}
          platform={platform}
          breakdowns={data.breakdowns.filter((breakdown) => breakdown.platform === platform)}
        />
      ))}
    </div>
  );
}

/** Who listens and where: country, city, age, gender, device and traffic-source breakdowns. */
export function AudiencePage() {
  const { filters } = useDashboardFilters();
  const audience = useAudience(filters);
  const isUpdating = audience.isPlaceholderData && audience.isFetching;
  return (
    <AnalyticsPage
      title="Audience"
      description="Who’s listening, where they are and how they find your music."
      actions={<ShareViewButton view="audience" />}
      filters={<DashboardFilters showCompare={false} />}
      status={<p role="status">{isUpdating ? 'Updating your audience…' : ''}</p>}
    >
      <p className="mb-6 text-xs text-zinc-600 dark:text-zinc-400" data-testid="audience-period">
        {describeCoverage(audience.data)}
      </p>
      {audience.isError ? (
        <section aria-label="Audience breakdowns">
          <AsyncErrorView error={audience.error} onRetry={() => void audience.refetch()} />
        </section>
      ) : !audience.data ? (
        <AudienceSkeleton />
      ) : (
        <div aria-busy={isUpdating} className="min-w-0 transition-opacity aria-busy:opacity-60">
          <AudienceBody data={audience.data} />
        </div>
      )}
    </AnalyticsPage>
  );
}
