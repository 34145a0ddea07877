import { revenueGroupings, type RevenueGroupBy, type RevenueResponse } from '@crescendo/contracts';
import { CircleDollarSign, Download, FileUp } from 'lucide-react';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { AnalyticsPage } from '@/components/analytics/analytics-page';
import { filterSelectClass, PeriodSelect } from '@/components/analytics/period-select';
import { AsyncErrorView } from '@/components/errors/async-error';
import {
  downloadBlob,
  runExport,
  useRegisterExport,
  type ExportAction,
} from '@/components/layouts/export-context';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { formatFullNumber } from '@/lib/format';
import { formatMoney, formatMonth } from '@/lib/money';
import { exportRevenueCsv, toRevenueCsvFileName } from '../api/export-revenue';
import { useRevenue } from '../api/get-revenue';
import { useRevenueView } from '../hooks/use-revenue-view';
import { lastReportedMonth, moneySources, toMonthFigures } from '../utils/revenue-months';
import { groupLabels, RevenueTable } from './revenue-table';
import { SourceFreshness } from './source-freshness';

const MonthlyMoneyChart = lazy(() =>
  import('./monthly-money-chart').then((module) => ({ default: module.MonthlyMoneyChart })),
);

function Figure({ label, value, note }: { label: string; value: string; note: ReactNode }) {
  return (
    <Card className="min-w-0">
      <CardContent className="flex flex-col gap-1 pt-5">
        <p className="text-sm text-zinc-600 dark:text-zinc-400">{label}</p>
        <p className="text-2xl font-semibold tracking-tight tabular-nums">{value}</p>
        <p className="text-xs text-zinc-600 dark:text-zinc-400">{note}</p>
      </CardContent>
    </Card>
  );
}

function Figures({ data }: { data: RevenueResponse }) {
  const last = lastReportedMonth(data.reportedThrough);
  return (
    <div className="grid gap-4 sm:grid-cols-3">
      <Figure
        label="Statement earnings"
        value={formatMoney(data.total, data.currency)}
        note={
          last
            ? `Sum of your imported statement lines · reported through ${formatMonth(last)}`
            : 'Sum of your imported statement lines'
        }
      />
      <Figure
        label="Streams & sales"
        value={formatFullNumber(data.quantity)}
        note="Units in your statements for this period"
      />
      <Figure
        label="YouTube estimated ad revenue"
        value={formatMoney(data.youtubeEstimated, data.currency)}
        note={
          data.youtubeEstimated === null
            ? 'No estimate from YouTube for this period'
            : 'YouTube Analytics’ own estimate: shown apart, never added to the total'
        }
      />
    </div>
  );
}

function ExcludedLines({ data }: { data: RevenueResponse }) {
  if (data.excluded.length === 0) return null;
  return (
    <Alert tone="info" title="Some lines are in another currency and are not in the total">
      <ul className="mt-1 list-disc pl-5">
        {data.excluded.map((excluded) => (
          <li key={excluded.currency}>
            {formatMoney(excluded.amount, excluded.currency)} in {excluded.currency} (
            {formatFullNumber(excluded.lines)} {excluded.lines === 1 ? 'line' : 'lines'})
          </li>
        ))}
      </ul>
      <p className="mt-1">
        Their statements give no exchange rate to {data.currency}, so Crescendo shows them in their
        own currency rather than convert them at a rate it would have to invent.
      </p>
    </Alert>
  );
}

function MonthlyChartCard({ data }: { data: RevenueResponse | undefined }) {
  const figures = data ? toMonthFigures(data) : [];
  return (
    <Card className="min-w-0">
      <CardHeader>
        <CardTitle>Earnings by month</CardTitle>
        <CardDescription>
          Statements arrive months late: months no statement has reached yet are shaded, not counted
          as {data ? formatMoney(0, data.currency) : '$0'}.
          {figures.some((figure) => figure.isPartial)
            ? ' Lighter bars are months only some of your sources have reported so far.'
            : null}
        </CardDescription>
      </CardHeader>
      <CardContent>
        {data ? (
          <Suspense fallback={<Skeleton className="h-64 rounded-xl" />}>
            <MonthlyMoneyChart points={figures} currency={data.currency} />
          </Suspense>
        ) : (
          <Skeleton className="h-64 rounded-xl" />
        )}
      </CardContent>
    </Card>
  );
}

/**
 * What the artist earned, from the statements they imported: the total, a month-by-month chart,
 * the grouped table with pay per unit, how far each source has reported, and a CSV export.
 */
export function RevenuePage({ uploader }: { uploader?: ReactNode }) {
  const { view, setView } = useRevenueView();
  const revenue = useRevenue(view);
  const monthly = useRevenue({ ...view, groupBy: 'month' });
  const data = revenue.data;
  const [isExporting, setIsExporting] = useState(false);
  const hasStatements = data
    ? moneySources(data.reportedThrough).length > 0 || data.rows.length > 0
    : true;

  const fileName = toRevenueCsvFileName(view.groupBy);
  const exportAction: ExportAction | null =
    data && hasStatements
      ? {
          fileName,
          download: async () => downloadBlob(fileName, exportRevenueCsv(data, view.groupBy)),
        }
      : null;
  // The shell's Export button and Ctrl+Shift+E download the same CSV as the button below.
  useRegisterExport(exportAction);
  const onExport = async () => {
    setIsExporting(true);
    try {
      await runExport(exportAction);
    } finally {
      setIsExporting(false);
    }
  };

  let body: ReactNode;
  if (revenue.isError) {
    body = <AsyncErrorView error={revenue.error} onRetry={() => void revenue.refetch()} />;
  } else if (data && !hasStatements) {
    body = (
      <Card>
        <CardContent className="flex flex-col items-center gap-4 py-8 text-center">
          <span className="flex h-12 w-12 items-center justify-center rounded-full bg-brand-50 text-brand-700 dark:bg-brand-900/40 dark:text-brand-300">
            <CircleDollarSign className="h-6 w-6" aria-hidden="true" />
          </span>
          <h2 className="text-base font-semibold">No statements imported yet</h2>
          <p className="max-w-lg text-sm text-zinc-600 dark:text-zinc-400">
            Distributors have no earnings API: download your statement from DistroKid, TuneCore, CD
            Baby, AWAL or Bandcamp and drop it here, or manage every file in{' '}
            <Link
              to={paths.settingsImports}
              className="font-medium text-brand-700 underline dark:text-brand-300"
            >
              Settings → Imports
            </Link>
            .
          </p>
          {uploader ? <div className="w-full max-w-xl text-left">{uploader}</div> : null}
        </CardContent>
      </Card>
    );
  } else {
    body = (
      <div className="flex min-w-0 flex-col gap-4">
        {data ? <Figures data={data} /> : <Skeleton className="h-28 w-full rounded-2xl" />}
        {data ? <ExcludedLines data={data} /> : null}
        <MonthlyChartCard data={monthly.data} />
        <Card className="min-w-0 overflow-hidden">
          <CardHeader>
            <CardTitle>By {groupLabels[view.groupBy].toLowerCase()}</CardTitle>
            <CardDescription>
              Pay per unit is earnings per stream for streaming stores, per sale for downloads and
              Bandcamp.
            </CardDescription>
          </CardHeader>
          <RevenueTable
            response={data}
            groupBy={view.groupBy}
            isRefreshing={revenue.isPlaceholderData && revenue.isFetching}
          />
        </Card>
        {data ? (
          <Card>
            <CardHeader>
              <CardTitle>How far each source has reported</CardTitle>
              <CardDescription>
                Months after a source’s last statement are “not reported yet”, never $0.
              </CardDescription>
            </CardHeader>
            <CardContent>
              <SourceFreshness sources={data.reportedThrough} label="Reported through" />
            </CardContent>
          </Card>
        ) : null}
      </div>
    );
  }

  const last = data ? lastReportedMonth(data.reportedThrough) : null;
  return (
    <AnalyticsPage
      title="Revenue"
      description="What your distributors and stores paid you, from the statements you import."
      actions={
        <>
          <Button asChild variant="secondary">
            <Link to={paths.settingsImports}>
              <FileUp className="h-4 w-4" aria-hidden="true" />
              Import statements
            </Link>
          </Button>
          {exportAction ? (
            <Button
              variant="secondary"
              onClick={() => void onExport()}
              isLoading={isExporting}
              title="Export CSV (Ctrl+Shift+E)"
            >
              {isExporting ? null : <Download className="h-4 w-4" aria-hidden="true" />}
              Export CSV
            </Button>
          ) : null}
        </>
      }
      filters={
        <>
          <PeriodSelect
            value={view.range}
            custom={view.window}
            onChange={(range) => setView({ range })}
          />
          <label className="flex items-center gap-2 text-sm">
            <span className="text-zinc-600 dark:text-zinc-400">Group by</span>
            <select
              className={filterSelectClass}
              value={view.groupBy}
              onChange={(event) => setView({ groupBy: event.target.value as RevenueGroupBy })}
            >
              {revenueGroupings.map((groupBy) => (
                <option key={groupBy} value={groupBy}>
                  {groupLabels[groupBy]}
                </option>
              ))}
            </select>
          </label>
        </>
      }
      status={
        revenue.isPlaceholderData && revenue.isFetching
          ? 'Updating your figures…'
          : last
            ? `Reported through ${formatMonth(last)}`
            : null
      }
    >
      {body}
    </AnalyticsPage>
  );
}
