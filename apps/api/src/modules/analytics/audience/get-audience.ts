import type { AudienceResponse, DashboardQuery } from '@crescendo/contracts';
import { dashboardAudienceDimensionSchema } from '@crescendo/contracts';
import type { Database } from '../../../db/client';
import { platformsOf, type Platform, type PlatformChoice } from '../shared/platforms';
import { platformRangesOf, resolveScope, windowOf, type AnalyticsViewer } from '../shared/scope';
import { round4 } from '../shared/totals';
import { fastestGrowingCountries } from './fastest-growing-countries';
import { listBreakdowns, type BreakdownRow } from './list-breakdowns';

/** The breakdowns in the order the dashboard lists them (the contract's order). */
const audienceDimensions = dashboardAudienceDimensionSchema.options;

const withheldReasons: Record<Platform, string> = {
  youtube: 'YouTube withholds this breakdown below its privacy thresholds.',
  instagram: 'Instagram shares demographics only for accounts with at least 100 followers.',
  facebook: 'Facebook does not report this breakdown for pages.',
  tiktok: 'TikTok’s Display API reports no audience breakdowns.',
};

const reportedDimensions: Record<Platform, AudienceResponse['breakdowns'][number]['dimension'][]> =
  {
    youtube: ['country', 'age', 'gender', 'device', 'traffic_source'],
    instagram: ['country', 'city', 'age', 'gender'],
    facebook: [],
    tiktok: [],
  };

const daysBetween = (from: string, to: string) => (Date.parse(to) - Date.parse(from)) / 86_400_000;

/**
 * The snapshot to show: the one covering exactly the platform's own window (YouTube's are synced
 * for each period), else one as long, else the last 28 days, else the freshest (Instagram's
 * followers now).
 */
function pickSnapshot(
  rows: BreakdownRow[],
  range: { from: string; to: string },
): BreakdownRow | undefined {
  let exact: BreakdownRow | undefined;
  let sameLength: BreakdownRow | undefined;
  let month: BreakdownRow | undefined;
  let latest: BreakdownRow | undefined;
  const length = daysBetween(range.from, range.to);
  for (const row of rows) {
    if (row.periodLabel === 'previous_28_days') continue;
    if (row.periodStart === range.from && row.periodEnd === range.to) exact ??= row;
    // A snapshot synced before the platform's last complete day moved on.
    if (row.periodStart && daysBetween(row.periodStart, row.periodEnd) === length)
      sameLength ??= row;
    if (row.periodLabel === 'last_28_days') month ??= row;
    if (!latest || row.periodEnd > latest.periodEnd) latest = row;
  }
  return exact ?? sameLength ?? month ?? latest;
}

export async function getAudience(
  db: Database,
  user: AnalyticsViewer,
  query: DashboardQuery & PlatformChoice,
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
    // Each platform's breakdowns are read for its own window, as its own page reads them.
    const window = windowOf(scope, platform);
    for (const dimension of audienceDimensions) {
      const own = groups.get(platform)?.get(dimension) ?? [];
      const latest = pickSnapshot(own, window);
      if (!latest) {
        if (!reportedDimensions[platform].includes(dimension)) continue;
        breakdowns.push({
          platform,
          dimension,
          isAvailable: false,
          unavailableReason: withheldReasons[platform],
          period: null,
          isRequestedRange: false,
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
        isRequestedRange: latest.periodStart === window.from && latest.periodEnd === window.to,
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
    shareCitiesOfWholeAudience(breakdowns.filter((breakdown) => breakdown.platform === platform));
  }
  return {
    platform: query.platform,
    range: { from: scope.range.from, to: scope.range.to },
    platformRanges: platformRangesOf(scope),
    hasConnections: scope.accounts.length > 0,
    breakdowns,
    fastestGrowingCountries: fastestGrowingCountries(rows, platformOf),
  };
}

/**
 * Platforms list only their top cities, so the listed cities add up to less than the audience. A
 * city's share is of the whole audience (the total of a complete breakdown of the same period and
 * basis: country, age or gender), so it matches the country shares beside it; without one it stays
 * a share of the listed cities.
 */
function shareCitiesOfWholeAudience(breakdowns: AudienceResponse['breakdowns']): void {
  const sumOf = (items: readonly { value: number }[]) =>
    items.reduce((sum, item) => sum + item.value, 0);
  for (const cities of breakdowns) {
    if (cities.dimension !== 'city' || !cities.isAvailable || !cities.basis) continue;
    let audience = 0;
    for (const other of breakdowns) {
      if (other.dimension === 'city' || !other.isAvailable) continue;
      if (other.basis !== cities.basis || other.period?.label !== cities.period?.label) continue;
      audience = Math.max(audience, sumOf(other.items));
    }
    if (audience <= sumOf(cities.items)) continue;
    for (const item of cities.items) item.share = round4(item.value / audience);
  }
}
