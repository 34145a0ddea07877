import type {
  CreateOrganizationRequest,
  CreateOrganizationResponse,
  OrganizationListResponse,
} from '@crescendo/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { removeStoredToken, removeStoredUser } from '@/lib/token-store';

export const organizationsQueryKey = ['organizations'] as const;

export const organizationsQueryOptions = () =>
  queryOptions({
    queryKey: organizationsQueryKey,
    queryFn: async () => (await apiClient.get<OrganizationListResponse>('/v1/organizations')).data,
  });

/** The artists (organisations) the signed-in user belongs to. */
export function useOrganizations(options: { enabled?: boolean } = {}) {
  return useQuery({ ...organizationsQueryOptions(), enabled: options.enabled ?? true });
}

export async function createOrganization(
  input: CreateOrganizationRequest,
): Promise<CreateOrganizationResponse> {
  return (await apiClient.post<CreateOrganizationResponse>('/v1/organizations', input)).data;
}

/**
 * Opens the app afresh in the now-active organisation: a new token is minted and nothing read
 * for the previous organisation (queries, stored user) survives into the next one.
 */
export function reloadIntoActiveOrganization(path: string): void {
  removeStoredToken();
  removeStoredUser();
  window.location.assign(path);
}
