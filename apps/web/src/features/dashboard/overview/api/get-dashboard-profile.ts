import type { ArtistProfile, ArtistProfileResponse } from '@crescendo/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { getErrorStatus } from '@/lib/api-error';
import { apiPaths } from '@/config/api-paths';

/**
 * The dashboard greets the artist by their profile. Errors other than "no profile yet" (404) are
 * thrown to the Dashboard route error boundary.
 */
export async function getDashboardProfile(): Promise<ArtistProfile | null> {
  try {
    const response = await apiClient.get<ArtistProfileResponse>(apiPaths.artistProfile);
    return response.data.profile;
  } catch (error) {
    if (getErrorStatus(error) === 404) return null;
    throw error;
  }
}

export const dashboardProfileQueryOptions = () =>
  queryOptions({ queryKey: ['artist-profile'], queryFn: getDashboardProfile });
