import type { DashboardAnalyticsResponse } from '@crescendo/contracts';
import type { ResolvedRange } from '../calculations/date-range';
import { forecastNextMilestone, milestonesCrossed } from '../calculations/milestones';
import { addDays } from '../calculations/roi';
import type { PlatformDay } from '../days/list-platform-days';
import type { Scope } from '../shared/scope';
import { netOfDay, netOfDays, sumBy, sumOf } from '../shared/totals';

/** Follower milestones each platform crossed inside the range, dated to the day they fell. */
export function findMilestones(
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

export function buildForecast(
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
