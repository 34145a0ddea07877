import type { ArtistProfile, ArtistProfileResponse } from '@crescendo/contracts';
import { queryOptions, useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { getErrorStatus } from '@/lib/api-error';
import { apiPaths } from '@/config/api-paths';

/** The caller's artist profile, or null when they have not created one yet (404). */
export async function getProfile(): Promise<ArtistProfile | null> {
  try {
    const response = await apiClient.get<ArtistProfileResponse>(apiPaths.artistProfile);
    return response.data.profile;
  } catch (error) {
    if (getErrorStatus(error) === 404) return null;
    throw error;
  }
}

export const profileQueryOptions = () =>
  queryOptions({ queryKey: ['artist-profile'], queryFn: getProfile });

export function useProfile() {
  return useQuery(profileQueryOptions());
}

export function useSuspenseProfile() {
  return useSuspenseQuery(profileQueryOptions());
}
