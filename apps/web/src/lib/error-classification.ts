import { getErrorStatus, isPlanLimitError } from './api-error';
import { isChunkLoadError } from './chunk-errors';

export type RouteErrorKind = 'chunk' | 'network' | 'unauthorized' | 'forbidden' | 'page';

export const ROUTE_REDIRECT_DELAY_MS = 2_000;

export function readErrorMessage(error: unknown): string {
  if (error instanceof Error) return error.message;
  if (typeof error === 'string') return error;
  const data = (error as { data?: unknown; statusText?: unknown } | null)?.data;
  if (typeof data === 'string') return data;
  const statusText = (error as { statusText?: unknown } | null)?.statusText;
  return typeof statusText === 'string' ? statusText : '';
}

/**
 * Spec §4 route error boundary: 401/403 redirect; chunk-load → Update Required; a network or
 * fetch message → Connection Problem; anything else → Page Error. Chunk is tested before network
 * because "Failed to fetch dynamically imported module" mentions fetch.
 */
export function classifyRouteError(error: unknown): RouteErrorKind {
  const status = getErrorStatus(error);
  if (status === 401) return 'unauthorized';
  // A plan limit is not a missing role: the page explains it instead of leaving for access-denied.
  if (status === 403 && !isPlanLimitError(error)) return 'forbidden';
  if (isChunkLoadError(error)) return 'chunk';
  const message = readErrorMessage(error).toLowerCase();
  if (message.includes('network') || message.includes('fetch')) return 'network';
  return 'page';
}
