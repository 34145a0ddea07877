import type { DashboardQuery } from '@crescendo/contracts';
import type { Database } from '../../../db/client';
import { addDays, formatDay } from '../../../lib/days';
import { readHistoryWindow } from '../../billing';
import type { CurrentUser } from '../../users';
import { listScopedAccounts, type ScopedAccount } from '../accounts/list-scoped-accounts';
import {
  historyStartOf,
  resolveDateRange,
  type HistoryBound,
  type ResolvedRange,
} from '../calculations/date-range';
import { platformsOf, type Platform, type PlatformChoice } from './platforms';

/**
 * Whose figures a read covers: a signed-in user, or a share link's organisation (modules/shares),
 * and the clock "today" and the plan's history window are read with (tests pin it).
 */
export type AnalyticsViewer = {
  organization: Pick<CurrentUser['organization'], 'id'>;
  now?: (() => Date) | undefined;
};

/** One platform's own window: the days a label ("Last 28 days") means for that platform. */
export type PlatformWindow = {
  platform: Platform;
  range: ResolvedRange;
  /** The last day every account of the platform has published complete figures for. */
  lastCompleteDay: string;
  firstDataDay: string | null;
};

export type Scope = {
  platforms: Platform[];
  accounts: ScopedAccount[];
  accountIds: string[];
  /** The window every platform in scope has published: the combined figures and the chart. */
  range: ResolvedRange;
  /** Each connected platform's own window (a preset ends on the platform's own last day). */
  windows: Map<Platform, PlatformWindow>;
  firstDataDay: string | null;
  /** The last day every platform in scope has published complete figures for. */
  lastCompleteDay: string;
  /** The plan's history window (null: the plan keeps everything). */
  history: HistoryBound | null;
};

type WindowQuery = Pick<DashboardQuery, 'range' | 'from' | 'to'>;

/** The last day the accounts have all published: the earliest "complete through", else data. */
function lastCompleteDayOf(accounts: readonly ScopedAccount[]): string | null {
  let earliestComplete: string | null = null;
  let lastData: string | null = null;
  for (const account of accounts) {
    const complete = account.dataCompleteThrough;
    if (complete !== null && (earliestComplete === null || complete < earliestComplete))
      earliestComplete = complete;
    if (account.lastDataDay !== null && (lastData === null || account.lastDataDay > lastData))
      lastData = account.lastDataDay;
  }
  return earliestComplete ?? lastData;
}

/**
 * The one rule for windows, in one place (every reader resolves its days here: the overview, the
 * platform pages, content, exports, share links, the assistant's tools and MCP):
 * - a preset means, for each platform, its own last N days ending on its own last complete day,
 *   so "Last 28 days" of YouTube is the same days on /youtube, in the overview's YouTube figures,
 *   in a CSV and in an MCP answer; the combined figures and the chart use the window every
 *   platform in scope has published (`range`), and say so;
 * - explicit dates mean those days for every platform;
 * - the plan's history window applies to all of them: the plan keeps its days up to the window's
 *   last day; a period starting before that is cut to its first day and labelled
 *   (`historyLimit`), an explicit `from` before it answers 403 PLAN_LIMIT, and the previous
 *   period never reaches past it.
 */
export function resolveWindows(
  query: WindowQuery,
  accounts: readonly ScopedAccount[],
  history: HistoryBound | null,
  today: string,
): Pick<Scope, 'range' | 'windows' | 'firstDataDay' | 'lastCompleteDay'> {
  const bounds = dataBoundsOf(accounts);
  const lastCompleteDay = lastCompleteDayOf(accounts) ?? addDays(today, -1);
  const windows = new Map<Platform, PlatformWindow>();
  for (const platform of new Set(accounts.map((account) => account.platform))) {
    const own = accounts.filter((account) => account.platform === platform);
    const ownLast = lastCompleteDayOf(own) ?? lastCompleteDay;
    const ownFirst = dataBoundsOf(own).first;
    windows.set(platform, {
      platform,
      range: resolveDateRange(query, ownLast, ownFirst, history),
      lastCompleteDay: ownLast,
      firstDataDay: ownFirst,
    });
  }
  return {
    range: resolveDateRange(query, lastCompleteDay, bounds.first, history),
    windows,
    firstDataDay: bounds.first,
    lastCompleteDay,
  };
}

/**
 * The accounts and days a dashboard request covers (see `resolveWindows` for the days). The
 * plan's history window is read beside the accounts.
 */
export async function resolveScope(
  db: Database,
  viewer: AnalyticsViewer,
  query: WindowQuery & PlatformChoice,
): Promise<Scope> {
  const now = viewer.now?.() ?? new Date();
  const platforms = platformsOf(query);
  const [accounts, plan] = await Promise.all([
    listScopedAccounts(db, viewer.organization.id, platforms),
    readHistoryWindow(db, viewer.organization.id, now),
  ]);
  const history = plan === null ? null : { days: plan.days };
  const windows = resolveWindows(query, accounts, history, formatDay(now));
  // Explicit days are the same days for every platform: refused when they start before what
  // the plan keeps up to the last day every platform has published.
  if (plan !== null && query.from && query.from < historyStartOf(plan, windows.lastCompleteDay)) {
    throw plan.refuse(query.from);
  }
  return {
    platforms,
    accounts,
    accountIds: accounts.map((account) => account.id),
    history,
    ...windows,
  };
}

/** The platform's own window, or the common one when the platform has no account in scope. */
export function windowOf(scope: Scope, platform: Platform): ResolvedRange {
  return scope.windows.get(platform)?.range ?? scope.range;
}

/**
 * The days each connected platform's own figures cover (`platformRanges` in the answers): beside
 * a combined window, a page shows the platforms whose own days differ from it.
 */
export function platformRangesOf(
  scope: Pick<Scope, 'windows'>,
): Partial<Record<Platform, { from: string; to: string; days: number }>> {
  const ranges: Partial<Record<Platform, { from: string; to: string; days: number }>> = {};
  for (const [platform, { range }] of scope.windows)
    ranges[platform] = { from: range.from, to: range.to, days: range.days };
  return ranges;
}

/** The first and last day any of the accounts has daily metrics for. */
export function dataBoundsOf(accounts: readonly ScopedAccount[]): {
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
