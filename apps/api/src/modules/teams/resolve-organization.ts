import type { Database } from '../../db/client';
import type { Identity } from '../../identity/types';
import { AppError } from '../../lib/app-error';
import type { UserRecord } from '../../lib/current-user';
import { fromClerkRole, type ClerkMembershipSource } from './clerk-memberships';
import { openClerkOrganization } from './clerk-organizations.service';
import type { ArtistPlans } from './organizations.service';
import { ensureIdentityOrganization, findActiveMembership } from './memberships.repository';

export type OrganizationResolverOptions = {
  /**
   * With Clerk: a user's organisation memberships from Clerk's Backend API, read when a token
   * first names an organisation (the plan's artist limit); null without a Clerk secret key.
   */
  clerkMemberships: ClerkMembershipSource | null;
  plans: ArtistPlans;
};

/** The active organisation and role of a signed-in user, as the users module asks for it. */
export type OrganizationResolver = (
  db: Database,
  identity: Identity,
  user: UserRecord,
) => Promise<UserRecord['organization']>;

/** `resolveOrganizationAccess` bound to the app's Clerk memberships and plans (app.ts). */
export function createOrganizationResolver(
  options: OrganizationResolverOptions,
): OrganizationResolver {
  return (db, identity, user) => resolveOrganizationAccess(db, identity, user, options);
}

/**
 * The caller's active organisation and role, checked on every request. Embedded: the session's
 * active organisation in the organization plugin while they are a member of it (else their own,
 * else their oldest membership). Clerk: the organisation the verified token names, mapped 1:1 to
 * a product organisation (made the first time, within the plan's artist limit: `clerkMemberships`
 * reads Clerk's Backend API then, null without a secret key); without one, the user's own.
 */
export async function resolveOrganizationAccess(
  db: Database,
  identity: Identity,
  user: UserRecord,
  { clerkMemberships, plans }: OrganizationResolverOptions,
): Promise<UserRecord['organization']> {
  if (identity.provider === 'clerk') {
    if (!identity.organization) return user.organization;
    const role = fromClerkRole(identity.organization.role);
    const organization = await openClerkOrganization(
      db,
      plans,
      {
        identityOrganizationId: identity.organization.id,
        name: identity.organization.slug ?? 'New artist',
        role,
        subject: identity.subject,
        personalOrganizationId: user.organization.id,
      },
      clerkMemberships,
    );
    return { ...organization, role };
  }
  const lookup = {
    subject: identity.subject,
    sessionId: identity.sessionId,
    homeOrganizationId: user.organization.id,
  };
  let membership = await findActiveMembership(db, lookup);
  if (!membership && user.organization.role === 'owner') {
    // An organisation from before teams: its identity-provider organisation is made now.
    await ensureIdentityOrganization(db, {
      organizationId: user.organization.id,
      ownerSubject: identity.subject,
    });
    membership = await findActiveMembership(db, lookup);
  }
  if (!membership) {
    throw AppError.forbidden(
      'You are no longer a member of any artist on Crescendo. Ask an owner to invite you again.',
    );
  }
  return {
    id: membership.organizationId,
    name: membership.name,
    role: membership.role,
    createdAt: membership.createdAt,
  };
}
