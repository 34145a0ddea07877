import type {
  ArtistProfile,
  ArtistProfileInput,
  ArtistProfileResponse,
} from '@crescendo/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { apiPaths } from '@/config/api-paths';
import { profileQueryOptions } from './get-profile';

/** POST creates (409 if one exists), PUT updates (404 if none). */
export async function saveProfile(input: {
  profile: ArtistProfileInput;
  exists: boolean;
}): Promise<ArtistProfile> {
  const response = input.exists
    ? await apiClient.put<ArtistProfileResponse>(apiPaths.artistProfile, input.profile)
    : await apiClient.post<ArtistProfileResponse>(apiPaths.artistProfile, input.profile);
  return response.data.profile;
}

export function useSaveProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveProfile,
    onSuccess: (profile) => queryClient.setQueryData(profileQueryOptions().queryKey, profile),
  });
}
