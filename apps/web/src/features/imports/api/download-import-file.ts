import type { Import } from '@crescendo/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

/**
 * Downloads a kept original (`GET /api/v1/imports/{id}/file`) under its own name: the request
 * needs the bearer token, so it is fetched as a blob rather than followed as a plain link.
 */
export async function downloadImportFile(item: Pick<Import, 'id' | 'fileName'>): Promise<void> {
  const response = await apiClient.get<Blob>(`/v1/imports/${item.id}/file`, {
    responseType: 'blob',
    // A large statement on a slow line takes longer than the API's usual answer time.
    timeout: 0,
  });
  const url = URL.createObjectURL(response.data);
  try {
    const anchor = document.createElement('a');
    anchor.href = url;
    anchor.download = item.fileName;
    document.body.append(anchor);
    anchor.click();
    anchor.remove();
  } finally {
    // The click has handed the blob to the browser's download.
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }
}

export function useDownloadImportFile() {
  return useMutation({ mutationFn: downloadImportFile });
}
