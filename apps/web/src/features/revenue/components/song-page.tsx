import type { SongDetailResponse } from '@crescendo/contracts';
import { ArrowLeft, Music } from 'lucide-react';
import { lazy, Suspense, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { AsyncErrorView } from '@/components/errors/async-error';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { getErrorStatus } from '@/lib/api-error';
import { formatFullNumber, formatLongDay } from '@/lib/format';
import { formatMoney, formatMonth } from '@/lib/money';
import { useSong } from '../api/get-song';
import { lastReportedMonth, unreportedSourcesIn } from '../utils/revenue-months';
import { EarningsBreakdown } from './earnings-breakdown';
import { LinkedItems, LinkSuggestions } from './song-links';
import { SourceFreshness } from './source-freshness';

const MonthlyMoneyChart = lazy(() =>
  import('./monthly-money-chart').then((module) => ({ default: module.MonthlyMoneyChart })),
);

function Figure({ label, value, source }: { label: string; value: string; source: ReactNode }) {
  return (
    <div className="flex min-w-0 flex-col gap-0.5 rounded-xl border border-zinc-200 p-4 dark:border-zinc-800">
      <p className="text-sm text-zinc-600 dark:text-zinc-400">{label}</p>
      <p className="text-xl font-semibold tabular-nums">{value}</p>
      <p className="text-xs text-zinc-600 dark:text-zinc-400">{source}</p>
    </div>
  );
}

function SongFigures({ data }: { data: SongDetailResponse }) {
  const { song, currency } = data;
  const spotify = song.spotify;
  const spotifySource = spotify
    ? `Spotify for Artists · as of ${formatLongDay(spotify.asOf)}`
    : 'No Spotify for Artists songs export holds this song yet';
  const last = lastReportedMonth(data.sources);
  const views = song.linkedItems.reduce<number | null>(
    (total, item) => (item.lifetimeViews === null ? total : (total ?? 0) + item.lifetimeViews),
    null,
  );
  return (
    <div className="grid grid-cols-2 gap-3 lg:grid-cols-3">
      <Figure
        label="Spotify streams"
        value={formatFullNumber(spotify?.streams)}
        source={spotifySource}
      />
      <Figure
        label="Spotify listeners"
        value={formatFullNumber(spotify?.listeners)}
        source={spotifySource}
      />
      <Figure
        label="Spotify saves"
        value={formatFullNumber(spotify?.saves)}
        source={spotifySource}
      />
      <Figure
        label="Statement earnings"
        value={formatMoney(song.earnings, currency)}
        source={[
          last ? `Statements · reported through ${formatMonth(last)}` : 'No statement yet',
          // Lines with no exchange rate in their file stay in their own currency.
          ...song.otherCurrencies.map(
            (other) =>
              `+ ${formatMoney(other.amount, other.currency)} in ${other.currency}, not converted`,
          ),
        ].join(' · ')}
      />
      <Figure
        label="Streams & sales in statements"
        value={formatFullNumber(song.quantity)}
        source="All stores, all time"
      />
      <Figure
        label="Views of linked videos & reels"
        value={formatFullNumber(views)}
        source="Lifetime views, as last synced from the platforms"
      />
    </div>
  );
}

function SongTimeline({ data }: { data: SongDetailResponse }) {
  const last = lastReportedMonth(data.sources);
  const points = data.timeline.map((point) => ({
    month: point.month,
    // A month after the last statement is not reported yet, never $0.
    earnings:
      last !== null && point.month.slice(0, 7) > last && point.earnings === 0
        ? null
        : point.earnings,
    spotifyStreams: point.spotifyStreams,
    unreportedSources: unreportedSourcesIn(point.month.slice(0, 7), data.sources),
  }));
  if (points.length === 0) {
    return <p className="text-sm text-zinc-600 dark:text-zinc-400">No monthly figures yet.</p>;
  }
  return (
    <Suspense fallback={<Skeleton className="h-64 rounded-xl" />}>
      <MonthlyMoneyChart points={points} currency={data.currency} />
    </Suspense>
  );
}

/** One song: Spotify figures, linked videos and reels, earnings by store and country, its months. */
export function SongPage() {
  const { isrc = '' } = useParams();
  const song = useSong(isrc);
  const data = song.data;

  if (song.isError) {
    return getErrorStatus(song.error) === 404 ? (
      <EmptyState
        icon={Music}
        title="This song is not in your catalogue"
        description="No statement or export you imported holds this ISRC."
        action={
          <Link
            to={paths.dashboardSongs}
            className="font-medium text-brand-700 underline dark:text-brand-300"
          >
            See all songs
          </Link>
        }
      />
    ) : (
      <AsyncErrorView error={song.error} onRetry={() => void song.refetch()} />
    );
  }
  return (
    <div className="flex min-w-0 flex-col gap-4">
      <Link
        to={paths.dashboardSongs}
        className="inline-flex items-center gap-1 self-start text-sm text-zinc-600 hover:text-zinc-900 dark:text-zinc-400 dark:hover:text-zinc-100"
      >
        <ArrowLeft className="h-4 w-4" aria-hidden="true" />
        All songs
      </Link>
      {data ? (
        <PageHeader
          title={data.song.title}
          description={[
            data.song.artist,
            data.song.release?.title,
            data.song.releaseDate ? `released ${formatLongDay(data.song.releaseDate)}` : null,
            `ISRC ${data.song.isrc}`,
          ]
            .filter(Boolean)
            .join(' · ')}
        />
      ) : (
        <Skeleton className="h-12 w-72" />
      )}
      {data ? <SongFigures data={data} /> : <Skeleton className="h-40 w-full rounded-2xl" />}
      {data ? (
        <>
          <Card className="min-w-0">
            <CardHeader>
              <CardTitle>Month by month</CardTitle>
              <CardDescription>
                Statement earnings (bars) and Spotify streams (line, where a song timeline was
                exported). Shaded months are not reported yet.
                {data.song.otherCurrencies.length > 0
                  ? ` Bars are in ${data.currency}; earnings in ${data.song.otherCurrencies
                      .map((other) => other.currency)
                      .join(' and ')} are not charted.`
                  : null}
              </CardDescription>
            </CardHeader>
            <CardContent>
              <SongTimeline data={data} />
            </CardContent>
          </Card>
          <Card className="min-w-0">
            <CardHeader>
              <CardTitle>Videos & reels</CardTitle>
              <CardDescription>
                Linked items count towards this song; suggestions are linked only when you confirm.
              </CardDescription>
            </CardHeader>
            <CardContent className="flex flex-col gap-4">
              <LinkedItems isrc={data.song.isrc} items={data.song.linkedItems} />
              <LinkSuggestions isrc={data.song.isrc} suggestions={data.suggestions} />
            </CardContent>
          </Card>
          <div className="grid min-w-0 gap-4 lg:grid-cols-2">
            <Card className="min-w-0">
              <CardHeader>
                <CardTitle>Earnings by store</CardTitle>
              </CardHeader>
              <CardContent>
                <EarningsBreakdown
                  label="Earnings by store"
                  heading="Store"
                  rows={data.earningsByStore}
                  currency={data.currency}
                />
              </CardContent>
            </Card>
            <Card className="min-w-0">
              <CardHeader>
                <CardTitle>Earnings by country</CardTitle>
              </CardHeader>
              <CardContent>
                <EarningsBreakdown
                  label="Earnings by country"
                  heading="Country"
                  rows={data.earningsByCountry}
                  currency={data.currency}
                />
              </CardContent>
            </Card>
          </div>
          <Card>
            <CardHeader>
              <CardTitle>Sources and freshness</CardTitle>
              <CardDescription>
                Where each figure on this page comes from, and how recent it is.
              </CardDescription>
            </CardHeader>
            <CardContent>
              <SourceFreshness sources={data.sources} />
            </CardContent>
          </Card>
        </>
      ) : null}
    </div>
  );
}
