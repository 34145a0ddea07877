import { sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { analyticsAccounts, campaigns } from '../../../db/schema';
import { toNumber } from '../../../db/numeric';
import { prepareStatement } from '../../../db/statement';
import { baselineDays } from '../calculations/roi';
import { m, platformDaysOf, type PlatformDay } from '../days/list-platform-days';
import type { Platform } from '../shared/platforms';
import { isAnyOf, toRevenue } from '../shared/sql';

const a = analyticsAccounts;
const g = campaigns;

/** What campaign ROI reads of a platform's day; days as numbers (days since 1970-01-01). */
export type CampaignPlatformDay = Pick<
  PlatformDay,
  'platform' | 'views' | 'followersGained' | 'followersLost' | 'estimatedRevenue'
> & { dayNumber: number };

type CampaignDayRow = {
  platform: Platform;
  day_number: number;
  views: string | null;
  followers_gained: string | null;
  followers_lost: string | null;
  estimated_revenue: string | number | null;
};

/**
 * The days campaign ROI compares: from the earliest baseline window (`baselineDays` before the
 * first campaign) to the last campaign's end, for the organisation's accounts on the
 * platforms, with only the metrics ROI uses. Worked out by the database, so it needs neither the
 * campaigns nor the accounts first. (Skipping the days between campaigns measured slower than
 * reading them: a few hundred days of four sums cost less than a range test per day.)
 */
const selectCampaignDays = prepareStatement<
  CampaignDayRow,
  { organizationId: string; platforms: Platform[] }
>(
  platformDaysOf(
    sql`${m.day} - date '1970-01-01' as day_number, sum(${m.views}) as views,
      sum(${m.followersGained}) as followers_gained, sum(${m.followersLost}) as followers_lost,
      sum(${m.estimatedRevenue}) as estimated_revenue`,
    sql`${m.accountId} in (select ${a.id} from ${a}
        where ${a.organizationId} = ${sql.placeholder('organizationId')}
          and ${isAnyOf(a.platform, 'platforms')})
      and ${m.day} between
        (select min(${g.startDate}) - ${sql.raw(String(baselineDays))} from ${g}
          where ${g.organizationId} = ${sql.placeholder('organizationId')})
        and (select max(${g.endDate}) from ${g}
          where ${g.organizationId} = ${sql.placeholder('organizationId')})`,
  ),
);

/** The days of every campaign and its baseline, per platform (nothing without campaigns). */
export async function listCampaignPlatformDays(
  db: Database,
  organizationId: string,
  platforms: Platform[],
): Promise<CampaignPlatformDay[]> {
  const rows = await selectCampaignDays(db, { organizationId, platforms });
  return rows.map((row) => ({
    platform: row.platform,
    dayNumber: Number(row.day_number),
    views: toNumber(row.views),
    followersGained: toNumber(row.followers_gained),
    followersLost: toNumber(row.followers_lost),
    estimatedRevenue: toRevenue(row.estimated_revenue),
  }));
}
