import type { ArtistProfile, artistProfileInputSchema } from '@crescendo/contracts';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { CurrentUser } from '../users';
import {
  findProfile,
  insertProfile,
  updateProfile,
  type ProfileValues,
} from './profile.repository';

type ProfileInput = z.output<typeof artistProfileInputSchema>;

function toValues(input: ProfileInput): ProfileValues {
  const links = Object.fromEntries(
    Object.entries(input.links).filter(
      (entry): entry is [string, string] => typeof entry[1] === 'string',
    ),
  );
  return {
    artistName: input.artistName,
    bio: input.bio || null,
    genres: [...new Set(input.genres)],
    country: input.country ?? null,
    city: input.city || null,
    careerStage: input.careerStage ?? null,
    goals: input.goals,
    timezone: input.timezone ?? null,
    avatarUrl: input.avatarUrl ?? null,
    links,
  };
}

export async function getArtistProfile(db: Database, user: CurrentUser): Promise<ArtistProfile> {
  const profile = await findProfile(db, user.organization.id);
  if (!profile) throw AppError.notFound('No artist profile yet. Create one first.');
  return profile;
}

export async function createArtistProfile(
  db: Database,
  user: CurrentUser,
  input: ProfileInput,
): Promise<ArtistProfile> {
  const profile = await insertProfile(db, user.organization.id, toValues(input));
  if (!profile) throw AppError.conflict('An artist profile already exists. Update it instead.');
  return profile;
}

export async function replaceArtistProfile(
  db: Database,
  user: CurrentUser,
  input: ProfileInput,
): Promise<ArtistProfile> {
  const profile = await updateProfile(db, user.organization.id, toValues(input));
  if (!profile) throw AppError.notFound('No artist profile yet. Create one first.');
  return profile;
}
