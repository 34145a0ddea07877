/** What every API request carries; kept apart from the axios client so start-up code can use it. */
export const API_BASE_URL = '/api';
export const REQUEST_ID_HEADER = 'X-Request-ID';
/** Spec §7: a request that has no answer after 10 s has failed. */
export const REQUEST_TIMEOUT_MS = 10_000;

export function createRequestId(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') {
    return crypto.randomUUID();
  }
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
}
