import type { DashboardAnalyticsResponse, DashboardQuery } from '@crescendo/contracts';
import type { Database } from '../../../db/client';
import type { ScopedAccount } from '../accounts/list-scoped-accounts';
import { addDays } from '../../../lib/days';
import { listStoredInsights } from '../insights/list-stored-insights';
import { snapshotPlatforms, type Platform, type PlatformChoice } from '../shared/platforms';
import {
  historyStartOf,
  isPreviousCut,
  resolveDateRange,
  type HistoryBound,
  type ResolvedRange,
} from '../calculations/date-range';
import { resolveScope, windowOf, type AnalyticsViewer } from '../shared/scope';
import { kpisOf, netOf, sumOf, sumTotals, totalsOf, type Totals } from '../shared/totals';
import { buildSeries } from './build-series';
import { buildForecast, findMilestones } from './milestones';
import { readSpotifyOverview, readStatementRevenueOverview } from './read-imported-sources';
import { readOverviewSums, type OverviewSpan, type OwnWindow } from './read-overview-sums';

function pendingDaysOf(account: ScopedAccount, rangeTo: string): string[] {
  if (!account.dataCompleteThrough || !account.lastSyncedAt) return [];
  // Days the platform had not published when we last asked (e.g. YouTube's 2-day delay).
  const lastAsked = addDays(account.lastSyncedAt.toISOString().slice(0, 10), -1);
  const days: string[] = [];
  for (
    let day = addDays(account.dataCompleteThrough, 1);
    day <= lastAsked && days.length < 14;
    day = addDays(day, 1)
  ) {
    if (day > rangeTo || day > account.dataCompleteThrough) days.push(day);
  }
  return days;
}

/** The first day any account of the platform has daily metrics for. */
function firstDataDayOf(accounts: ScopedAccount[], platform: Platform): string | null {
  let first: string | null = null;
  for (const account of accounts) {
    if (account.platform !== platform || account.firstDataDay === null) continue;
    if (first === null || account.firstDataDay < first) first = account.firstDataDay;
  }
  return first;
}

/** The first day from which every platform of the accounts has data. */
function latestFirstDataDay(accounts: ScopedAccount[]): string | null {
  let latest: string | null = null;
  for (const account of accounts) {
    if (account.firstDataDay === null) return null;
    if (latest === null || account.firstDataDay > latest) latest = account.firstDataDay;
  }
  return latest;
}

/** The first day a comparison can reach: the platforms' data, within the plan's window. */
function availableFromOf(
  firstDay: string | null,
  history: HistoryBound | null,
  to: string,
): string | null {
  if (firstDay === null || history === null) return firstDay;
  const earliest = historyStartOf(history, to);
  return firstDay < earliest ? earliest : firstDay;
}

/**
 * The overview's read. The previous-period series is left out when the plan's history window
 * cut the previous period, as a read of that period's own range would be refused.
 */
export async function getDashboardAnalytics(
  db: Database,
  user: AnalyticsViewer,
  query: DashboardQuery & PlatformChoice,
): Promise<DashboardAnalyticsResponse> {
  const scope = await resolveScope(db, user, query);
  const { range } = scope;
  // Platforms whose own window ("Last 28 days" ending on their own last day) differs from the
  // common one get their own sums for their figures in `byPlatform`.
  const ownWindows: OwnWindow[] = [...scope.windows.values()]
    .filter(
      ({ range: own }) =>
        own.from !== range.from || own.to !== range.to || own.previous.from !== range.previous.from,
    )
    .map(({ platform, range: own }) => ({
      platform,
      from: own.from,
      to: own.to,
      previousFrom: own.previous.from,
      previousTo: own.previous.to,
      leadFrom: addDays(own.previous.from, -28),
    }));
  const hasOwnWindow = (platform: Platform) =>
    ownWindows.some((window) => window.platform === platform);
  const isComparing = query.compare === 'previous';
  // The comparison line is the series of the previous period read as a range of its own (so,
  // like any explicit range, clipped to the data's first day).
  const previousSeriesRange =
    isComparing && !isPreviousCut(range)
      ? resolveDateRange(range.previous, scope.lastCompleteDay, scope.firstDataDay)
      : null;
  // The artist's imported sources (Spotify exports, statements) sit beside the platforms in the
  // dashboard's all-platform view; a chosen set (a share link's) names platforms only.
  const hasImportedSources = query.platform === 'all' && !query.platforms;
  const [overview, insights, spotify, statementRevenue] = await Promise.all([
    readOverviewSums(db, {
      organizationId: user.organization.id,
      accountIds: scope.accountIds,
      from: range.from,
      to: range.to,
      previousFrom: range.previous.from,
      previousTo: range.previous.to,
      // The 28 days before the previous period give its opening follower total.
      leadFrom: addDays(range.previous.from, -28),
      isWeekly: range.granularity === 'week',
      previousSeries: previousSeriesRange && {
        from: previousSeriesRange.from,
        to: previousSeriesRange.to,
        isWeekly: previousSeriesRange.granularity === 'week',
      },
      lastCompleteDay: scope.lastCompleteDay,
      own: ownWindows,
    }),
    listStoredInsights(db, user.organization.id, scope),
    hasImportedSources ? readSpotifyOverview(db, user.organization.id, range) : null,
    hasImportedSources ? readStatementRevenueOverview(db, user.organization.id, range) : null,
  ]);
  const connectedPlatforms = [...new Set(scope.accounts.map((account) => account.platform))];
  const sumsOf = (platform: Platform, span: OverviewSpan) =>
    overview.spans.find((entry) => entry.platform === platform && entry.span === span)?.sums;

  const byPlatform: DashboardAnalyticsResponse['byPlatform'] = {};
  const currentParts: Totals[] = [];
  const previousParts: Totals[] = [];
  const lastFourWeeksNets: (number | null)[] = [];
  const netAfter = new Map<Platform, number>();
  let combinedFollowers: number | null = null;
  // A previous period reaching before a platform's first synced day, or cut by the plan's
  // history window, would compare unlike spans.
  const isPreviousPartialIn = (platform: Platform, window: ResolvedRange) => {
    const first = firstDataDayOf(scope.accounts, platform);
    return first === null || window.previous.from < first || isPreviousCut(window);
  };
  const partialPlatforms = connectedPlatforms.filter((platform) =>
    isPreviousPartialIn(platform, range),
  );
  const platformRanges: DashboardAnalyticsResponse['platformRanges'] = {};
  const totalsIn = (platform: Platform, spans: 'common' | 'own') => {
    const [currentSpan, previousSpan, leadSpan] =
      spans === 'own'
        ? (['ownCurrent', 'ownPrevious', 'ownLead'] as const)
        : (['current', 'previous', 'lead'] as const);
    const previousSums = sumsOf(platform, previousSpan);
    const leadTotal = sumsOf(platform, leadSpan)?.lastFollowersTotal ?? null;
    return {
      current: totalsOf(
        sumsOf(platform, currentSpan),
        previousSums?.lastFollowersTotal ?? leadTotal,
      ),
      previous: totalsOf(previousSums, leadTotal),
    };
  };
  for (const platform of connectedPlatforms) {
    const { current, previous } = totalsIn(platform, 'common');
    const own = hasOwnWindow(platform) ? totalsIn(platform, 'own') : { current, previous };
    const ownRange = windowOf(scope, platform);
    platformRanges[platform] = { from: ownRange.from, to: ownRange.to, days: ownRange.days };
    const followersTotal = sumOf(
      scope.accounts
        .filter((account) => account.platform === platform)
        .map((account) => account.followersTotal),
    );
    byPlatform[platform] = kpisOf(
      own.current,
      own.previous,
      followersTotal,
      isComparing && !isPreviousPartialIn(platform, ownRange),
    );
    currentParts.push(current);
    previousParts.push(previous);
    const after = sumsOf(platform, 'after');
    netAfter.set(platform, netOf(after?.gained ?? null, after?.lost ?? null) ?? 0);
    const lastFourWeeks = sumsOf(platform, 'lastFourWeeks');
    lastFourWeeksNets.push(netOf(lastFourWeeks?.gained ?? null, lastFourWeeks?.lost ?? null));
    combinedFollowers = sumOf([combinedFollowers, followersTotal]);
  }

  const series = buildSeries(overview.points, range, connectedPlatforms);
  const previousSeries = previousSeriesRange
    ? buildSeries(overview.previousPoints, previousSeriesRange, connectedPlatforms)
    : null;
  const milestones = findMilestones(scope, overview.nets, netAfter);
  const forecast = buildForecast(scope, sumOf(lastFourWeeksNets));

  return {
    range: {
      ...range,
      previous: isComparing
        ? {
            ...range.previous,
            isPartial: partialPlatforms.length > 0,
            availableFrom: availableFromOf(
              latestFirstDataDay(scope.accounts),
              scope.history,
              range.to,
            ),
          }
        : null,
    },
    platform: query.platform,
    hasConnections: scope.accounts.length > 0,
    freshness: scope.accounts.map((account) => ({
      platform: account.platform,
      connectionId: account.connectionId,
      accountName: account.name,
      sandbox: account.isSandbox,
      lastSyncedAt: account.lastSyncedAt?.toISOString() ?? null,
      dataCompleteThrough: account.dataCompleteThrough,
      ...(snapshotPlatforms.includes(account.platform)
        ? { trackedSince: account.firstDataDay }
        : {}),
      pendingDays: pendingDaysOf(account, range.to),
    })),
    combined: kpisOf(
      sumTotals(currentParts),
      sumTotals(previousParts),
      combinedFollowers,
      isComparing && partialPlatforms.length === 0,
    ),
    byPlatform,
    platformRanges,
    series,
    previousSeries,
    milestones,
    forecast,
    insights,
    ...(hasImportedSources ? { spotify, statementRevenue } : {}),
  };
}
