import type { ShareLink } from '@crescendo/contracts';
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { artistProfiles, organizations, shareLinks } from '../../db/schema';

type ShareLinkRow = typeof shareLinks.$inferSelect;
export type ShareLinkValues = Omit<
  typeof shareLinks.$inferInsert,
  'id' | 'createdAt' | 'revokedAt'
>;

export function statusOf(row: ShareLinkRow, now: Date): ShareLink['status'] {
  if (row.revokedAt) return 'revoked';
  if (row.expiresAt && row.expiresAt <= now) return 'expired';
  return 'active';
}

export function toShareLink(row: ShareLinkRow, now: Date): ShareLink {
  return {
    id: row.id,
    view: row.view,
    platforms: row.platforms,
    range: row.range,
    from: row.fromDay,
    to: row.toDay,
    label: row.label,
    hasPassword: row.passwordHash !== null,
    includeRevenue: row.includeRevenue,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    status: statusOf(row, now),
  };
}

export async function insertShareLink(db: Database, values: ShareLinkValues) {
  const [row] = await db.insert(shareLinks).values(values).returning();
  return row!;
}

export async function listShareLinkRows(db: Database, organizationId: string) {
  return db
    .select()
    .from(shareLinks)
    .where(eq(shareLinks.organizationId, organizationId))
    .orderBy(desc(shareLinks.createdAt), desc(shareLinks.id))
    .limit(200);
}

/** Revokes one of the organisation's links; null when it has no such link. */
export async function markShareLinkRevoked(
  db: Database,
  organizationId: string,
  id: string,
  now: Date,
) {
  const [updated] = await db
    .update(shareLinks)
    .set({ revokedAt: now })
    .where(
      and(
        eq(shareLinks.id, id),
        eq(shareLinks.organizationId, organizationId),
        isNull(shareLinks.revokedAt),
      ),
    )
    .returning();
  if (updated) return updated;
  const [existing] = await db
    .select()
    .from(shareLinks)
    .where(and(eq(shareLinks.id, id), eq(shareLinks.organizationId, organizationId)))
    .limit(1);
  return existing ?? null;
}

/** A link by its token's hash, with the name the shared page shows for its artist. */
export async function findShareLinkByTokenHash(db: Database, tokenHash: string) {
  const [found] = await db
    .select({
      link: shareLinks,
      artistName: artistProfiles.artistName,
      organizationName: organizations.name,
    })
    .from(shareLinks)
    .innerJoin(organizations, eq(organizations.id, shareLinks.organizationId))
    .leftJoin(artistProfiles, eq(artistProfiles.organizationId, shareLinks.organizationId))
    .where(eq(shareLinks.tokenHash, tokenHash))
    .limit(1);
  return found ?? null;
}
