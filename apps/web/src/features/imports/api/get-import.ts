import type { ImportResponse } from '@crescendo/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { importsKey, isImportSettled } from './import-keys';

/** How often a file's status is asked for while it is queued or being read. */
export const IMPORT_POLL_MS = 1_000;

export async function getImport(id: string): Promise<ImportResponse> {
  return (await apiClient.get<ImportResponse>(`/v1/imports/${id}`)).data;
}

export const importQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...importsKey, id],
    queryFn: () => getImport(id),
    refetchInterval: (query) => {
      const status = query.state.data?.import.status;
      return status && isImportSettled(status) ? false : IMPORT_POLL_MS;
    },
  });

export function useImport(id: string) {
  return useQuery(importQueryOptions(id));
}
