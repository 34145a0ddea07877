import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { refreshImportedFigures } from './import-keys';

/** Deletes an import and the statement lines no other import holds (owners and managers). */
export async function deleteImport(id: string): Promise<void> {
  await apiClient.delete(`/v1/imports/${id}`);
}

export function useDeleteImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteImport,
    onSuccess: () => refreshImportedFigures(queryClient),
  });
}
