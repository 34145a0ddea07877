import { sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { accountDailyMetrics, analyticsAccounts, platformConnections } from '../../../db/schema';
import { toNumber } from '../../../db/numeric';
import { prepareStatement } from '../../../db/statement';
import type { Platform } from '../shared/platforms';
import { isAnyOf, toDate } from '../shared/sql';

export type ScopedAccount = {
  id: string;
  platform: Platform;
  name: string;
  followersTotal: number | null;
  connectionId: string;
  accountName: string;
  isSandbox: boolean;
  lastSyncedAt: Date | null;
  dataCompleteThrough: string | null;
  /** First and last day with stored daily metrics (null before the first sync lands). */
  firstDataDay: string | null;
  lastDataDay: string | null;
};

const a = analyticsAccounts;
const c = platformConnections;
const m = accountDailyMetrics;
const selectScopedAccounts = prepareStatement<
  {
    id: string;
    platform: Platform;
    name: string;
    followers_total: string | number | bigint | null;
    connection_id: string;
    account_name: string;
    is_sandbox: boolean;
    last_synced_at: string | null;
    data_complete_through: string | null;
    first_data_day: string | null;
    last_data_day: string | null;
  },
  { organizationId: string; platforms: Platform[] }
>(sql`select ${a.id} as id, ${a.platform} as platform, ${a.name} as name,
    ${a.followersTotal} as followers_total, ${c.id} as connection_id,
    ${c.accountName} as account_name, ${c.isSandbox} as is_sandbox,
    ${c.lastSyncedAt} as last_synced_at, ${c.dataCompleteThrough} as data_complete_through,
    (select min(${m.day})::text from ${m} where ${m.organizationId} = ${a.organizationId} and ${m.accountId} = ${a.id}) as first_data_day,
    (select max(${m.day})::text from ${m} where ${m.organizationId} = ${a.organizationId} and ${m.accountId} = ${a.id}) as last_data_day
  from ${a} inner join ${c} on ${c.organizationId} = ${a.organizationId} and ${c.id} = ${a.connectionId}
  where ${a.organizationId} = ${sql.placeholder('organizationId')}
    and ${isAnyOf(a.platform, 'platforms')}
  order by ${a.platform} asc, ${a.name} asc`);

/** The organisation's synced accounts (a YouTube channel, an Instagram account, a page…). */
export async function listScopedAccounts(
  db: Database,
  organizationId: string,
  platforms: Platform[],
): Promise<ScopedAccount[]> {
  // With the first and last day of metrics (two primary-key lookups per account: the key starts
  // with the organisation, so the lookups name it), so a
  // dashboard request needs no separate query for them.
  const rows = await selectScopedAccounts(db, { organizationId, platforms });
  return rows.map((row) => ({
    id: row.id,
    platform: row.platform,
    name: row.name,
    followersTotal: toNumber(row.followers_total),
    connectionId: row.connection_id,
    accountName: row.account_name,
    isSandbox: row.is_sandbox,
    lastSyncedAt: row.last_synced_at === null ? null : toDate(row.last_synced_at),
    dataCompleteThrough: row.data_complete_through,
    firstDataDay: row.first_data_day,
    lastDataDay: row.last_data_day,
  }));
}
