import type { MeResponse } from '@crescendo/contracts';
import { API_BASE_URL, createRequestId, REQUEST_ID_HEADER } from '../api-request';

type Prefetched = { identityUserId: string; user: Promise<MeResponse | null> };

let prefetched: Prefetched | null = null;
/** Once the app has asked for the user, a late prefetch would only duplicate its request. */
let hasAppAsked = false;

/**
 * Cold start only: asks for the backend user as soon as the provider's token is known, before the
 * app and its route chunks have rendered. Plain `fetch` keeps the API client out of start-up.
 */
export function prefetchCurrentUser(identityUserId: string, token: string): void {
  if (prefetched || hasAppAsked) return;
  prefetched = {
    identityUserId,
    user: fetch(`${API_BASE_URL}/v1/auth/me`, {
      headers: {
        Accept: 'application/json',
        Authorization: `Bearer ${token}`,
        [REQUEST_ID_HEADER]: createRequestId(),
      },
    })
      .then((response) => (response.ok ? (response.json() as Promise<MeResponse>) : null))
      .catch(() => null),
  };
}

/**
 * The prefetched user of this identity, handed out once. Null when there is none, it belongs to
 * someone else, or it failed: the caller then asks through the API client, whose rules (retries,
 * 401 and 5xx handling) apply as usual.
 */
export async function takePrefetchedCurrentUser(
  identityUserId: string | null,
): Promise<MeResponse | null> {
  hasAppAsked = true;
  const taken = prefetched;
  prefetched = null;
  if (!taken || taken.identityUserId !== identityUserId) return null;
  return taken.user;
}
