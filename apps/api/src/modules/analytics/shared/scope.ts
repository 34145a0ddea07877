import type { DashboardQuery } from '@crescendo/contracts';
import type { Database } from '../../../db/client';
import type { CurrentUser } from '../../users';
import { listScopedAccounts, type ScopedAccount } from '../accounts/list-scoped-accounts';
import { resolveDateRange, type ResolvedRange } from '../calculations/date-range';
import { platformsOf, type Platform, type PlatformChoice } from './platforms';

const yesterday = () => new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);

/**
 * Whose figures a read covers: a signed-in user, or a share link's organisation (modules/shares).
 */
export type AnalyticsViewer = { organization: Pick<CurrentUser['organization'], 'id'> };

export type Scope = {
  platforms: Platform[];
  accounts: ScopedAccount[];
  accountIds: string[];
  range: ResolvedRange;
  firstDataDay: string | null;
  /** The last day every platform in scope has published complete figures for. */
  lastCompleteDay: string;
};

/**
 * The accounts and days a dashboard request covers. Ranges end on the last day every platform
 * in scope has published, so a combined figure never mixes complete and pending days.
 */
export async function resolveScope(
  db: Database,
  user: AnalyticsViewer,
  query: Pick<DashboardQuery, 'range' | 'from' | 'to'> & PlatformChoice,
): Promise<Scope> {
  const platforms = platformsOf(query);
  const accounts = await listScopedAccounts(db, user.organization.id, platforms);
  const accountIds = accounts.map((account) => account.id);
  const bounds = dataBoundsOf(accounts);
  const completeDays = accounts
    .map((account) => account.dataCompleteThrough)
    .filter((day): day is string => day !== null)
    .sort();
  const lastCompleteDay = completeDays[0] ?? bounds.last ?? yesterday();
  return {
    platforms,
    accounts,
    accountIds,
    firstDataDay: bounds.first,
    lastCompleteDay,
    range: resolveDateRange(query, lastCompleteDay, bounds.first),
  };
}

/** The first and last day any of the accounts has daily metrics for. */
export function dataBoundsOf(accounts: ScopedAccount[]): {
  first: string | null;
  last: string | null;
} {
  let first: string | null = null;
  let last: string | null = null;
  for (const account of accounts) {
    if (account.firstDataDay !== null && (first === null || account.firstDataDay < first))
      first = account.firstDataDay;
    if (account.lastDataDay !== null && (last === null || account.lastDataDay > last))
      last = account.lastDataDay;
  }
  return { first, last };
}
