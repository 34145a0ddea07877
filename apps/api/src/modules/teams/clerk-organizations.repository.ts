import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { clerkCountedMemberships, organizations } from '../../db/schema';

export type ClerkOrganizationRow = { id: string; name: string; createdAt: Date };

const rowColumns = {
  id: organizations.id,
  name: organizations.name,
  createdAt: organizations.createdAt,
};

/**
 * The product organisation of a Clerk organisation, if a token has named it before, and whether
 * `subject` has been counted against their artist limit there (one indexed read).
 */
export async function findClerkOrganization(
  db: Database,
  identityOrganizationId: string,
  subject: string,
): Promise<{ organization: ClerkOrganizationRow; isCounted: boolean } | null> {
  const [row] = await db
    .select({
      ...rowColumns,
      isCounted: sql<boolean>`${clerkCountedMemberships.subject} is not null`,
    })
    .from(organizations)
    .leftJoin(
      clerkCountedMemberships,
      and(
        eq(clerkCountedMemberships.identityOrganizationId, organizations.identityOrganizationId),
        eq(clerkCountedMemberships.subject, subject),
      ),
    )
    .where(eq(organizations.identityOrganizationId, identityOrganizationId));
  if (!row) return null;
  const { isCounted, ...organization } = row;
  return { organization, isCounted: Boolean(isCounted) };
}

/** Records that `subject` owns or manages the (existing) organisation within their limit. */
export async function recordCountedMembership(
  db: Database,
  input: { identityOrganizationId: string; subject: string },
): Promise<void> {
  await db.insert(clerkCountedMemberships).values(input).onConflictDoNothing();
}

/** Creates the product organisation of a Clerk organisation (or finds the one a racer made). */
export async function insertClerkOrganization(
  db: Database,
  input: { identityOrganizationId: string; name: string },
): Promise<ClerkOrganizationRow> {
  await db
    .insert(organizations)
    .values({ name: input.name, identityOrganizationId: input.identityOrganizationId })
    .onConflictDoNothing({ target: organizations.identityOrganizationId });
  const [row] = await db
    .select(rowColumns)
    .from(organizations)
    .where(eq(organizations.identityOrganizationId, input.identityOrganizationId));
  return row!;
}

/** The product organisations already made for these Clerk organisations. */
export async function listClerkOrganizationIds(
  db: Database,
  identityOrganizationIds: readonly string[],
): Promise<string[]> {
  if (identityOrganizationIds.length === 0) return [];
  const rows = await db
    .select({ id: organizations.id })
    .from(organizations)
    .where(inArray(organizations.identityOrganizationId, [...identityOrganizationIds]));
  return rows.map((row) => row.id);
}
