import type { revenueQuerySchema } from '@crescendo/contracts';
import {
  importSourceLabels,
  type EarningsRow,
  type ImportSource,
  type RevenueResponse,
} from '@crescendo/contracts';
import type { z } from 'zod';
import type { Database } from '../../../db/client';
import type { AnalyticsViewer } from '../shared/scope';
import {
  readRevenue,
  readSourceReports,
  readYoutubeEstimate,
  type RevenueRow,
  type SourceReportRow,
} from './read-revenue';
import {
  formatMonth,
  lastDayOfMonth,
  monthsOf,
  resolveRevenueRange,
  type RevenueMonths,
} from './revenue-range';

export type RevenueQueryInput = z.output<typeof revenueQuerySchema>;

const countryNames = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'code' });

function countryLabel(code: string): string {
  if (!code) return 'Country not given';
  try {
    return countryNames.of(code) ?? code;
  } catch {
    return code;
  }
}

function labelOf(groupBy: RevenueQueryInput['groupBy'], row: RevenueRow): string {
  const key = row.key ?? '';
  switch (groupBy) {
    case 'country':
      return countryLabel(key);
    case 'month':
      return formatMonth(key);
    case 'source':
      return importSourceLabels[key as ImportSource] ?? key;
    case 'song':
      return key ? row.label || key : 'Release and other lines';
    case 'release':
      return key ? row.label || key : 'No release';
    default:
      return row.label || key;
  }
}

const toAmount = (value: string) => Number(value);

/** Per source, the last day of the last month it has reported (and when it was imported). */
export function reportedThroughOf(reports: SourceReportRow[]): RevenueResponse['reportedThrough'] {
  return reports.map((report) => ({
    source: report.source,
    through: report.last_month ? lastDayOfMonth(report.last_month.slice(0, 7)) : null,
    importedAt: report.imported_at ? new Date(report.imported_at).toISOString() : null,
  }));
}

/** The first sale month any statement holds, as its first day. */
export function firstMonthOf(reports: SourceReportRow[]): string | null {
  let first: string | null = null;
  for (const report of reports) {
    if (report.first_month && (first === null || report.first_month < first))
      first = report.first_month;
  }
  return first;
}

export type RevenueAnswer = RevenueResponse & {
  /** The statement months the range covers (`YYYY-MM`), null when no month starts in it. */
  months: RevenueMonths | null;
};

/**
 * Statement revenue for a period, grouped one way. A period covers a month's lines when the
 * month's first day is inside it (`monthsOf`); totals are exact sums rounded once to the cent;
 * lines in another currency than the organisation's are listed in `excluded`, never converted;
 * `reportedThrough` says how far each source has reported, so a month after it reads "not
 * reported yet" rather than zero; YouTube's estimated ad revenue over the same months is given
 * apart and never added.
 */
export async function getRevenue(
  db: Database,
  viewer: AnalyticsViewer,
  query: RevenueQueryInput,
  now: Date = new Date(),
): Promise<RevenueAnswer> {
  const organizationId = viewer.organization.id;
  const today = now.toISOString().slice(0, 10);
  const isAllHistory = query.range === 'all' && !query.from && !query.to;
  const range = resolveRevenueRange(query, today, null);
  const readFrom = isAllHistory ? '0001-01-01' : range.from;
  const months = monthsOf(readFrom, range.to);
  const [rows, reports, youtubeEstimated] = await Promise.all([
    readRevenue(db, query.groupBy, {
      organizationId,
      from: readFrom,
      to: range.to,
      store: query.store,
      country: query.country,
      source: query.source,
      isrc: query.isrc,
    }),
    readSourceReports(db, organizationId),
    months
      ? readYoutubeEstimate(db, {
          organizationId,
          from: `${months.first}-01`,
          to: lastDayOfMonth(months.last),
        })
      : Promise.resolve(null),
  ]);
  const from = isAllHistory ? (firstMonthOf(reports) ?? range.from) : range.from;
  const total = rows.find((row) => row.kind === 'total');
  const grouped: EarningsRow[] = rows
    .filter((row) => row.kind === 'row')
    .map((row) => ({
      key: row.key ?? '',
      label: labelOf(query.groupBy, row),
      earnings: toAmount(row.earnings),
      quantity: toAmount(row.quantity),
      perUnit: row.per_unit === null ? null : toAmount(row.per_unit),
    }));
  // Months in calendar order; every other grouping from the best earner down.
  grouped.sort((a, b) =>
    query.groupBy === 'month'
      ? a.key.localeCompare(b.key)
      : b.earnings - a.earnings || a.label.localeCompare(b.label),
  );
  return {
    currency: rows[0]?.currency ?? 'USD',
    range: { from, to: range.to },
    months: monthsOf(from, range.to),
    total: total ? toAmount(total.earnings) : 0,
    quantity: total ? toAmount(total.quantity) : 0,
    rows: grouped,
    reportedThrough: reportedThroughOf(reports),
    excluded: rows
      .filter((row) => row.kind === 'excluded')
      .map((row) => ({
        currency: row.currency,
        amount: toAmount(row.earnings),
        lines: Number(row.lines),
      }))
      .sort((a, b) => a.currency.localeCompare(b.currency)),
    youtubeEstimated,
  };
}
