import {
  importSourceLabels,
  type DashboardAnalyticsResponse,
  type ImportSource,
  type SpotifyOverview,
  type StatementRevenueOverview,
} from '@crescendo/contracts';
import { AudioLines, FileUp, ReceiptText } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Card, CardTitle } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';
import {
  formatDaySpan,
  formatFullNumber,
  formatLongDay,
  formatSignedCompactNumber,
  MISSING_VALUE,
} from '@/lib/format';
import { formatMoney, formatMonth } from '@/lib/money';

type Analytics = DashboardAnalyticsResponse;
type Range = Analytics['range'];

/** A compact card header: the card sits between the KPIs and the chart, so it stays short. */
function SourceCardHeader({
  title,
  icon: Icon,
  description,
}: {
  title: string;
  icon: typeof AudioLines;
  description: ReactNode;
}) {
  return (
    <div className="flex flex-col gap-0.5">
      <div className="flex items-center justify-between gap-2">
        <CardTitle className="text-sm sm:text-base">{title}</CardTitle>
        <Icon className="h-4 w-4 shrink-0 text-zinc-500" aria-hidden="true" />
      </div>
      <p className="text-xs text-zinc-600 dark:text-zinc-400">{description}</p>
    </div>
  );
}

/** One labelled figure of a card; an absent figure reads "—", never 0. */
function Figure({ label, value, detail }: { label: string; value: string; detail?: ReactNode }) {
  return (
    <div className="flex min-w-0 flex-col gap-0.5">
      <dt className="text-xs font-medium text-zinc-600 dark:text-zinc-400">{label}</dt>
      <dd className="text-xl font-semibold tracking-tight tabular-nums sm:text-2xl xl:text-xl">
        {value}
      </dd>
      {detail ? <dd className="text-xs text-zinc-600 dark:text-zinc-400">{detail}</dd> : null}
    </div>
  );
}

/**
 * Whether the export's days cover the whole period: a gap is said, so streams summed over fewer
 * days are not compared with a platform's full period.
 */
export function describeSpotifyCoverage(spotify: SpotifyOverview, range: Range): string | null {
  if (!spotify.window) return 'Your export has no days in this period.';
  if (spotify.window.from <= range.from && spotify.window.to >= range.to) return null;
  return `Your export covers ${formatDaySpan(spotify.window.from, spotify.window.to)}, not the whole period.`;
}

function SpotifyCard({
  spotify,
  range,
  className,
}: {
  spotify: SpotifyOverview;
  range: Range;
  className?: string;
}) {
  const coverage = describeSpotifyCoverage(spotify, range);
  const lastDay = spotify.window ? formatLongDay(spotify.window.to) : null;
  return (
    <Card
      className={cn('flex min-w-0 flex-col gap-3 p-4 sm:p-5', className)}
      data-testid="spotify-overview"
    >
      <SourceCardHeader
        title="Spotify"
        icon={AudioLines}
        description={`From your Spotify for Artists export of ${formatLongDay(spotify.asOf)}`}
      />
      <dl className="grid grid-cols-3 gap-x-4 gap-y-3">
        <Figure
          label="Streams"
          value={formatFullNumber(spotify.streams)}
          detail={spotify.window ? formatDaySpan(spotify.window.from, spotify.window.to) : null}
        />
        <Figure
          label="Listeners"
          value={formatFullNumber(spotify.listeners)}
          detail={lastDay ? `on ${lastDay}` : null}
        />
        <Figure
          label="Followers"
          value={formatFullNumber(spotify.followers)}
          detail={
            spotify.followersNet === null
              ? null
              : `${formatSignedCompactNumber(spotify.followersNet)} net`
          }
        />
      </dl>
      {coverage ? (
        <p className="text-xs font-medium text-amber-800 dark:text-amber-300">{coverage}</p>
      ) : null}
    </Card>
  );
}

/** A statement source's name; an unknown code (a newer source) shows as sent. */
function sourceName(source: string): string {
  return importSourceLabels[source as ImportSource] ?? source;
}

/** "Reported through March 2026", or that the source has reported no month yet. */
export function describeSourceReport(through: string | null): string {
  return through ? `Reported through ${formatMonth(through)}` : 'Not reported yet';
}

/** "January – October 2026" / "December 2025 – February 2026" / "March 2026". */
function describeMonths(months: { from: string; to: string }): string {
  if (months.from === months.to) return formatMonth(months.from);
  return `${formatMonth(months.from)} – ${formatMonth(months.to)}`;
}

/**
 * The total, or why there is none: a period in which no statement month starts, or months no
 * source has reported yet, are not $0 of earnings.
 */
function describeStatementTotal(revenue: StatementRevenueOverview): {
  value: string;
  note: string | null;
} {
  if (!revenue.months) {
    return {
      value: MISSING_VALUE,
      note: 'Statements report whole months, and no month starts in this period.',
    };
  }
  const firstDay = `${revenue.months.from}-01`;
  const hasAnyReported = revenue.reportedThrough.some(
    (report) => report.through !== null && report.through >= firstDay,
  );
  if (!hasAnyReported) {
    return { value: 'Not reported yet', note: 'No statement covers these months yet.' };
  }
  return { value: formatMoney(revenue.total, revenue.currency), note: null };
}

function StatementRevenueCard({
  revenue,
  className,
}: {
  revenue: StatementRevenueOverview;
  className?: string;
}) {
  const total = describeStatementTotal(revenue);
  return (
    <Card
      className={cn('flex min-w-0 flex-col gap-3 p-4 sm:p-5', className)}
      data-testid="statement-revenue-overview"
    >
      <SourceCardHeader
        title="Statement revenue"
        icon={ReceiptText}
        description={`From your distributors’ statements${
          revenue.months ? ` · ${describeMonths(revenue.months)}` : ''
        }`}
      />
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="flex min-w-0 flex-1 flex-col gap-0.5">
          <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <p
              className="text-xl font-semibold tracking-tight tabular-nums sm:text-2xl"
              data-testid="statement-revenue-total"
            >
              {total.value}
            </p>
            {revenue.isPartial && total.note === null ? (
              <Badge tone="warning">partly reported</Badge>
            ) : null}
          </div>
          {total.note ? (
            <p className="text-xs text-zinc-600 dark:text-zinc-400">{total.note}</p>
          ) : null}
          {total.note === null && revenue.quantity > 0 ? (
            <p className="text-xs text-zinc-600 dark:text-zinc-400">
              {formatFullNumber(revenue.quantity)} streams and sales
            </p>
          ) : null}
          {revenue.latestCompleteMonth ? (
            <p
              className="text-xs text-zinc-600 dark:text-zinc-400"
              data-testid="statement-revenue-latest"
            >
              Latest month every source has reported:{' '}
              <span className="font-medium text-zinc-900 tabular-nums dark:text-zinc-100">
                {formatMonth(revenue.latestCompleteMonth.month)},{' '}
                {formatMoney(revenue.latestCompleteMonth.total, revenue.currency)}
              </span>
            </p>
          ) : null}
          <Link
            to={paths.dashboardRevenue}
            className="mt-1 self-start text-xs font-medium text-brand-700 hover:underline dark:text-brand-300"
          >
            See revenue by store, country and song
          </Link>
        </div>
        {revenue.reportedThrough.length > 0 ? (
          <ul
            aria-label="Statements reported"
            className="flex shrink-0 flex-col gap-0.5 text-xs sm:min-w-56"
          >
            {revenue.reportedThrough.map((report) => (
              <li
                key={report.source}
                className="flex flex-wrap items-baseline justify-between gap-x-3"
              >
                <span className="font-medium">{sourceName(report.source)}</span>
                <span className="text-zinc-600 dark:text-zinc-400">
                  {describeSourceReport(report.through)}
                </span>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </Card>
  );
}

/** Nothing imported at all: where the artist's own files go. */
function ImportPrompt() {
  return (
    <Card className="flex flex-col gap-2 p-4 sm:flex-row sm:items-center sm:justify-between">
      <div className="flex items-start gap-3">
        <FileUp className="mt-0.5 h-4 w-4 shrink-0 text-zinc-500" aria-hidden="true" />
        <p className="text-sm text-zinc-700 dark:text-zinc-300">
          Import your Spotify for Artists exports and distributor statements to see your streams and
          what you earned here.
        </p>
      </div>
      <Link
        to={paths.settingsImports}
        className="shrink-0 self-start text-sm font-medium text-brand-700 hover:underline sm:self-center dark:text-brand-300"
      >
        Import files
      </Link>
    </Card>
  );
}

/**
 * The artist's imported sources beside the platforms (the all-platform view only): Spotify for
 * Artists figures and statement revenue, each labelled with where it comes from. Statement money
 * is never added to YouTube's estimate; they are different money.
 */
export function ImportedSources({
  data,
  isPromptShown = true,
}: {
  data: Analytics;
  /** Off where another prompt already asks for something (no platform connected yet). */
  isPromptShown?: boolean;
}) {
  const { spotify, statementRevenue } = data;
  // The API sends both as null when nothing is imported, and leaves them out of a platform view.
  if (spotify === null && statementRevenue === null) return isPromptShown ? <ImportPrompt /> : null;
  if (!spotify && !statementRevenue) return null;
  return (
    // Side by side only where the statements' per-source list still fits beside their total.
    <section aria-label="Imported sources" className="grid grid-cols-1 gap-4 xl:grid-cols-5">
      {spotify ? (
        <SpotifyCard
          spotify={spotify}
          range={data.range}
          className={statementRevenue ? 'xl:col-span-2' : 'xl:col-span-5'}
        />
      ) : null}
      {statementRevenue ? (
        <StatementRevenueCard
          revenue={statementRevenue}
          className={spotify ? 'xl:col-span-3' : 'xl:col-span-5'}
        />
      ) : null}
    </section>
  );
}
