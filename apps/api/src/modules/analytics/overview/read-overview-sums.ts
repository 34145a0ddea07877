import { sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { toNumber } from '../../../db/numeric';
import { prepareStatement } from '../../../db/statement';
import { addDays } from '../../../lib/days';
import { m, platformDaysOf } from '../days/list-platform-days';
import type { Platform } from '../shared/platforms';
import type { SpanSums } from '../shared/totals';

/**
 * The spans the overview sums whole, besides the chart's points: the common window's, and a
 * platform's own current, previous and lead spans where its own window differs (`own*`).
 */
export type OverviewSpan =
  | 'current'
  | 'previous'
  | 'lead'
  | 'after'
  | 'lastFourWeeks'
  | 'ownCurrent'
  | 'ownPrevious'
  | 'ownLead';

/** A platform's own window where it differs from the common one (see `resolveWindows`). */
export type OwnWindow = {
  platform: Platform;
  from: string;
  to: string;
  previousFrom: string;
  previousTo: string;
  leadFrom: string;
};

export type OverviewPoint = { platform: Platform; start: string; sums: SpanSums };
export type OverviewSpanSums = { platform: Platform; span: OverviewSpan; sums: SpanSums };
/** One platform's days of the range with a net follower change, in day order (milestones). */
export type DailyNets = { days: string[]; nets: number[] };

type Row = {
  platform: Platform;
  part: 'point' | 'previousPoint' | OverviewSpan;
  start: string | null;
  views: string | null;
  watch_minutes: string | number | null;
  engagements: string | null;
  revenue: number | null;
  gained: string | null;
  lost: string | null;
  last_followers_total: string | null;
  net_days: string[] | null;
  nets: number[] | null;
};

type Values = {
  organizationId: string;
  accountIds: string[];
  /** The range, the previous period, and the 28 days before it (its opening follower total). */
  from: string;
  to: string;
  previousFrom: string;
  previousTo: string;
  leadFrom: string;
  /** The common window's lead-in (`leadFrom` is the earliest of every window's). */
  commonLeadFrom: string;
  isWeekly: boolean;
  /**
   * The previous period's chart points, as a range of their own (null: none): an explicit range
   * is clipped to the data's first day, so it can start later than `previousFrom`.
   */
  previousSeries: { from: string; to: string; isWeekly: boolean } | null;
  /** The last day every platform has published: the forecast's pace is its last 28 days. */
  lastCompleteDay: string;
  /** The own windows, as parallel arrays (one statement whatever their number). */
  ownPlatforms: string[];
  ownParts: string[];
  ownFrom: string[];
  ownTo: string[];
};

const from = sql`${sql.placeholder('from')}::date`;
const to = sql`${sql.placeholder('to')}::date`;
const lastCompleteDay = sql`${sql.placeholder('lastCompleteDay')}::date`;
const previousSeriesFrom = sql`${sql.placeholder('previousSeriesFrom')}::date`;
const previousSeriesTo = sql`${sql.placeholder('previousSeriesTo')}::date`;
// Sums over the platform-day rows `d` (each already summed over the platform's accounts).
const sums = sql`sum(d.views) as views, sum(d.watch_minutes) as watch_minutes,
  sum(d.engagements) as engagements, sum(d.revenue) as revenue,
  sum(d.gained) as gained, sum(d.lost) as lost`;
// A day's net follower change: gained − lost, gained alone when lost is unknown (as `netOfDay`).
const net = sql`coalesce(d.gained - coalesce(d.lost, 0), 0)`;

/**
 * The overview's figures summed by the database, in one statement: per platform, the chart's
 * points (days, or weeks keyed by their first day in the range), the previous period's points
 * for the comparison line (the same, over its own range), and the whole spans, plus each
 * day's net follower change inside the range for the milestones (walked back from today's total
 * through the days after the range, the `after` span). Reading the ~760 daily rows of a
 * year and its previous period into the process to add them up cost more than the sums.
 * Engagements per day are likes + comments + shares + saves where the platform gives any of
 * them, its own total of interactions otherwise.
 */
type Parameters = Omit<Values, 'previousSeries'> & {
  hasPreviousSeries: boolean;
  previousSeriesFrom: string;
  previousSeriesTo: string;
  isPreviousWeekly: boolean;
};

const selectOverviewSums = prepareStatement<Row, Parameters>(
  sql`with days as (${platformDaysOf(
    sql`${m.day} as day, sum(${m.views}) as views, sum(${m.watchMinutes}) as watch_minutes,
      case when num_nonnulls(sum(${m.likes}), sum(${m.comments}), sum(${m.shares}), sum(${m.saves})) = 0
        then sum(${m.totalInteractions})
        else coalesce(sum(${m.likes}), 0) + coalesce(sum(${m.comments}), 0)
          + coalesce(sum(${m.shares}), 0) + coalesce(sum(${m.saves}), 0)
      end as engagements,
      sum(${m.estimatedRevenue}) as revenue,
      sum(${m.followersGained}) as gained, sum(${m.followersLost}) as lost,
      sum(${m.followersTotal}) as followers_total`,
    sql`${m.accountId} = any(${sql.placeholder('accountIds')})
      and ${m.day} >= ${sql.placeholder('leadFrom')}::date`,
  )}),
  spans (platform, part, first_day, last_day) as (
    select null::text, v.* from (values
      ('current', ${from}, ${to}),
      ('previous', ${sql.placeholder('previousFrom')}::date, ${sql.placeholder('previousTo')}::date),
      ('lead', ${sql.placeholder('commonLeadFrom')}::date, ${sql.placeholder('previousFrom')}::date - 1),
      ('after', ${to} + 1, 'infinity'::date),
      ('lastFourWeeks', ${lastCompleteDay} - 27, ${lastCompleteDay})) v
    union all
    select * from unnest(${sql.placeholder('ownPlatforms')}::text[],
      ${sql.placeholder('ownParts')}::text[], ${sql.placeholder('ownFrom')}::date[],
      ${sql.placeholder('ownTo')}::date[]))
  select d.platform, 'point' as part, d.start::text as start, ${sums},
    null::numeric as last_followers_total, null::text[] as net_days, null::float8[] as nets
  from (
    select *, case when ${sql.placeholder('isWeekly')}::boolean
      then greatest(${from}, day - (extract(isodow from day)::int - 1)) else day end as start
    from days where day between ${from} and ${to}
  ) d
  group by d.platform, d.start
  union all
  select d.platform, 'previousPoint', d.start::text, ${sums}, null, null, null
  from (
    select *, case when ${sql.placeholder('isPreviousWeekly')}::boolean
      then greatest(${previousSeriesFrom}, day - (extract(isodow from day)::int - 1)) else day end
      as start
    from days where ${sql.placeholder('hasPreviousSeries')}::boolean
      and day between ${previousSeriesFrom} and ${previousSeriesTo}
  ) d
  group by d.platform, d.start
  union all
  select d.platform, s.part, null, ${sums},
    (array_agg(d.followers_total order by d.day desc)
      filter (where d.followers_total is not null))[1],
    array_agg(d.day::text order by d.day) filter (where s.part = 'current' and ${net} <> 0),
    array_agg(${net}::float8 order by d.day) filter (where s.part = 'current' and ${net} <> 0)
  from spans s join days d on d.day between s.first_day and s.last_day
    and (s.platform is null or s.platform = d.platform::text)
  group by d.platform, s.part`,
);

const sumsOf = (row: Row): SpanSums => ({
  views: toNumber(row.views),
  watchMinutes: toNumber(row.watch_minutes),
  engagements: toNumber(row.engagements),
  revenue: row.revenue === null ? null : Number(row.revenue),
  gained: toNumber(row.gained),
  lost: toNumber(row.lost),
  lastFollowersTotal: toNumber(row.last_followers_total),
});

export type OverviewSumsInput = Omit<
  Values,
  'ownPlatforms' | 'ownParts' | 'ownFrom' | 'ownTo' | 'commonLeadFrom'
> & { own: OwnWindow[] };

export async function readOverviewSums(
  db: Database,
  { own, ...common }: OverviewSumsInput,
): Promise<{
  points: OverviewPoint[];
  previousPoints: OverviewPoint[];
  spans: OverviewSpanSums[];
  nets: Map<Platform, DailyNets>;
}> {
  const points: OverviewPoint[] = [];
  const previousPoints: OverviewPoint[] = [];
  const spans: OverviewSpanSums[] = [];
  const nets = new Map<Platform, DailyNets>();
  if (common.accountIds.length === 0) return { points, previousPoints, spans, nets };
  const { previousSeries, ...rest } = common;
  const parts = own.flatMap((window) => [
    [window.platform, 'ownCurrent', window.from, window.to],
    [window.platform, 'ownPrevious', window.previousFrom, window.previousTo],
    [window.platform, 'ownLead', window.leadFrom, addDays(window.previousFrom, -1)],
  ]);
  const parameters: Parameters = {
    ...rest,
    // The days read start at the earliest lead-in of any window.
    leadFrom: own.reduce(
      (earliest, window) => (window.leadFrom < earliest ? window.leadFrom : earliest),
      common.leadFrom,
    ),
    commonLeadFrom: common.leadFrom,
    ownPlatforms: parts.map((part) => part[0]!),
    ownParts: parts.map((part) => part[1]!),
    ownFrom: parts.map((part) => part[2]!),
    ownTo: parts.map((part) => part[3]!),
    hasPreviousSeries: previousSeries !== null,
    previousSeriesFrom: previousSeries?.from ?? common.from,
    previousSeriesTo: previousSeries?.to ?? common.to,
    isPreviousWeekly: previousSeries?.isWeekly ?? false,
  };
  for (const row of await selectOverviewSums(db, parameters)) {
    if (row.part === 'point' || row.part === 'previousPoint') {
      (row.part === 'point' ? points : previousPoints).push({
        platform: row.platform,
        start: row.start!,
        sums: sumsOf(row),
      });
      continue;
    }
    spans.push({ platform: row.platform, span: row.part, sums: sumsOf(row) });
    if (row.part === 'current')
      nets.set(row.platform, { days: row.net_days ?? [], nets: (row.nets ?? []).map(Number) });
  }
  return { points, previousPoints, spans, nets };
}
