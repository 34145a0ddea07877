import type { DashboardAnalyticsResponse } from '@crescendo/contracts';
import type { ResolvedRange } from '../calculations/date-range';
import { forecastNextMilestone, milestonesCrossed } from '../calculations/milestones';
import type { PlatformDay } from '../days/list-platform-days';
import type { Scope } from '../shared/scope';
import type { Platform } from '../shared/platforms';
import { netOfDay, sumBy } from '../shared/totals';
import type { DailyNets } from './read-overview-sums';

/** Each platform's days with a net follower change, in day order (see `readOverviewSums`). */
export function dailyNetsOf(days: PlatformDay[], range: ResolvedRange): Map<Platform, DailyNets> {
  const nets = new Map<Platform, DailyNets>();
  for (const day of days) {
    const net = netOfDay(day) ?? 0;
    if (day.day < range.from || day.day > range.to || net === 0) continue;
    const own = nets.get(day.platform) ?? { days: [], nets: [] };
    own.days.push(day.day);
    own.nets.push(net);
    nets.set(day.platform, own);
  }
  return nets;
}

/**
 * Follower milestones each account's platform crossed inside the range, dated to the day they
 * fell: walking back from the account's total (today's) through the net change of each stored
 * day after the range (`netAfter`), then of each day of the range.
 */
export function findMilestones(
  scope: Scope,
  netsByPlatform: Map<Platform, DailyNets>,
  netAfter: ReadonlyMap<Platform, number> = new Map(),
): DashboardAnalyticsResponse['milestones'] {
  const reached: DashboardAnalyticsResponse['milestones'] = [];
  for (const account of scope.accounts) {
    const own = netsByPlatform.get(account.platform);
    if (account.followersTotal === null || !own) continue;
    let total = account.followersTotal - (netAfter.get(account.platform) ?? 0);
    for (let index = own.days.length - 1; index >= 0; index -= 1) {
      const before = total - own.nets[index]!;
      for (const value of milestonesCrossed(before, total))
        reached.push({
          platform: account.platform,
          metric: 'followers',
          value,
          reachedOn: own.days[index]!,
        });
      total = before;
    }
  }
  return reached.sort((a, b) => (a.reachedOn < b.reachedOn ? 1 : -1));
}

/**
 * The next follower milestone at today's pace: the net of the last 28 days every platform has
 * published (`netOfLastFourWeeks`, ending on the scope's last complete day, whatever the range).
 */
export function buildForecast(
  scope: Scope,
  netOfLastFourWeeks: number | null,
): DashboardAnalyticsResponse['forecast'] {
  const current = sumBy(scope.accounts, (account) => account.followersTotal);
  if (current === null || netOfLastFourWeeks === null) return null;
  const forecast = forecastNextMilestone(
    current,
    current - netOfLastFourWeeks,
    scope.lastCompleteDay,
  );
  return forecast ? { metric: 'followers', ...forecast } : null;
}
