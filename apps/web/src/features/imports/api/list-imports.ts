import type { ImportListResponse } from '@crescendo/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { importsKey, isImportSettled } from './import-keys';

/** How often the history asks again while one of its imports is still being read. */
export const IMPORT_LIST_POLL_MS = 2_000;

export async function listImports(): Promise<ImportListResponse> {
  return (await apiClient.get<ImportListResponse>('/v1/imports')).data;
}

export const importsQueryOptions = () =>
  queryOptions({
    queryKey: importsKey,
    queryFn: listImports,
    // An import uploaded from another tab or by a teammate moves on by itself: follow it.
    refetchInterval: (query) =>
      query.state.data?.imports.every((item) => isImportSettled(item.status))
        ? false
        : IMPORT_LIST_POLL_MS,
  });

export function useImports() {
  return useQuery(importsQueryOptions());
}
