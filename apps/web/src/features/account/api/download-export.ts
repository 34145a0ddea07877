import { useMutation } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

/** The file name the server suggests, else one with today's date. */
function fileNameOf(disposition: unknown): string {
  const match = typeof disposition === 'string' ? /filename="([^"]+)"/.exec(disposition) : null;
  return match?.[1] ?? `crescendo-export-${new Date().toISOString().slice(0, 10)}.json`;
}

/** Downloads `GET /api/v1/account/export` as a file (it needs the bearer token, so no plain link). */
export async function downloadAccountExport(): Promise<string> {
  const response = await apiClient.get<Blob>('/v1/account/export', { responseType: 'blob' });
  const fileName = fileNameOf(response.headers['content-disposition']);
  const url = URL.createObjectURL(response.data);
  try {
    const anchor = document.createElement('a');
    anchor.href = url;
    anchor.download = fileName;
    document.body.append(anchor);
    anchor.click();
    anchor.remove();
  } finally {
    // The click has handed the blob to the browser's download.
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }
  return fileName;
}

export function useDownloadAccountExport() {
  return useMutation({ mutationFn: downloadAccountExport });
}
