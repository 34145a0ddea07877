import { eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { organizations } from '../../db/schema';

export type ClerkOrganizationRow = { id: string; name: string; createdAt: Date };

const rowColumns = {
  id: organizations.id,
  name: organizations.name,
  createdAt: organizations.createdAt,
};

/** The product organisation of a Clerk organisation, if a token has named it before. */
export async function findClerkOrganization(
  db: Database,
  identityOrganizationId: string,
): Promise<ClerkOrganizationRow | null> {
  const [row] = await db
    .select(rowColumns)
    .from(organizations)
    .where(eq(organizations.identityOrganizationId, identityOrganizationId));
  return row ?? null;
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
  return (await findClerkOrganization(db, input.identityOrganizationId))!;
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
