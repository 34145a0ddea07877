import crypto from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { authMember, authOrganization, organizations, users } from '../../db/schema';

/**
 * Creates the product organisation together with its identity-provider organisation (same id)
 * and the owner's membership. Call inside the caller's transaction.
 */
export async function insertOrganizationWithOwner(
  db: Database,
  input: { name: string; ownerSubject: string },
): Promise<{ id: string }> {
  const id = crypto.randomUUID();
  await db.insert(organizations).values({ id, name: input.name, identityOrganizationId: id });
  await db.insert(authOrganization).values({ id, name: input.name, slug: id });
  await db.insert(authMember).values({
    id: crypto.randomUUID(),
    organizationId: id,
    userId: input.ownerSubject,
    role: 'owner',
  });
  return { id };
}

/**
 * A waitlist decision is the access decision: approval makes a lead a customer, rejection takes
 * customer access away again. Admins keep their role either way.
 */
export async function updateAccessForDecision(
  db: Database,
  id: string,
  hasAccess: boolean,
): Promise<void> {
  await db
    .update(users)
    .set({ role: hasAccess ? 'customer' : 'lead', updatedAt: new Date() })
    .where(and(eq(users.id, id), eq(users.role, hasAccess ? 'lead' : 'customer')));
}
