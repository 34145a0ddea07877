import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { accountDailyMetrics, analyticsAccounts } from '../../../db/schema';
import { toNumber } from '../../../db/numeric';
import { prepareStatement } from '../../../db/statement';
import type { Platform } from '../shared/platforms';
import { isAnyOf, toRevenue } from '../shared/sql';

const a = analyticsAccounts;
export type PlatformDay = {
  platform: Platform;
  day: string;
  views: number | null;
  watchMinutes: number | null;
  likes: number | null;
  comments: number | null;
  shares: number | null;
  saves: number | null;
  totalInteractions: number | null;
  followersGained: number | null;
  followersLost: number | null;
  followersTotal: number | null;
  estimatedRevenue: number | null;
};

export const m = accountDailyMetrics;

type PlatformDayRow = {
  platform: Platform;
  day: string;
  views: string | null;
  watch_minutes: string | null;
  likes: string | null;
  comments: string | null;
  shares: string | null;
  saves: string | null;
  total_interactions: string | null;
  followers_gained: string | null;
  followers_lost: string | null;
  followers_total: string | null;
  estimated_revenue: string | number | null;
};

/** Per platform and day, `columns` summed over the organisation's accounts where `where` holds. */
export const platformDaysOf = (columns: SQL, where: SQL) =>
  sql`select ${a.platform} as platform, ${columns}
    from ${m} inner join ${a} on ${a.organizationId} = ${m.organizationId} and ${a.id} = ${m.accountId}
    where ${m.organizationId} = ${sql.placeholder('organizationId')} and ${where}
    group by ${a.platform}, ${m.day}`;

// Read after each sync over the organisation's whole history (insights), as plain rows without
// the query builder's per-cell result mapping.
const selectPlatformDays = prepareStatement<
  PlatformDayRow,
  { organizationId: string; accountIds: string[]; from: string; to: string }
>(
  sql`${platformDaysOf(
    sql`${m.day}::text as day,
      sum(${m.views}) as views, sum(${m.watchMinutes}) as watch_minutes,
      sum(${m.likes}) as likes, sum(${m.comments}) as comments, sum(${m.shares}) as shares,
      sum(${m.saves}) as saves, sum(${m.totalInteractions}) as total_interactions,
      sum(${m.followersGained}) as followers_gained, sum(${m.followersLost}) as followers_lost,
      sum(${m.followersTotal}) as followers_total, sum(${m.estimatedRevenue}) as estimated_revenue`,
    sql`${isAnyOf(m.accountId, 'accountIds')}
      and ${m.day} between ${sql.placeholder('from')} and ${sql.placeholder('to')}`,
  )}
    order by ${m.day}`,
);

const toPlatformDay = (row: PlatformDayRow): PlatformDay => ({
  platform: row.platform,
  day: row.day,
  views: toNumber(row.views),
  watchMinutes: toNumber(row.watch_minutes),
  likes: toNumber(row.likes),
  comments: toNumber(row.comments),
  shares: toNumber(row.shares),
  saves: toNumber(row.saves),
  totalInteractions: toNumber(row.total_interactions),
  followersGained: toNumber(row.followers_gained),
  followersLost: toNumber(row.followers_lost),
  followersTotal: toNumber(row.followers_total),
  estimatedRevenue: toRevenue(row.estimated_revenue),
});

/**
 * Daily totals per platform, in day order; a metric no account reported stays null (sum of
 * nulls).
 */
export async function listPlatformDays(
  db: Database,
  organizationId: string,
  accountIds: string[],
  from: string,
  to: string,
): Promise<PlatformDay[]> {
  if (accountIds.length === 0) return [];
  const rows = await selectPlatformDays(db, { organizationId, accountIds, from, to });
  return rows.map(toPlatformDay);
}
