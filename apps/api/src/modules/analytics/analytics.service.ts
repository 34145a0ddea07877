import type {
  AudienceResponse,
  Campaign,
  ComparedValue,
  ContentResponse,
  DashboardAnalyticsResponse,
  Insight,
  KpiSet,
  RoiResponse,
  campaignInputSchema,
  contentQuerySchema,
  dashboardQuerySchema,
} from '@crescendo/contracts';
import { audienceDimensionSchema } from '@crescendo/contracts';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { CurrentUser } from '../users/users.service';
import {
  deleteCampaign,
  insertCampaign,
  isContentOfOrganization,
  listBreakdowns,
  listCampaignPlatformDays,
  listCampaigns,
  listContent,
  listInsights,
  listPlatformDays,
  listScopedAccounts,
  listTopContentOfDay,
  listTrafficSourcesOfDay,
  markInsightSeen,
  saveInsights,
  updateCampaign,
  type BreakdownRow,
  type NewInsight,
  type Platform,
  type CampaignPlatformDay,
  type PlatformDay,
  type ScopedAccount,
} from './analytics.repository';
import { assertCampaignCapacity } from './campaign-capacity';
import { toCsv } from './calculations/csv';
import { resolveDateRange, weekStart, type ResolvedRange } from './calculations/date-range';
import { forecastNextMilestone, milestonesCrossed } from './calculations/milestones';
import { byFastestGrowth } from './calculations/ranking';
import {
  addDays,
  consecutiveDays,
  evaluateCampaign,
  totalCampaigns,
  type DailySeries,
} from './calculations/roi';
import { roundToCents } from './calculations/rounding';
import { detectSpikes } from './calculations/spikes';

type DashboardQuery = z.output<typeof dashboardQuerySchema>;
type ContentQuery = z.output<typeof contentQuerySchema>;
type CampaignInput = z.output<typeof campaignInputSchema>;

const allPlatforms: Platform[] = ['youtube', 'instagram', 'facebook'];
const platformNames: Record<Platform, string> = {
  youtube: 'YouTube',
  instagram: 'Instagram',
  facebook: 'Facebook',
};
const round4 = (value: number) => Number(value.toFixed(4));
const yesterday = () => new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);

type Scope = {
  platforms: Platform[];
  accounts: ScopedAccount[];
  accountIds: string[];
  range: ResolvedRange;
  firstDataDay: string | null;
};

const platformsOf = (query: Pick<DashboardQuery, 'platform'>): Platform[] =>
  query.platform === 'all' ? allPlatforms : [query.platform];

/**
 * The accounts and days a dashboard request covers. Ranges end on the last day every platform
 * in scope has published, so a combined figure never mixes complete and pending days.
 */
async function resolveScope(
  db: Database,
  user: CurrentUser,
  query: Pick<DashboardQuery, 'range' | 'from' | 'to' | 'platform'>,
): Promise<Scope> {
  const platforms = platformsOf(query);
  const accounts = await listScopedAccounts(db, user.organization.id, platforms);
  const accountIds = accounts.map((account) => account.id);
  const bounds = dataBoundsOf(accounts);
  const completeDays = accounts
    .map((account) => account.dataCompleteThrough)
    .filter((day): day is string => day !== null)
    .sort();
  const lastCompleteDay = completeDays[0] ?? bounds.last ?? yesterday();
  return {
    platforms,
    accounts,
    accountIds,
    firstDataDay: bounds.first,
    range: resolveDateRange(query, lastCompleteDay, bounds.first),
  };
}

/** The first and last day any of the accounts has daily metrics for. */
function dataBoundsOf(accounts: ScopedAccount[]): { first: string | null; last: string | null } {
  let first: string | null = null;
  let last: string | null = null;
  for (const account of accounts) {
    if (account.firstDataDay !== null && (first === null || account.firstDataDay < first))
      first = account.firstDataDay;
    if (account.lastDataDay !== null && (last === null || account.lastDataDay > last))
      last = account.lastDataDay;
  }
  return { first, last };
}

/** Likes, comments, shares and saves where the platform gives them; its own total otherwise. */
function engagementsOf(
  day: Pick<PlatformDay, 'likes' | 'comments' | 'shares' | 'saves' | 'totalInteractions'>,
): number | null {
  // Added one by one: this runs for every day of a request, and an array per call showed up in
  // allocation profiles.
  const total = addKnown(
    addKnown(addKnown(addKnown(null, day.likes), day.comments), day.shares),
    day.saves,
  );
  return total ?? day.totalInteractions;
}

/** A running sum that stays null until a known value arrives (as `sumBy` over the same values). */
function addKnown(total: number | null, value: number | null): number | null {
  return value === null ? total : (total ?? 0) + value;
}

/** The last of `days` (in their order) whose `followersTotal` is known and that `isIncluded`. */
function lastFollowersTotal(
  days: readonly PlatformDay[],
  isIncluded: (day: PlatformDay) => boolean = () => true,
): number | null {
  for (let index = days.length - 1; index >= 0; index -= 1) {
    const day = days[index]!;
    if (day.followersTotal !== null && isIncluded(day)) return day.followersTotal;
  }
  return null;
}

/** Sum of the known values of `pick` over `items` (null when none is known), without copying. */
function sumBy<T>(items: readonly T[], pick: (item: T) => number | null): number | null {
  let total: number | null = null;
  for (const item of items) {
    const value = pick(item);
    if (value !== null) total = (total ?? 0) + value;
  }
  return total;
}

function sumOf(values: (number | null)[]): number | null {
  return sumBy(values, (value) => value);
}

/** Net followers: gained − lost where both are reported, else the change of the daily total. */
function netFollowersOf(days: PlatformDay[], totalBefore: number | null): number | null {
  const gained = sumBy(days, (day) => day.followersGained);
  const lost = sumBy(days, (day) => day.followersLost);
  if (gained !== null && lost !== null) return gained - lost;
  const lastTotal = lastFollowersTotal(days);
  if (lastTotal !== null && totalBefore !== null) return lastTotal - totalBefore;
  return null;
}

function compare(
  value: number | null,
  previous: number | null,
  isComparing: boolean,
): ComparedValue {
  if (!isComparing) return { value, previous: null, change: null };
  const change =
    value !== null && previous !== null && previous !== 0
      ? round4((value - previous) / Math.abs(previous))
      : null;
  return { value, previous, change };
}

type Totals = {
  gained: number | null;
  lost: number | null;
  net: number | null;
  views: number | null;
  watchMinutes: number | null;
  engagements: number | null;
  engagementRate: number | null;
  revenue: number | null;
};

function totalsOf(days: PlatformDay[], totalBefore: number | null): Totals {
  const views = sumBy(days, (day) => day.views);
  const engagements = sumBy(days, engagementsOf);
  const revenue = sumBy(days, (day) => day.estimatedRevenue);
  return {
    gained: sumBy(days, (day) => day.followersGained),
    lost: sumBy(days, (day) => day.followersLost),
    net: netFollowersOf(days, totalBefore),
    views,
    watchMinutes: sumBy(days, (day) => day.watchMinutes),
    engagements,
    engagementRate: views && engagements !== null ? round4(engagements / views) : null,
    revenue: revenue === null ? null : roundToCents(revenue),
  };
}

function kpisOf(
  current: Totals,
  previous: Totals,
  followersTotal: number | null,
  isComparing: boolean,
): KpiSet {
  return {
    followers: {
      total: followersTotal,
      gained: compare(current.gained, previous.gained, isComparing),
      lost: compare(current.lost, previous.lost, isComparing),
      net: compare(current.net, previous.net, isComparing),
    },
    views: compare(current.views, previous.views, isComparing),
    watchMinutes: compare(current.watchMinutes, previous.watchMinutes, isComparing),
    engagements: compare(current.engagements, previous.engagements, isComparing),
    engagementRate: compare(current.engagementRate, previous.engagementRate, isComparing),
    estimatedRevenue: compare(current.revenue, previous.revenue, isComparing),
  };
}

function sumTotals(parts: Totals[]): Totals {
  const add = (key: keyof Totals) => sumBy(parts, (part) => part[key]);
  const views = add('views');
  const engagements = add('engagements');
  const revenue = add('revenue');
  return {
    gained: add('gained'),
    lost: add('lost'),
    net: add('net'),
    views,
    watchMinutes: add('watchMinutes'),
    engagements,
    engagementRate: views && engagements !== null ? round4(engagements / views) : null,
    revenue: revenue === null ? null : roundToCents(revenue),
  };
}

/** The follower count at the end of a day, read back from today's total and daily nets. */
function followersTotalBefore(days: PlatformDay[], day: string): number | null {
  return lastFollowersTotal(days, (entry) => entry.day <= day);
}

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

export async function getDashboardAnalytics(
  db: Database,
  user: CurrentUser,
  query: DashboardQuery,
): Promise<DashboardAnalyticsResponse> {
  const scope = await resolveScope(db, user, query);
  const { range } = scope;
  const isComparing = query.compare === 'previous';
  // Read from the start of the previous period, and 28 more days for the milestone forecast.
  const readFrom = addDays(range.previous.from, -28);
  const [days, insights] = await Promise.all([
    listPlatformDays(db, user.organization.id, scope.accountIds, readFrom, range.to),
    listStoredInsights(db, user.organization.id, scope),
  ]);
  const connectedPlatforms = [...new Set(scope.accounts.map((account) => account.platform))];

  const byPlatform: DashboardAnalyticsResponse['byPlatform'] = {};
  const currentParts: Totals[] = [];
  const previousParts: Totals[] = [];
  let combinedFollowers: number | null = null;
  for (const platform of connectedPlatforms) {
    const platformDays = days.filter((day) => day.platform === platform);
    const inRange = platformDays.filter((day) => day.day >= range.from && day.day <= range.to);
    const inPrevious = platformDays.filter(
      (day) => day.day >= range.previous.from && day.day <= range.previous.to,
    );
    const current = totalsOf(inRange, followersTotalBefore(platformDays, addDays(range.from, -1)));
    const previous = totalsOf(
      inPrevious,
      followersTotalBefore(platformDays, addDays(range.previous.from, -1)),
    );
    const followersTotal = sumOf(
      scope.accounts
        .filter((account) => account.platform === platform)
        .map((account) => account.followersTotal),
    );
    byPlatform[platform] = kpisOf(current, previous, followersTotal, isComparing);
    currentParts.push(current);
    previousParts.push(previous);
    combinedFollowers = sumOf([combinedFollowers, followersTotal]);
  }

  const series = buildSeries(days, range, connectedPlatforms);
  const milestones = findMilestones(scope, days, range);
  const forecast = buildForecast(scope, days, range);

  return {
    range: { ...range, previous: isComparing ? range.previous : null },
    platform: query.platform,
    hasConnections: scope.accounts.length > 0,
    freshness: scope.accounts.map((account) => ({
      platform: account.platform,
      connectionId: account.connectionId,
      accountName: account.name,
      sandbox: account.isSandbox,
      lastSyncedAt: account.lastSyncedAt?.toISOString() ?? null,
      dataCompleteThrough: account.dataCompleteThrough,
      pendingDays: pendingDaysOf(account, range.to),
    })),
    combined: kpisOf(
      sumTotals(currentParts),
      sumTotals(previousParts),
      combinedFollowers,
      isComparing,
    ),
    byPlatform,
    series,
    milestones,
    forecast,
    insights,
  };
}

type SeriesPoint = DashboardAnalyticsResponse['series'][number];

/** Index of the last of the ascending `starts` at or before `day`; -1 when `day` comes first. */
function bucketIndexOf(starts: readonly string[], day: string): number {
  let low = 0;
  let high = starts.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (starts[middle]! <= day) low = middle + 1;
    else high = middle;
  }
  return low - 1;
}

/**
 * One point per day, or per week (keyed by its Monday; the first may start mid-week). Each day is
 * added to its point as it comes, in the order of `days`: the same sums, in the same order, as
 * summing each point's days, without grouping them into arrays and filtering those per platform.
 */
function buildSeries(
  days: PlatformDay[],
  range: ResolvedRange,
  platforms: Platform[],
): DashboardAnalyticsResponse['series'] {
  // Where each point starts: every day, or the range's first day and each Monday after it.
  const starts: string[] = [];
  const keys: string[] = [];
  if (range.granularity === 'day') {
    for (const day of consecutiveDays(range.from, range.days)) {
      starts.push(day);
      keys.push(day);
    }
  } else {
    const firstMonday = weekStart(range.from);
    starts.push(range.from);
    keys.push(firstMonday);
    for (let monday = addDays(firstMonday, 7); monday <= range.to; monday = addDays(monday, 7)) {
      starts.push(monday);
      keys.push(monday);
    }
  }
  type PlatformSums = { views: number | null; gained: number | null; lost: number | null };
  const points = keys.map((date) => ({
    date,
    views: null as number | null,
    watchMinutes: null as number | null,
    engagements: null as number | null,
    revenue: null as number | null,
    byPlatform: platforms.map((): PlatformSums => ({ views: null, gained: null, lost: null })),
  }));
  for (const day of days) {
    if (day.day < range.from || day.day > range.to) continue;
    const platformIndex = platforms.indexOf(day.platform);
    const point = points[bucketIndexOf(starts, day.day)]!;
    point.views = addKnown(point.views, day.views);
    point.watchMinutes = addKnown(point.watchMinutes, day.watchMinutes);
    point.engagements = addKnown(point.engagements, engagementsOf(day));
    point.revenue = addKnown(point.revenue, day.estimatedRevenue);
    const own = point.byPlatform[platformIndex];
    if (own) {
      own.views = addKnown(own.views, day.views);
      own.gained = addKnown(own.gained, day.followersGained);
      own.lost = addKnown(own.lost, day.followersLost);
    }
  }
  return points.map((point): SeriesPoint => {
    const byPlatform: SeriesPoint['byPlatform'] = {};
    let followersNet: number | null = null;
    for (const [index, platform] of platforms.entries()) {
      const own = point.byPlatform[index]!;
      const net = netOf(own.gained, own.lost);
      byPlatform[platform] = { views: own.views, followersNet: net };
      followersNet = addKnown(followersNet, net);
    }
    return {
      date: point.date,
      views: point.views,
      watchMinutes: point.watchMinutes,
      followersNet,
      engagements: point.engagements,
      estimatedRevenue: point.revenue === null ? null : roundToCents(point.revenue),
      byPlatform,
    };
  });
}

/** Gained − lost where both are known, else what was gained (unknown when nothing is). */
function netOf(gained: number | null, lost: number | null): number | null {
  return gained !== null && lost !== null ? gained - lost : gained;
}

function netOfDays(days: PlatformDay[]): number | null {
  return netOf(
    sumBy(days, (day) => day.followersGained),
    sumBy(days, (day) => day.followersLost),
  );
}

/** One day's net followers, as `netOfDays([day])`. */
function netOfDay(day: Pick<PlatformDay, 'followersGained' | 'followersLost'>): number | null {
  return netOf(day.followersGained, day.followersLost);
}

/** Follower milestones each platform crossed inside the range, dated to the day they fell. */
function findMilestones(
  scope: Scope,
  days: PlatformDay[],
  range: ResolvedRange,
): DashboardAnalyticsResponse['milestones'] {
  const reached: DashboardAnalyticsResponse['milestones'] = [];
  for (const account of scope.accounts) {
    if (account.followersTotal === null) continue;
    const platformDays = days.filter(
      (day) => day.platform === account.platform && day.day >= range.from && day.day <= range.to,
    );
    // Walk back from today's total through each day's net change.
    let total = account.followersTotal;
    for (const day of days)
      if (day.platform === account.platform && day.day > range.to) total -= netOfDay(day) ?? 0;
    for (let index = platformDays.length - 1; index >= 0; index -= 1) {
      const day = platformDays[index]!;
      const before = total - (netOfDay(day) ?? 0);
      for (const value of milestonesCrossed(before, total)) {
        reached.push({
          platform: account.platform,
          metric: 'followers',
          value,
          reachedOn: day.day,
        });
      }
      total = before;
    }
  }
  return reached.sort((a, b) => (a.reachedOn < b.reachedOn ? 1 : -1));
}

function buildForecast(
  scope: Scope,
  days: PlatformDay[],
  range: ResolvedRange,
): DashboardAnalyticsResponse['forecast'] {
  const current = sumBy(scope.accounts, (account) => account.followersTotal);
  if (current === null) return null;
  const fourWeeksBefore = addDays(range.to, -28);
  const lastFourWeeks = days.filter((day) => day.day > fourWeeksBefore && day.day <= range.to);
  const platforms = [...new Set(scope.accounts.map((account) => account.platform))];
  const net = sumOf(
    platforms.map((platform) =>
      netOfDays(lastFourWeeks.filter((day) => day.platform === platform)),
    ),
  );
  if (net === null) return null;
  const forecast = forecastNextMilestone(current, current - net, range.to);
  return forecast ? { metric: 'followers', ...forecast } : null;
}

/**
 * Finds spikes and milestones over an organisation's whole history and stores each once (a
 * re-run refreshes the wording and evidence of what is already stored). Runs after every sync
 * (not per request): the dashboard only lists what was found.
 */
export async function refreshInsights(db: Database, organizationId: string): Promise<number> {
  const accounts = await listScopedAccounts(db, organizationId, allPlatforms);
  const accountIds = accounts.map((account) => account.id);
  const bounds = dataBoundsOf(accounts);
  if (!bounds.first || !bounds.last) return 0;
  const days = await listPlatformDays(db, organizationId, accountIds, bounds.first, bounds.last);
  const history: ResolvedRange = resolveDateRange(
    { from: bounds.first, to: bounds.last },
    bounds.last,
    bounds.first,
  );
  const scope: Scope = {
    platforms: allPlatforms,
    accounts,
    accountIds,
    range: history,
    firstDataDay: bounds.first,
  };
  const found: NewInsight[] = [];
  for (const platform of new Set(accounts.map((account) => account.platform))) {
    const series = days
      .filter((day) => day.platform === platform)
      .map((day) => ({ day: day.day, value: day.views }));
    const platformAccountIds = accounts
      .filter((account) => account.platform === platform)
      .map((account) => account.id);
    for (const spike of detectSpikes(series)) {
      const topContent = await listTopContentOfDay(db, organizationId, accountIds, spike.day);
      // Only YouTube reports traffic sources per day; elsewhere the list stays empty (unknown).
      const trafficSources =
        platform === 'youtube'
          ? await listTrafficSourcesOfDay(db, organizationId, platformAccountIds, spike.day)
          : [];
      const times = Number.isFinite(spike.ratio) ? `${spike.ratio.toFixed(1)}×` : 'far above';
      found.push({
        key: `spike:${platform}:${spike.day}`,
        kind: 'spike',
        platform,
        day: spike.day,
        title: `${platformNames[platform]} views spiked on ${spike.day}`,
        description: `${spike.value.toLocaleString('en-US')} views, ${times} your usual ${Math.round(spike.baseline).toLocaleString('en-US')}.${
          topContent[0] ? ` Led by “${topContent[0].title}”.` : ''
        }`,
        evidence: {
          value: spike.value,
          baseline: spike.baseline,
          topContent: topContent.map((item) => ({ ...item, views: item.views ?? 0 })),
          trafficSources,
        },
      });
    }
  }
  for (const milestone of findMilestones(scope, days, history)) {
    const platformName = milestone.platform ? platformNames[milestone.platform] : 'All platforms';
    found.push({
      key: `milestone:${milestone.platform ?? 'all'}:${milestone.metric}:${milestone.value}`,
      kind: 'milestone',
      platform: milestone.platform,
      day: milestone.reachedOn,
      title: `${milestone.value.toLocaleString('en-US')} ${milestone.platform === 'youtube' ? 'subscribers' : 'followers'} on ${platformName}`,
      description: `You crossed ${milestone.value.toLocaleString('en-US')} on ${milestone.reachedOn}. Keep the momentum going.`,
      evidence: { value: milestone.value, baseline: null, topContent: [], trafficSources: [] },
    });
  }
  await saveInsights(db, organizationId, found);
  return found.length;
}

async function listStoredInsights(
  db: Database,
  organizationId: string,
  scope: Scope,
): Promise<Insight[]> {
  const stored = await listInsights(
    db,
    organizationId,
    scope.range.from,
    scope.range.to,
    scope.platforms,
  );
  return stored.map((row) => {
    const evidence = row.evidence as Insight['evidence'];
    return {
      id: row.id,
      kind: row.kind,
      platform: row.platform,
      day: row.day,
      title: row.title,
      description: row.description,
      evidence: {
        value: evidence.value ?? null,
        baseline: evidence.baseline ?? null,
        topContent: evidence.topContent ?? [],
        trafficSources: evidence.trafficSources ?? [],
      },
      createdAt: row.createdAt.toISOString(),
      isNew: row.seenAt === null,
    };
  });
}

export async function acknowledgeInsight(
  db: Database,
  user: CurrentUser,
  id: string,
): Promise<void> {
  if (!(await markInsightSeen(db, user.organization.id, id)))
    throw AppError.notFound('No insight with that id.');
}

// ── Audience ────────────────────────────────────────────────────────────────

/** The breakdowns in the order the dashboard lists them (the contract's order). */
const audienceDimensions = audienceDimensionSchema.options;

const withheldReasons: Record<Platform, string> = {
  youtube: 'YouTube withholds this breakdown below its privacy thresholds.',
  instagram: 'Instagram shares demographics only for accounts with at least 100 followers.',
  facebook: 'Facebook does not report this breakdown for pages.',
};

const reportedDimensions: Record<Platform, AudienceResponse['breakdowns'][number]['dimension'][]> =
  {
    youtube: ['country', 'age', 'gender', 'device', 'traffic_source'],
    instagram: ['country', 'city', 'age', 'gender'],
    facebook: [],
  };

export async function getAudience(
  db: Database,
  user: CurrentUser,
  query: DashboardQuery,
): Promise<AudienceResponse> {
  // Breakdowns are scoped by the same organisation and platforms as the accounts: both are read
  // at once instead of one after the other.
  const [scope, rows] = await Promise.all([
    resolveScope(db, user, query),
    listBreakdowns(db, user.organization.id, platformsOf(query)),
  ]);
  const platformOf = new Map(scope.accounts.map((account) => [account.id, account.platform]));
  // One pass: rows by platform, then dimension.
  const groups = new Map<Platform, Map<BreakdownRow['dimension'], BreakdownRow[]>>();
  for (const row of rows) {
    const platform = platformOf.get(row.accountId);
    if (platform === undefined) continue;
    let byDimension = groups.get(platform);
    if (!byDimension) groups.set(platform, (byDimension = new Map()));
    const group = byDimension.get(row.dimension);
    if (group) group.push(row);
    else byDimension.set(row.dimension, [row]);
  }
  const breakdowns: AudienceResponse['breakdowns'] = [];
  for (const platform of new Set(scope.accounts.map((account) => account.platform))) {
    for (const dimension of audienceDimensions) {
      const own = groups.get(platform)?.get(dimension) ?? [];
      // The freshest period label wins (e.g. last 28 days over the 28 days before).
      let latest: BreakdownRow | undefined;
      for (const row of own) if (!latest || row.periodEnd > latest.periodEnd) latest = row;
      if (!latest) {
        if (!reportedDimensions[platform].includes(dimension)) continue;
        breakdowns.push({
          platform,
          dimension,
          isAvailable: false,
          unavailableReason: withheldReasons[platform],
          period: null,
          basis: null,
          items: [],
        });
        continue;
      }
      const period: BreakdownRow[] = [];
      let hasViews = false;
      let hasFollowers = false;
      for (const row of own) {
        if (row.periodLabel !== latest.periodLabel) continue;
        period.push(row);
        if (row.views !== null) hasViews = true;
        if (row.followers !== null) hasFollowers = true;
      }
      const basis = hasViews ? 'views' : hasFollowers ? 'followers' : 'percentage';
      const values = period.map((row) =>
        Number(
          (basis === 'views'
            ? row.views
            : basis === 'followers'
              ? row.followers
              : row.percentage) ?? 0,
        ),
      );
      let total = 0;
      for (const value of values) total += value;
      breakdowns.push({
        platform,
        dimension,
        isAvailable: true,
        unavailableReason: null,
        period: { label: latest.periodLabel, start: latest.periodStart, end: latest.periodEnd },
        basis,
        items: period
          .map((row, index) => ({
            key: row.value,
            value: values[index]!,
            share: total ? round4(values[index]! / total) : 0,
          }))
          // Largest first; equal values in key order, so the order never depends on the read.
          .sort((a, b) => b.value - a.value || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0)),
      });
    }
  }
  return {
    platform: query.platform,
    hasConnections: scope.accounts.length > 0,
    breakdowns,
    fastestGrowingCountries: fastestGrowingCountries(rows, platformOf),
  };
}

/** Countries whose views grew most from the earlier period snapshot to the latest one. */
function fastestGrowingCountries(
  rows: BreakdownRow[],
  platformOf: Map<string, Platform>,
): AudienceResponse['fastestGrowingCountries'] {
  const result: AudienceResponse['fastestGrowingCountries'] = [];
  const byAccount = new Map<string, BreakdownRow[]>();
  for (const row of rows) {
    if (row.dimension !== 'country' || row.views === null) continue;
    const accountRows = byAccount.get(row.accountId);
    if (accountRows) accountRows.push(row);
    else byAccount.set(row.accountId, [row]);
  }
  for (const [accountId, accountRows] of byAccount) {
    const current = accountRows.filter((row) => row.periodLabel === 'last_28_days');
    const previousViews = new Map(
      accountRows
        .filter((row) => row.periodLabel === 'previous_28_days')
        .map((row) => [row.value, row.views]),
    );
    if (current.length === 0 || previousViews.size === 0) continue;
    for (const row of current) {
      const before = Number(previousViews.get(row.value) ?? 0);
      const views = Number(row.views);
      result.push({
        platform: platformOf.get(accountId)!,
        country: row.value,
        views,
        previousViews: before,
        growth: before > 0 ? round4((views - before) / before) : null,
      });
    }
  }
  return result
    .filter((entry) => entry.views >= 100)
    .sort(byFastestGrowth)
    .slice(0, 5);
}

// ── Content ─────────────────────────────────────────────────────────────────

export const contentCsvHeaders = [
  'Title',
  'Platform',
  'Type',
  'Published',
  'Views',
  'Watch minutes',
  'Likes',
  'Comments',
  'Shares',
  'Saves',
  'Engagement rate',
  'Followers gained',
  'Link',
];

export async function getContent(
  db: Database,
  user: CurrentUser,
  query: ContentQuery,
): Promise<ContentResponse> {
  const scope = await resolveScope(db, user, query);
  const isCsv = query.format === 'csv';
  const { rows, total } = await listContent(db, user.organization.id, {
    accountIds: scope.accountIds,
    from: scope.range.from,
    to: scope.range.to,
    type: query.type,
    search: query.search || undefined,
    sort: query.sort,
    order: query.order,
    limit: isCsv ? null : query.pageSize,
    offset: isCsv ? 0 : (query.page - 1) * query.pageSize,
  });
  const number = (value: string | number | null) => (value === null ? null : Number(value));
  return {
    range: { ...scope.range, previous: null },
    page: query.page,
    pageSize: query.pageSize,
    total,
    items: rows.map((row) => {
      const views = number(row.views);
      const engagements = sumOf([row.likes, row.comments, row.shares, row.saves].map(number));
      return {
        id: row.id,
        title: row.title,
        platform: row.platform,
        type: row.type,
        publishedAt: new Date(row.publishedAt).toISOString(),
        permalink: row.permalink,
        views,
        watchMinutes: number(row.watchMinutes),
        likes: number(row.likes),
        comments: number(row.comments),
        shares: number(row.shares),
        saves: number(row.saves),
        engagementRate: views && engagements !== null ? round4(engagements / views) : null,
        followersGained: number(row.followersGained),
      };
    }),
  };
}

export function toContentCsv(content: ContentResponse): string {
  return toCsv(
    contentCsvHeaders,
    content.items.map((item) => [
      item.title,
      platformNames[item.platform],
      item.type,
      item.publishedAt.slice(0, 10),
      item.views,
      item.watchMinutes,
      item.likes,
      item.comments,
      item.shares,
      item.saves,
      item.engagementRate,
      item.followersGained,
      item.permalink,
    ]),
  );
}

// ── ROI ─────────────────────────────────────────────────────────────────────

export async function getRoi(
  db: Database,
  user: CurrentUser,
  query: DashboardQuery,
): Promise<RoiResponse> {
  // The days come with their window worked out by the database, so all three are read at once.
  const [campaigns, days] = await Promise.all([
    listCampaigns(db, user.organization.id),
    listCampaignPlatformDays(db, user.organization.id, platformsOf(query)),
  ]);
  const daily = dailyTotalsOf(days);
  const currency = campaigns[0]?.currency ?? 'USD';
  const inCurrency = campaigns.filter((campaign) => campaign.currency === currency);
  const asInput = (campaign: Campaign) => ({
    id: campaign.id,
    startDate: campaign.startDate,
    endDate: campaign.endDate,
    spend: campaign.amount,
    enteredRevenue: campaign.extraRevenue,
  });
  return {
    platform: query.platform,
    currency,
    campaigns: campaigns.map((campaign) => {
      const {
        id: _id,
        spend: _spend,
        enteredRevenue: _entered,
        ...result
      } = evaluateCampaign(asInput(campaign), daily);
      return { campaign, ...result };
    }),
    totals: totalCampaigns(inCurrency.map(asInput), daily),
    excludedFromTotals: campaigns
      .filter((campaign) => campaign.currency !== currency)
      .map((campaign) => campaign.id),
  };
}

/** Per-day totals across the platforms in scope; a day no platform reported stays unknown. */
function dailyTotalsOf(days: CampaignPlatformDay[]): DailySeries {
  const daily: DailySeries = new Map();
  for (const day of days) {
    let totals = daily.get(day.dayNumber);
    if (!totals) {
      totals = { netFollowers: null, views: null, revenue: null };
      daily.set(day.dayNumber, totals);
    }
    totals.netFollowers = addKnown(totals.netFollowers, netOfDay(day));
    totals.views = addKnown(totals.views, day.views);
    totals.revenue = addKnown(totals.revenue, day.estimatedRevenue);
  }
  return daily;
}

async function toCampaignValues(db: Database, user: CurrentUser, input: CampaignInput) {
  if (
    input.linkedContentId &&
    !(await isContentOfOrganization(db, user.organization.id, input.linkedContentId))
  ) {
    throw new AppError('VALIDATION_FAILED', 'Invalid body: linkedContentId', {
      fields: [{ field: 'linkedContentId', message: 'No content with that id in your catalogue' }],
    });
  }
  return {
    name: input.name,
    channel: input.channel,
    amount: input.amount.toFixed(2),
    currency: input.currency,
    startDate: input.startDate,
    endDate: input.endDate,
    linkedContentId: input.linkedContentId ?? null,
    linkedRelease: input.linkedRelease || null,
    extraRevenue: input.extraRevenue.toFixed(2),
    notes: input.notes || null,
  };
}

export async function createCampaign(
  db: Database,
  user: CurrentUser,
  input: CampaignInput,
): Promise<Campaign> {
  await assertCampaignCapacity(db, user.organization.id);
  return insertCampaign(db, user.organization.id, await toCampaignValues(db, user, input));
}

export async function replaceCampaign(
  db: Database,
  user: CurrentUser,
  id: string,
  input: CampaignInput,
): Promise<Campaign> {
  const campaign = await updateCampaign(
    db,
    user.organization.id,
    id,
    await toCampaignValues(db, user, input),
  );
  if (!campaign) throw AppError.notFound('No campaign with that id.');
  return campaign;
}

export async function removeCampaign(db: Database, user: CurrentUser, id: string): Promise<void> {
  if (!(await deleteCampaign(db, user.organization.id, id)))
    throw AppError.notFound('No campaign with that id.');
}
