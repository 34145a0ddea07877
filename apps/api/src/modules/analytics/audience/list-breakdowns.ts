import { sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { analyticsAccounts, audienceBreakdowns } from '../../../db/schema';
import { toNumber } from '../../../db/numeric';
import { prepareStatement } from '../../../db/statement';
import type { Platform } from '../shared/platforms';
import { isAnyOf } from '../shared/sql';

const a = analyticsAccounts;
export type BreakdownRow = {
  accountId: string;
  dimension: (typeof audienceBreakdowns.$inferSelect)['dimension'];
  value: string;
  periodLabel: string;
  periodStart: string | null;
  periodEnd: string;
  percentage: number | null;
  views: number | null;
  followers: number | null;
};

const b = audienceBreakdowns;
const selectBreakdowns = prepareStatement<
  {
    account_id: string;
    dimension: BreakdownRow['dimension'];
    value: string;
    period_label: string;
    period_start: string | null;
    period_end: string;
    percentage: number | string | null;
    views: number | string | null;
    followers: number | string | null;
  },
  { organizationId: string; platforms: Platform[] }
>(sql`select ${b.accountId} as account_id, ${b.dimension} as dimension, ${b.value} as value,
      ${b.periodLabel} as period_label, ${b.periodStart}::text as period_start,
      ${b.periodEnd}::text as period_end, ${b.percentage} as percentage, ${b.views} as views,
      ${b.followers} as followers
    from ${b}
    where ${b.organizationId} = ${sql.placeholder('organizationId')}
      and ${b.accountId} in (select ${a.id} from ${a}
        where ${a.organizationId} = ${sql.placeholder('organizationId')}
          and ${isAnyOf(a.platform, 'platforms')})`);

/**
 * Every stored breakdown row of the organisation's accounts on the platforms (plain rows: a few
 * hundred per account). Scoped like `listScopedAccounts`, so the two can be read at once.
 */
export async function listBreakdowns(
  db: Database,
  organizationId: string,
  platforms: Platform[],
): Promise<BreakdownRow[]> {
  const rows = await selectBreakdowns(db, { organizationId, platforms });
  return rows.map((row) => ({
    accountId: row.account_id,
    dimension: row.dimension,
    value: row.value,
    periodLabel: row.period_label,
    periodStart: row.period_start,
    periodEnd: row.period_end,
    percentage: toNumber(row.percentage),
    views: toNumber(row.views),
    followers: toNumber(row.followers),
  }));
}
