import type { ArtistProfile } from '@crescendo/contracts';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { artistProfiles } from '../../db/schema';

type ProfileRow = typeof artistProfiles.$inferSelect;
export type ProfileValues = Omit<
  typeof artistProfiles.$inferInsert,
  'id' | 'organizationId' | 'createdAt' | 'updatedAt'
>;

function toProfile(row: ProfileRow): ArtistProfile {
  return {
    id: row.id,
    organizationId: row.organizationId,
    artistName: row.artistName,
    bio: row.bio,
    genres: row.genres,
    country: row.country,
    city: row.city,
    careerStage: row.careerStage,
    goals: row.goals,
    timezone: row.timezone,
    avatarUrl: row.avatarUrl,
    links: row.links,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function findProfile(
  db: Database,
  organizationId: string,
): Promise<ArtistProfile | null> {
  const rows = await db
    .select()
    .from(artistProfiles)
    .where(eq(artistProfiles.organizationId, organizationId))
    .limit(1);
  return rows[0] ? toProfile(rows[0]) : null;
}

/** Returns null when the organisation already has a profile (one per organisation). */
export async function insertProfile(
  db: Database,
  organizationId: string,
  values: ProfileValues,
): Promise<ArtistProfile | null> {
  const rows = await db
    .insert(artistProfiles)
    .values({ ...values, organizationId })
    .onConflictDoNothing({ target: artistProfiles.organizationId })
    .returning();
  return rows[0] ? toProfile(rows[0]) : null;
}

export async function updateProfile(
  db: Database,
  organizationId: string,
  values: ProfileValues,
): Promise<ArtistProfile | null> {
  const rows = await db
    .update(artistProfiles)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(artistProfiles.organizationId, organizationId))
    .returning();
  return rows[0] ? toProfile(rows[0]) : null;
}
