import {
  findPlanThatLifts,
  getPlan,
  paidPlanIds,
  periodLimitNames,
  describePlanLimit,
  subscriptionStatuses,
  type PaidPlanId,
  type Plan,
  type PlanLimitName,
  type SubscriptionStatus,
} from '@crescendo/contracts';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { addDays, daysBetween, formatDay } from '../../lib/days';
import {
  findBillingAccount,
  type BillingAccount,
  type SubscriptionStanding,
} from './billing.repository';
import {
  countExisting,
  hasConnectionFor,
  readPeriodUsage,
  recordPeriodUsage,
} from './usage.repository';

export type Entitlements = {
  plan: Plan;
  /** The plan paid for, even when its limits no longer apply (grace over). */
  subscribedPlan: PaidPlanId | null;
  status: SubscriptionStatus;
  cancelAtPeriodEnd: boolean;
  graceEndsAt: Date | null;
  /** The billing period usage is counted in: the subscription's, else the calendar month. */
  period: { start: Date; end: Date };
  renewsAt: Date | null;
  account: BillingAccount | null;
};

function calendarMonthOf(now: Date): { start: Date; end: Date } {
  return {
    start: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)),
    end: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)),
  };
}

function asStatus(value: string): SubscriptionStatus {
  const known: readonly string[] = subscriptionStatuses;
  return (known.includes(value) ? value : 'none') as SubscriptionStatus;
}

export type { SubscriptionStanding };

/**
 * The paid plan in force now, or null for Free: a function of the subscription and the clock
 * only, so a grace period running out or a cancelled subscription reaching its period's end takes
 * effect at that instant, with no event. Active or trialing: the paid plan, except that one set to
 * cancel at period end stops at `currentPeriodEnd`. Past due: the paid plan until the grace
 * period ends. Anything else, or a price the catalogue does not know: Free.
 */
export function resolveEffectivePlan(
  standing: SubscriptionStanding | null,
  now: Date,
): PaidPlanId | null {
  if (!standing?.planId) return null;
  const status = asStatus(standing.status);
  if (status === 'active' || status === 'trialing') {
    const hasEnded =
      standing.cancelAtPeriodEnd &&
      standing.currentPeriodEnd != null &&
      now >= standing.currentPeriodEnd;
    return hasEnded ? null : standing.planId;
  }
  if (status === 'past_due') {
    return standing.graceEndsAt != null && now < standing.graceEndsAt ? standing.planId : null;
  }
  return null;
}

/**
 * A person's tier (decision 0021): the best paid plan in force now among the organisations they
 * belong to, whatever their role there; null (Free) when none is paid. One value per person, as
 * the identity provider's metadata holds it, whichever organisation is active.
 */
export function resolveBestPlan(
  standings: readonly SubscriptionStanding[],
  now: Date,
): PaidPlanId | null {
  let best: PaidPlanId | null = null;
  for (const standing of standings) {
    const plan = resolveEffectivePlan(standing, now);
    if (plan && (best === null || paidPlanIds.indexOf(plan) > paidPlanIds.indexOf(best))) {
      best = plan;
    }
  }
  return best;
}

/** Which plan's limits apply now (see `resolveEffectivePlan`), with the period and renewal. */
export function resolveEntitlements(account: BillingAccount | null, now: Date): Entitlements {
  const status = asStatus(account?.status ?? 'none');
  const subscribedPlan = account?.planId ?? null;
  const effectivePlan = resolveEffectivePlan(account, now);
  const isPaidActive = effectivePlan !== null;
  const hasPeriod =
    isPaidActive && account?.currentPeriodStart != null && account.currentPeriodEnd != null;
  return {
    plan: getPlan(effectivePlan ?? 'free'),
    subscribedPlan,
    status,
    cancelAtPeriodEnd: account?.cancelAtPeriodEnd ?? false,
    graceEndsAt: status === 'past_due' ? (account?.graceEndsAt ?? null) : null,
    period: hasPeriod
      ? { start: account.currentPeriodStart!, end: account.currentPeriodEnd! }
      : calendarMonthOf(now),
    renewsAt:
      isPaidActive && !account?.cancelAtPeriodEnd ? (account?.currentPeriodEnd ?? null) : null,
    account,
  };
}

/** The organisation's plan and limits now. */
export async function getEntitlements(
  db: Database,
  organizationId: string,
  now: Date = new Date(),
): Promise<Entitlements> {
  return resolveEntitlements(await findBillingAccount(db, organizationId), now);
}

/** How much of a limit is used now (history: 0, it is a window, not a count). */
export async function readUsage(
  db: Database,
  organizationId: string,
  limit: PlanLimitName,
  entitlements: Entitlements,
): Promise<number> {
  if (limit === 'historyDays') return 0;
  if ((periodLimitNames as readonly string[]).includes(limit)) {
    return readPeriodUsage(db, organizationId, limit, entitlements.period.start);
  }
  return countExisting(db, organizationId, limit as 'connectedAccounts' | 'campaigns' | 'artists');
}

export function planLimitError(
  entitlements: Pick<Entitlements, 'plan'>,
  limit: PlanLimitName,
  used: number,
): AppError {
  const allowed = entitlements.plan.limits[limit] ?? 0;
  const upgradePlan = findPlanThatLifts(limit, limit === 'historyDays' ? used - 1 : used);
  const upgrade = upgradePlan ? ` Upgrade to ${getPlan(upgradePlan).name} to go further.` : '';
  return new AppError(
    'PLAN_LIMIT',
    `${describePlanLimit(entitlements.plan.name, limit, allowed)}${upgrade}`,
    { limit, used, allowed, plan: entitlements.plan.id, upgradePlan },
  );
}

/**
 * Throws 403 PLAN_LIMIT when one more of `limit` would go past the plan (use it before
 * creating something that counts: a campaign, a connected account).
 */
export async function assertWithinLimit(
  db: Database,
  organizationId: string,
  limit: PlanLimitName,
  now: Date = new Date(),
): Promise<void> {
  const entitlements = await getEntitlements(db, organizationId, now);
  const allowed = entitlements.plan.limits[limit];
  if (allowed === null) return;
  const used = await readUsage(db, organizationId, limit, entitlements);
  if (used >= allowed) throw planLimitError(entitlements, limit, used);
}

/**
 * After a downgrade nothing is deleted; what is over the plan's limit is read-only. Throws 403
 * PLAN_LIMIT when the organisation holds more of `limit` than its plan allows (use it before
 * editing something that counts).
 */
export async function assertNotOverLimit(
  db: Database,
  organizationId: string,
  limit: PlanLimitName,
  now: Date = new Date(),
): Promise<void> {
  const entitlements = await getEntitlements(db, organizationId, now);
  const allowed = entitlements.plan.limits[limit];
  if (allowed === null) return;
  const used = await readUsage(db, organizationId, limit, entitlements);
  if (used > allowed) throw planLimitError(entitlements, limit, used);
}

/** Connecting a platform not yet connected counts against `connectedAccounts`; reconnecting does not. */
export async function assertCanConnectAccount(
  db: Database,
  organizationId: string,
  provider: string,
): Promise<void> {
  if (await hasConnectionFor(db, organizationId, provider)) return;
  await assertWithinLimit(db, organizationId, 'connectedAccounts');
}

/**
 * Counts one metered action (`assistantMessages`, `exports`) in the current billing period, once
 * per `actionId`: a retried request with the same id is not counted again and is allowed. Throws
 * 403 PLAN_LIMIT when the period's allowance is used up.
 */
export async function recordUsage(
  db: Database,
  organizationId: string,
  limit: (typeof periodLimitNames)[number],
  actionId: string,
  now: Date = new Date(),
): Promise<{ used: number; allowed: number | null }> {
  const entitlements = await getEntitlements(db, organizationId, now);
  const allowed = entitlements.plan.limits[limit];
  const outcome = await recordPeriodUsage(db, {
    organizationId,
    limit,
    actionId: actionId.slice(0, 200),
    periodStart: entitlements.period.start,
    allowed,
  });
  if (outcome.kind === 'over-limit') throw planLimitError(entitlements, limit, outcome.used);
  return { used: outcome.used, allowed };
}

/**
 * The plan's history window: the first day it keeps (`historyDays` days counted back from today,
 * today included), and the refusal for a window asked to start before it. Null: no limit. Applied
 * once, where the analytics scope is resolved (modules/analytics), so every reader obeys it.
 */
export type HistoryWindow = {
  days: number;
  earliest: string;
  /** 403 PLAN_LIMIT for a window asked to start on `from` (before `earliest`). */
  refuse(from: string): AppError;
};

export async function readHistoryWindow(
  db: Database,
  organizationId: string,
  now: Date = new Date(),
): Promise<HistoryWindow | null> {
  const entitlements = await getEntitlements(db, organizationId, now);
  const allowed = entitlements.plan.limits.historyDays;
  if (allowed === null) return null;
  const today = formatDay(now);
  return {
    days: allowed,
    earliest: addDays(today, -(allowed - 1)),
    refuse: (from) => planLimitError(entitlements, 'historyDays', daysBetween(from, today) + 1),
  };
}

/**
 * The history window for reads that do not resolve an analytics scope (statement revenue, a share
 * link being created): a `from` further back than the plan allows answers 403 PLAN_LIMIT;
 * `range=all` means all the history the plan allows. Answers the query to use.
 */
export async function enforceHistoryWindow<
  Query extends { range?: string | undefined; from?: string | undefined; to?: string | undefined },
>(db: Database, organizationId: string, query: Query, now: Date = new Date()): Promise<Query> {
  const window = await readHistoryWindow(db, organizationId, now);
  if (window === null) return query;
  if (query.range === 'all') {
    // No `to`: the range still ends on the last day the platforms have published.
    const { range: _range, to: _to, ...rest } = query;
    return { ...rest, from: window.earliest } as Query;
  }
  if (query.from && query.from < window.earliest) throw window.refuse(query.from);
  return query;
}

/**
 * What a cached dashboard answer depends on besides the query and the data: the plan's history
 * window (an upgrade must not be answered from an entry made under the old plan).
 */
export function createHistoryWindowKey(db: Database, now: () => Date = () => new Date()) {
  return async (organizationId: string): Promise<string> => {
    const window = await readHistoryWindow(db, organizationId, now());
    return window === null ? 'history=all' : `history=${window.earliest}`;
  };
}
