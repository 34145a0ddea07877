import type { SpotifyOverview, StatementRevenueOverview } from '@crescendo/contracts';
import { sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { spotifyAudienceDays } from '../../../db/schema';
import { prepareStatement } from '../../../db/statement';
import { addDays } from '../../../lib/days';
import { firstMonthOf, reportedThroughOf } from '../revenue/get-revenue';
import { readRevenue, readSourceReports } from '../revenue/read-revenue';
import { lastDayOfMonth, monthsOf } from '../revenue/revenue-range';

const d = spotifyAudienceDays;

type SpotifyRow = {
  as_of: string | null;
  first_day: string | null;
  last_day: string | null;
  streams: string | number | null;
  listeners: number | null;
  followers_first: number | null;
  followers_last: number | null;
};

/**
 * The period's days of the Spotify for Artists audience timeline: streams summed, listeners and
 * followers as of its last day, and the followers' change since the day before the period (or
 * its first imported day). `as_of` is the last day any export holds, whatever the period.
 */
const selectSpotify = prepareStatement<
  SpotifyRow,
  { organizationId: string; from: string; to: string; dayBefore: string }
>(
  sql`select
      (select max(${d.day}) from ${d}
        where ${d.organizationId} = ${sql.placeholder('organizationId')})::text as as_of,
      min(${d.day}) filter (where ${d.day} >= ${sql.placeholder('from')})::text as first_day,
      max(${d.day})::text as last_day,
      sum(${d.streams}) filter (where ${d.day} >= ${sql.placeholder('from')}) as streams,
      (array_agg(${d.listeners} order by ${d.day} desc)
        filter (where ${d.listeners} is not null and ${d.day} >= ${sql.placeholder('from')}))[1]
        as listeners,
      (array_agg(${d.followers} order by ${d.day})
        filter (where ${d.followers} is not null))[1] as followers_first,
      (array_agg(${d.followers} order by ${d.day} desc)
        filter (where ${d.followers} is not null))[1] as followers_last
    from ${d}
    where ${d.organizationId} = ${sql.placeholder('organizationId')}
      and ${d.day} between ${sql.placeholder('dayBefore')} and ${sql.placeholder('to')}`,
);

/** Spotify for Artists figures for the period; null when no audience timeline is imported. */
export async function readSpotifyOverview(
  db: Database,
  organizationId: string,
  range: { from: string; to: string },
): Promise<SpotifyOverview | null> {
  const [row] = await selectSpotify(db, {
    organizationId,
    from: range.from,
    to: range.to,
    dayBefore: addDays(range.from, -1),
  });
  if (!row?.as_of) return null;
  const hasPeriod = row.first_day !== null && row.last_day !== null;
  return {
    asOf: row.as_of,
    window: hasPeriod ? { from: row.first_day!, to: row.last_day! } : null,
    streams: hasPeriod && row.streams !== null ? Number(row.streams) : null,
    listeners: hasPeriod ? row.listeners : null,
    followers: hasPeriod ? row.followers_last : null,
    followersNet:
      hasPeriod && row.followers_first !== null && row.followers_last !== null
        ? row.followers_last - row.followers_first
        : null,
  };
}

/**
 * The statements' revenue for the period, from the revenue read itself (same months rule, same
 * sums): null when no statement is imported.
 */
export async function readStatementRevenueOverview(
  db: Database,
  organizationId: string,
  range: { from: string; to: string },
): Promise<StatementRevenueOverview | null> {
  const months = monthsOf(range.from, range.to);
  const [rows, reports] = await Promise.all([
    readRevenue(db, 'source', { organizationId, from: range.from, to: range.to }),
    readSourceReports(db, organizationId),
  ]);
  if (firstMonthOf(reports) === null) return null;
  const total = rows.find((row) => row.kind === 'total');
  const reportedThrough = reportedThroughOf(reports).map(({ source, through }) => ({
    source,
    through,
  }));
  const lastNeeded = months ? lastDayOfMonth(months.last) : null;
  const isPartial =
    lastNeeded !== null &&
    reportedThrough.some((report) => report.through === null || report.through < lastNeeded);
  return {
    currency: total?.currency ?? 'USD',
    months: months ? { from: months.first, to: months.last } : null,
    total: total ? Number(total.earnings) : 0,
    quantity: total ? Number(total.quantity) : 0,
    reportedThrough,
    isPartial,
    latestCompleteMonth:
      months === null || isPartial
        ? await readLatestCompleteMonth(db, organizationId, reportedThrough)
        : null,
  };
}

/**
 * The latest month every statement source has reported (the earliest of their last months), with
 * its total from the same revenue read; null when some source has reported no month.
 */
async function readLatestCompleteMonth(
  db: Database,
  organizationId: string,
  reportedThrough: { through: string | null }[],
): Promise<StatementRevenueOverview['latestCompleteMonth']> {
  let through: string | null = null;
  for (const report of reportedThrough) {
    if (report.through === null) return null;
    if (through === null || report.through < through) through = report.through;
  }
  if (through === null) return null;
  const month = through.slice(0, 7);
  const rows = await readRevenue(db, 'source', {
    organizationId,
    from: `${month}-01`,
    to: through,
  });
  const total = rows.find((row) => row.kind === 'total');
  return {
    month,
    total: total ? Number(total.earnings) : 0,
    quantity: total ? Number(total.quantity) : 0,
  };
}
