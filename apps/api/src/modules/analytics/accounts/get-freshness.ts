import type { AnalyticsPlatform, DashboardQuery } from '@crescendo/contracts';
import type { Database } from '../../../db/client';
import type { PlatformChoice } from '../shared/platforms';
import { resolveScope, type AnalyticsViewer } from '../shared/scope';

export type AccountFreshness = {
  platform: AnalyticsPlatform;
  accountName: string;
  sandbox: boolean;
  lastSyncedAt: string | null;
  dataCompleteThrough: string | null;
};

/** Each connected account in scope and how fresh its data is (the dashboard's freshness badges). */
export async function getFreshness(
  db: Database,
  viewer: AnalyticsViewer,
  query: Pick<DashboardQuery, 'range' | 'from' | 'to'> & PlatformChoice,
): Promise<AccountFreshness[]> {
  const scope = await resolveScope(db, viewer, query);
  return scope.accounts.map((account) => ({
    platform: account.platform,
    accountName: account.name,
    sandbox: account.isSandbox,
    lastSyncedAt: account.lastSyncedAt?.toISOString() ?? null,
    dataCompleteThrough: account.dataCompleteThrough,
  }));
}
