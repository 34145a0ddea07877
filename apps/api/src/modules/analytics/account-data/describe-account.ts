import type { AccountAnalytics, DailyMetrics, RangeQuery } from '@crescendo/contracts';
import type { Database } from '../../../db/client';
import { AppError } from '../../../lib/app-error';
import { addDays } from '../../../lib/days';
import { resolveDateRange } from '../calculations/date-range';
import { findRangeTotal } from '../range-totals/range-totals';
import {
  findMetricDayBounds,
  listAccountDaily,
  listAudience,
  type AccountRow,
} from './account-data.repository';

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

/** One synced account (a channel, an Instagram account, a page) with its days and audience. */
export async function describeAccount(
  db: Database,
  account: AccountRow,
  range: AccountRange,
): Promise<AccountAnalytics> {
  const bounds = await findMetricDayBounds(db, account.organizationId, account.id);
  const latest = bounds.last ?? addDays(new Date().toISOString().slice(0, 10), -3);
  // A preset resolves as on the dashboard; without one, explicit dates or the last 90 days.
  const preset = range.range
    ? resolveDateRange({ range: range.range }, latest, bounds.first)
    : null;
  const to = preset?.to ?? range.to ?? latest;
  const from = preset?.from ?? range.from ?? addDays(to, -89);
  if (from > to) {
    throw new AppError('VALIDATION_FAILED', 'from must not be after to', {
      fields: [{ field: 'from', message: 'Must not be after to' }],
    });
  }
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
    range: { from, to },
    totals: totals as AccountAnalytics['totals'],
    daily,
    audience: await listAudience(db, account.organizationId, account.id, { from, to }),
  };
}
