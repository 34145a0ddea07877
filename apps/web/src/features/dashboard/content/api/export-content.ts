import { apiClient } from '@/lib/api-client';
import { toContentParams, type ContentFilter } from './get-content';

/** e.g. `crescendo-content-2026-11-22.csv`, dated with the artist's local day. */
export function toContentCsvFileName(now = new Date()): string {
  const day = [
    now.getFullYear(),
    String(now.getMonth() + 1).padStart(2, '0'),
    String(now.getDate()).padStart(2, '0'),
  ].join('-');
  return `crescendo-content-${day}.csv`;
}

/**
 * The content table as CSV (`format=csv`), fetched through the API client so the bearer token is
 * sent. It carries the view's range, platform, type, search and sort but no page: the export holds
 * every row matching the current view, in the table's order, not just the page on screen.
 */
export async function exportContentCsv(filter: ContentFilter): Promise<Blob> {
  const response = await apiClient.get<Blob>('/dashboard/content', {
    params: { ...toContentParams(filter), format: 'csv' },
    headers: { Accept: 'text/csv' },
    responseType: 'blob',
  });
  return response.data;
}
