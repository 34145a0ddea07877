import type {
  ShareLink,
  ShareLinkCreated,
  ShareLinkInput,
  ShareLinkList,
} from '@crescendo/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

// The organisation's share links: list, create, revoke (one resource, one file).
const shareLinksKey = ['shares'] as const;

/** The links, and the platforms a new one can show (those with a connected account). */
export async function listShareLinks(): Promise<ShareLinkList> {
  return (await apiClient.get<ShareLinkList>('/shares')).data;
}

export const shareLinksQueryOptions = () =>
  queryOptions({ queryKey: shareLinksKey, queryFn: listShareLinks });

export function useShareLinks() {
  return useQuery(shareLinksQueryOptions());
}

export async function createShareLink(input: ShareLinkInput): Promise<ShareLinkCreated> {
  return (await apiClient.post<ShareLinkCreated>('/shares', input)).data;
}

export function useCreateShareLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createShareLink,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: shareLinksKey }),
  });
}

export async function revokeShareLink(id: string): Promise<ShareLink> {
  return (await apiClient.post<ShareLink>(`/shares/${id}/revoke`)).data;
}

export function useRevokeShareLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeShareLink,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: shareLinksKey }),
  });
}
