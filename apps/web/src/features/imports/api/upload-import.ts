import type { ImportResponse } from '@crescendo/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { importsKey } from './import-keys';

export type UploadInput = {
  file: File;
  /** Keep the original file after it is read (off unless the artist ticks the box). */
  keepFile?: boolean;
  /** 0–1 as the file's bytes leave the browser. */
  onProgress?: (fraction: number) => void;
};

/**
 * One file, one request (`multipart/form-data`, `keepFile` then `file`): answered 202 with the
 * queued import.
 */
export async function uploadImport({
  file,
  keepFile = false,
  onProgress,
}: UploadInput): Promise<ImportResponse> {
  const form = new FormData();
  form.append('keepFile', keepFile ? 'true' : 'false');
  form.append('file', file, file.name);
  const response = await apiClient.post<ImportResponse>('/v1/imports', form, {
    // The browser writes the boundary; the client's JSON default would turn the form into JSON.
    headers: { 'Content-Type': 'multipart/form-data' },
    // A 100 MB statement on a slow line takes longer than the API's usual 10 s answer time.
    timeout: 0,
    onUploadProgress: (event) => {
      const total = event.total ?? file.size;
      if (total > 0) onProgress?.(Math.min(1, event.loaded / total));
    },
  });
  return response.data;
}

export function useUploadImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadImport,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: importsKey }),
  });
}
