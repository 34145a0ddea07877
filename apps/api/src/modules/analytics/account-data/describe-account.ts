import type { AccountAnalytics, DailyMetrics, RangeQuery } from '@crescendo/contracts';
import type { Database } from '../../../db/client';
import { AppError } from '../../../lib/app-error';
import { addDays } from '../../../lib/days';
import { findRangeTotal } from '../range-totals/range-totals';
import { resolveScope, windowOf, type AnalyticsViewer } from '../shared/scope';
import { listAccountDaily, listAudience, type AccountRow } from './account-data.repository';

export type AccountRange = RangeQuery;

const totalKeys = [
  'views',
  'watchMinutes',
  'likes',
  'comments',
  'shares',
  'saves',
  'followersGained',
  'followersLost',
  'reach',
  'totalInteractions',
  'estimatedRevenue',
] as const;

function sumMetric(daily: DailyMetrics[], key: (typeof totalKeys)[number]): number | null {
  let total: number | null = null;
  for (const row of daily) {
    const value = row[key];
    if (value !== null) total = (total ?? 0) + value;
  }
  return total === null ? null : Math.round(total * 100) / 100;
}

/**
 * A platform page's period as the scope reads it: explicit dates (a missing `from` is 90 days
 * before `to`), else the preset, else the last 90 days. `from` after `to` is refused.
 */
export function toWindowQuery(range: AccountRange) {
  if (range.from && range.to && range.from > range.to) {
    throw new AppError('VALIDATION_FAILED', 'from must not be after to', {
      fields: [{ field: 'from', message: 'Must not be after to' }],
    });
  }
  return range.from || range.to
    ? { from: range.from ?? addDays(range.to!, -89), to: range.to }
    : { range: range.range ?? ('90d' as const) };
}

/**
 * One synced account (a channel, an Instagram account, a page) with its days and audience, over
 * its platform's own window as every reader resolves it (`resolveScope`): a preset is the
 * platform's own last N days, within the plan's history window. Without a period, the last 90 days.
 */
export async function describeAccount(
  db: Database,
  viewer: AnalyticsViewer,
  account: AccountRow,
  range: AccountRange,
): Promise<AccountAnalytics> {
  const query = toWindowQuery(range);
  const scope = await resolveScope(db, viewer, { ...query, platform: account.platform });
  const { from, to, historyLimit } = windowOf(scope, account.platform);
  const daily = await listAccountDaily(db, account.organizationId, account.id, from, to);
  const totals = Object.fromEntries(totalKeys.map((key) => [key, sumMetric(daily, key)]));
  // Reach counts unique accounts: days do not add up, so a range of several days shows the
  // platform's own total for exactly that span (Instagram gives one for up to 30 days), or none.
  if (daily.length !== 1) {
    totals.reach =
      account.platform === 'instagram'
        ? await findRangeTotal(db, account.organizationId, account.id, 'reach', from, to)
        : null;
  }
  return {
    id: account.id,
    platform: account.platform,
    externalId: account.externalId,
    name: account.name,
    handle: account.handle,
    thumbnailUrl: account.thumbnailUrl,
    followersTotal: account.followersTotal,
    viewsTotal: account.viewsTotal,
    contentCount: account.contentCount,
    range: { from, to, historyLimit },
    totals: totals as AccountAnalytics['totals'],
    daily,
    audience: await listAudience(db, account.organizationId, account.id, { from, to }),
  };
}
