import type { OrganizationRole } from '@crescendo/contracts';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { ClerkMembershipSource } from './clerk-memberships';
import {
  findClerkOrganization,
  insertClerkOrganization,
  listClerkOrganizationIds,
  recordCountedMembership,
  type ClerkOrganizationRow,
} from './clerk-organizations.repository';
import { lockArtistCount } from './memberships.repository';
import { readBestArtistPlan, type ArtistPlans } from './organizations.service';

export type ClerkOrganizationRequest = {
  /** The Clerk organisation the verified token names, and its slug (the first name). */
  identityOrganizationId: string;
  name: string;
  /** The caller's role there, as the token states it. */
  role: OrganizationRole;
  /** The caller's Clerk user id. */
  subject: string;
  /** The caller's own product organisation: one artist of theirs, as in embedded mode. */
  personalOrganizationId: string;
};

export const artistLimitUncheckableMessage =
  'This artist cannot be opened as an owner or manager yet: the server cannot check the ' +
  "plan's artist limit without Clerk's secret key (CLERK_SECRET_KEY). Ask the operator to set it.";

/**
 * The product organisation for the Clerk organisation a verified token names (decisions 0024,
 * 0027). Viewers never count: served, or made on first sight, with no call to Clerk. An owner or
 * manager is counted once per organisation: the first time the API sees them in that role there
 * (a first sight of the organisation, or a promotion or manager invitation made in Clerk), every
 * Clerk organisation they own or manage (Clerk's Backend API) plus their own product organisation
 * counts once, against the best plan among those the product knows; past the limit it answers
 * 403 PLAN_LIMIT and changes nothing. Counted, they are served with no further call. Without a
 * Backend API (no secret key) the limit cannot be checked: a new organisation is refused, and a
 * known one is served as before.
 */
export async function openClerkOrganization(
  db: Database,
  plans: ArtistPlans,
  request: ClerkOrganizationRequest,
  memberships: ClerkMembershipSource | null,
): Promise<ClerkOrganizationRow> {
  const known = await findClerkOrganization(db, request.identityOrganizationId, request.subject);
  if (request.role === 'viewer') return known?.organization ?? insertClerkOrganization(db, request);
  if (known?.isCounted) return known.organization;
  if (!memberships) {
    if (known) return known.organization;
    throw AppError.forbidden(artistLimitUncheckableMessage);
  }

  const managedElsewhere = new Set(
    (await memberships(request.subject))
      .filter((membership) => membership.role !== 'viewer')
      .map((membership) => membership.identityOrganizationId)
      .filter((id) => id !== request.identityOrganizationId),
  );
  const used = 1 + managedElsewhere.size;
  const best = await readBestArtistPlan(db, plans, [
    request.personalOrganizationId,
    ...(await listClerkOrganizationIds(db, [...managedElsewhere])),
  ]);
  return db.transaction(async (tx) => {
    // One person's artist count changes one at a time, as in embedded mode (decision 0019).
    await lockArtistCount(tx, request.subject);
    // A concurrent first request may have counted them meanwhile.
    const current = await findClerkOrganization(
      tx,
      request.identityOrganizationId,
      request.subject,
    );
    if (current?.isCounted) return current.organization;
    if (best.bestPlan && best.allowed !== null && used >= best.allowed) {
      throw plans.limitError(best.bestPlan, used);
    }
    const organization = current?.organization ?? (await insertClerkOrganization(tx, request));
    await recordCountedMembership(tx, request);
    return organization;
  });
}
