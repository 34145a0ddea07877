import {
  API_BASE_URL,
  createRequestId,
  REQUEST_ID_HEADER,
  REQUEST_TIMEOUT_MS,
} from './api-request';

/**
 * Render-as-you-fetch for the first screen: at start-up, as soon as the identity's token is known,
 * the boot script asks for what that screen will ask for (the backend user, the page's data) while
 * the page's chunks are still loading. The API client then takes the answer as the first attempt
 * of its own request for the same path and token: an error status, a network failure or a time-out
 * is handled (retried, redirected, shown) exactly as if the client had sent it.
 */
export type EarlyAnswer = {
  status: number;
  statusText: string;
  headers: Record<string, string>;
  data: unknown;
};
type EarlyRequest = { token: string; answer: Promise<EarlyAnswer>; startedAt: number };

/** An answer the app has not asked for by then is not used: the app asks afresh. */
export const EARLY_ANSWER_LIFETIME_MS = 15_000;

const requests = new Map<string, EarlyRequest>();

async function readAnswer(response: Response): Promise<EarlyAnswer> {
  const text = await response.text();
  let data: unknown = text;
  try {
    data = text ? (JSON.parse(text) as unknown) : undefined;
  } catch {
    // not JSON: the text, as axios would leave it
  }
  return {
    status: response.status,
    statusText: response.statusText,
    headers: Object.fromEntries(response.headers.entries()),
    data,
  };
}

/** Whether any early request is still waiting to be taken. */
export function hasEarlyRequests(): boolean {
  const now = Date.now();
  for (const [path, request] of requests) {
    if (now - request.startedAt > EARLY_ANSWER_LIFETIME_MS) requests.delete(path);
  }
  return requests.size > 0;
}

/** Starts `GET /api{path}` with this token, once per path and token. `path` includes its query. */
export function startEarlyRequest(path: string, token: string): void {
  if (requests.get(path)?.token === token) return;
  const answer = fetch(`${API_BASE_URL}${path}`, {
    headers: {
      Accept: 'application/json',
      Authorization: `Bearer ${token}`,
      [REQUEST_ID_HEADER]: createRequestId(),
    },
    // The API client's own time-out, for the same request sent early.
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  }).then(readAnswer);
  // Unhandled until the app takes it; a failure then surfaces through the API client.
  answer.catch(() => undefined);
  requests.set(path, { token, answer, startedAt: Date.now() });
}

/**
 * The early answer for `GET /api{path}` sent with this token, handed out once; undefined when
 * there is none (another path, another token, or too old). It rejects if the request failed
 * without an answer (network, time-out: `TimeoutError`).
 */
export function takeEarlyAnswer(
  path: string,
  token: string | null,
): Promise<EarlyAnswer> | undefined {
  const request = requests.get(path);
  if (!request) return undefined;
  requests.delete(path);
  if (request.token !== token || Date.now() - request.startedAt > EARLY_ANSWER_LIFETIME_MS) {
    return undefined;
  }
  return request.answer;
}
