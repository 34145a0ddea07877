import { API_BASE_URL, createRequestId, REQUEST_ID_HEADER } from './api-request';

/**
 * Render-as-you-fetch for the first screen: at start-up, as soon as the identity's token is known,
 * the entry asks for what that screen will ask for (the backend user, the page's data), while the
 * page's chunks are still loading. The API client then takes a matching answer instead of asking
 * again. Only successful answers are kept: anything else is asked again by the API client, whose
 * rules (retries, 401 and 5xx handling, error messages) apply as usual.
 */
type EarlyAnswer = { status: number; data: unknown };
type EarlyRequest = { token: string; answer: Promise<EarlyAnswer | null>; startedAt: number };

/** An answer older than this is not used: the app asks afresh. */
export const EARLY_ANSWER_LIFETIME_MS = 15_000;

const requests = new Map<string, EarlyRequest>();

/** Starts `GET /api{path}` with this token, once per path and token. `path` includes its query. */
export function startEarlyRequest(path: string, token: string): void {
  if (requests.get(path)?.token === token) return;
  const answer = fetch(`${API_BASE_URL}${path}`, {
    headers: {
      Accept: 'application/json',
      Authorization: `Bearer ${token}`,
      [REQUEST_ID_HEADER]: createRequestId(),
    },
  })
    .then(async (response) =>
      response.ok ? { status: response.status, data: (await response.json()) as unknown } : null,
    )
    .catch(() => null);
  requests.set(path, { token, answer, startedAt: Date.now() });
}

/**
 * The early answer for `GET /api{path}` sent with this token, handed out once; undefined when
 * there is none (another path, another token, or too old), null when it failed.
 */
export function takeEarlyAnswer(
  path: string,
  token: string | null,
): Promise<EarlyAnswer | null> | undefined {
  const request = requests.get(path);
  if (!request) return undefined;
  requests.delete(path);
  if (request.token !== token || Date.now() - request.startedAt > EARLY_ANSWER_LIFETIME_MS) {
    return undefined;
  }
  return request.answer;
}
