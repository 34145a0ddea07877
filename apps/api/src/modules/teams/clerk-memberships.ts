import { createClerkClient } from '@clerk/backend';
import type { OrganizationRole } from '@crescendo/contracts';

/** Clerk's organisation roles (`org:admin`, custom `org:manager`, `org:member`/`org:viewer`). */
export function fromClerkRole(role: string): OrganizationRole {
  const name = role.replace(/^org:/, '');
  if (name === 'admin' || name === 'owner') return 'owner';
  if (name === 'manager') return 'manager';
  return 'viewer';
}

/** A Clerk organisation a person belongs to, and their role there as the product reads it. */
export type ClerkMembership = { identityOrganizationId: string; role: OrganizationRole };

/** Every Clerk organisation a user belongs to, read from Clerk's Backend API. */
export type ClerkMembershipSource = (userId: string) => Promise<ClerkMembership[]>;

/** Clerk accepts 1–500 per page (default 10). */
const defaultPageSize = 100;

/**
 * Reads a user's organisation memberships from Clerk's Backend API
 * (`GET /v1/users/{user_id}/organization_memberships`, page by page). Null without a Clerk secret
 * key: the Backend API cannot be called (token verification needs only the public key).
 */
export function createClerkMembershipSource(
  clerkSecretKey: string | null,
  /** Clerk's Backend API; tests point it at a local stand-in. */
  apiUrl?: string,
  pageSize = defaultPageSize,
): ClerkMembershipSource | null {
  if (!clerkSecretKey) return null;
  const clerk = createClerkClient({ secretKey: clerkSecretKey, ...(apiUrl ? { apiUrl } : {}) });
  return async (userId) => {
    const memberships: ClerkMembership[] = [];
    for (let offset = 0; ; offset += pageSize) {
      const page = await clerk.users.getOrganizationMembershipList({
        userId,
        limit: pageSize,
        offset,
      });
      for (const membership of page.data) {
        memberships.push({
          identityOrganizationId: membership.organization.id,
          role: fromClerkRole(membership.role),
        });
      }
      if (page.data.length < pageSize || offset + pageSize >= page.totalCount) return memberships;
    }
  };
}
