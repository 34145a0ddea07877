import type { OrganizationRole } from '@crescendo/contracts';
import type { Database } from '../../db/client';
import type { Identity } from '../../identity/types';
import { AppError } from '../../lib/app-error';
import type { UserRecord } from '../../lib/current-user';
import {
  ensureIdentityOrganization,
  findActiveMembership,
  findOrCreateClerkOrganization,
} from './memberships.repository';

/** Clerk's organisation roles (`org:admin`, custom `org:manager`, `org:member`/`org:viewer`). */
export function fromClerkRole(role: string): OrganizationRole {
  const name = role.replace(/^org:/, '');
  if (name === 'admin' || name === 'owner') return 'owner';
  if (name === 'manager') return 'manager';
  return 'viewer';
}

/**
 * The caller's active organisation and role, checked on every request. Embedded: the session's
 * active organisation in the organization plugin while they are a member of it (else their own,
 * else their oldest membership). Clerk: the organisation the verified token names, mapped 1:1 to
 * a product organisation; without one, the user's own.
 */
export async function resolveOrganizationAccess(
  db: Database,
  identity: Identity,
  user: UserRecord,
): Promise<UserRecord['organization']> {
  if (identity.provider === 'clerk') {
    if (!identity.organization) return user.organization;
    const organization = await findOrCreateClerkOrganization(db, {
      identityOrganizationId: identity.organization.id,
      name: identity.organization.slug ?? 'New artist',
    });
    return { ...organization, role: fromClerkRole(identity.organization.role) };
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
