import {
  getPlan,
  type ArtistAllowance,
  type Plan,
  type OrganizationListResponse,
  type OrganizationRole,
  type OrganizationSummary,
} from '@crescendo/contracts';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { CurrentUser } from '../../lib/current-user';
import { insertOrganizationWithOwner } from '../organizations';
import {
  isUncountedSignUpOrganization,
  listAllManagedOrganizationIds,
  listManagedOrganizationIds,
  listMemberships,
  lockArtistCount,
  setSessionActiveOrganization,
} from './memberships.repository';

const freePlanArtists = getPlan('free').limits.artists;

/**
 * What the artist limit asks of the plans (billing's entitlements, passed in from app.ts so that
 * teams does not import billing, which builds on the memberships teams keeps): the plan in force
 * for an organisation now, and the 403 PLAN_LIMIT for one artist too many under it.
 */
export type ArtistPlans = {
  readPlan: (db: Database, organizationId: string) => Promise<Plan>;
  limitError: (plan: Plan, used: number) => AppError;
};

export function assertEmbeddedTeams(user: CurrentUser): void {
  if (user.identityProvider !== 'embedded') {
    throw AppError.conflict(
      'Members and artists of this account are managed in Clerk: use its organisation settings.',
    );
  }
}

/**
 * Whose plan counts (decision 0019): every artist a person owns or manages counts once, against
 * the best plan among them (and, when joining, the artist joined). With Team on any of them they
 * may own or manage up to 5 artists in all; viewers never count. The artist made at sign-up does
 * not count while it holds no data (a connection, an import, a campaign), so a newcomer can
 * always join the artist that invited them as a manager.
 */
export async function readArtistAllowance(
  db: Database,
  plans: ArtistPlans,
  subject: string,
  joiningOrganizationId?: string,
): Promise<ArtistAllowance & { bestPlan: Plan | null }> {
  const [counted, managed] = await Promise.all([
    listManagedOrganizationIds(db, subject),
    listAllManagedOrganizationIds(db, subject),
  ]);
  const best = await readBestArtistPlan(db, plans, [
    ...managed,
    ...(joiningOrganizationId ? [joiningOrganizationId] : []),
  ]);
  return { used: counted.length, ...best };
}

/**
 * The plan that allows the most artists among these organisations (decision 0019): what a
 * person's artist count is held against. Free when there are none.
 */
export async function readBestArtistPlan(
  db: Database,
  plans: ArtistPlans,
  organizationIds: readonly string[],
): Promise<Omit<ArtistAllowance, 'used'> & { bestPlan: Plan | null }> {
  let best: Plan | null = null;
  for (const organizationId of new Set(organizationIds)) {
    const plan = await plans.readPlan(db, organizationId);
    if (!best || isMoreArtists(plan, best)) best = plan;
  }
  return {
    allowed: best ? best.limits.artists : freePlanArtists,
    plan: best ? best.id : 'free',
    bestPlan: best,
  };
}

function isMoreArtists(candidate: Plan, best: Plan): boolean {
  const a = candidate.limits.artists;
  const b = best.limits.artists;
  if (b === null) return false;
  return a === null || a > b;
}

/**
 * Runs `change` (which adds one artist the person owns or manages) only while the plan has room,
 * holding a per-person lock so concurrent creates and joins cannot both take the last place.
 */
export async function withArtistPlace<T>(
  db: Database,
  plans: ArtistPlans,
  subject: string,
  joiningOrganizationId: string | undefined,
  change: (tx: Database) => Promise<T>,
): Promise<T> {
  const allowance = await readArtistAllowance(db, plans, subject, joiningOrganizationId);
  return db.transaction(async (tx) => {
    await lockArtistCount(tx, subject);
    const used = (await listManagedOrganizationIds(tx, subject)).length;
    if (allowance.bestPlan && allowance.allowed !== null && used >= allowance.allowed) {
      throw plans.limitError(allowance.bestPlan, used);
    }
    return change(tx);
  });
}

/**
 * Before the sign-up artist gets its first connection (from then on it counts): 403 PLAN_LIMIT
 * when the person already has as many counted artists as their plan allows.
 */
export async function assertArtistPlaceForData(
  db: Database,
  plans: ArtistPlans,
  user: CurrentUser,
): Promise<void> {
  if (user.identityProvider !== 'embedded') return;
  if (!(await isUncountedSignUpOrganization(db, user.subject, user.organization.id))) return;
  const allowance = await readArtistAllowance(db, plans, user.subject, user.organization.id);
  if (allowance.bestPlan && allowance.allowed !== null && allowance.used >= allowance.allowed) {
    throw plans.limitError(allowance.bestPlan, allowance.used);
  }
}

/**
 * Whether the person at this address could accept a manager's or owner's place here: false when
 * they have signed up and already have as many counted artists as the best plan allows.
 */
export async function canTakeArtistPlace(
  db: Database,
  plans: ArtistPlans,
  subject: string,
  joiningOrganizationId: string,
): Promise<{ canJoin: boolean; used: number; allowed: number | null; planName: string }> {
  const allowance = await readArtistAllowance(db, plans, subject, joiningOrganizationId);
  const canJoin = allowance.allowed === null || allowance.used < allowance.allowed;
  return {
    canJoin,
    used: allowance.used,
    allowed: allowance.allowed,
    planName: getPlan(allowance.plan).name,
  };
}

export async function listOrganizations(
  db: Database,
  plans: ArtistPlans,
  user: CurrentUser,
): Promise<OrganizationListResponse> {
  if (user.identityProvider !== 'embedded') {
    // Clerk: the token names the active organisation; its switcher lists the others.
    return {
      organizations: [toSummary(user.organization, user.organization.id, true)],
      artistAllowance: { used: 1, allowed: null, plan: 'free' },
    };
  }
  const [memberships, allowance] = await Promise.all([
    listMemberships(db, user.subject),
    readArtistAllowance(db, plans, user.subject),
  ]);
  return {
    organizations: memberships.map((membership) =>
      toSummary(
        { id: membership.organizationId, name: membership.name, role: membership.role },
        membership.identityOrganizationId,
        membership.organizationId === user.organization.id,
      ),
    ),
    artistAllowance: { used: allowance.used, allowed: allowance.allowed, plan: allowance.plan },
  };
}

export function toSummary(
  organization: { id: string; name: string; role: OrganizationRole },
  identityOrganizationId: string,
  isActive: boolean,
): OrganizationSummary {
  return {
    id: organization.id,
    name: organization.name,
    role: organization.role,
    identityOrganizationId,
    isActive,
  };
}

/** A new artist (organisation) owned by the caller, made their active one. */
export async function createArtist(
  db: Database,
  plans: ArtistPlans,
  user: CurrentUser,
  sessionId: string | null,
  name: string,
): Promise<OrganizationSummary> {
  assertEmbeddedTeams(user);
  const { id } = await withArtistPlace(db, plans, user.subject, undefined, (tx) =>
    insertOrganizationWithOwner(tx, { name, ownerSubject: user.subject }),
  );
  if (sessionId) await setSessionActiveOrganization(db, sessionId, id);
  return toSummary({ id, name, role: 'owner' }, id, sessionId !== null);
}
