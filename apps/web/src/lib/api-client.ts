import axios, {
  AxiosError,
  AxiosHeaders,
  type AxiosAdapter,
  type AxiosInstance,
  type InternalAxiosRequestConfig,
} from 'axios';
import {
  API_BASE_URL,
  createRequestId,
  REQUEST_ID_HEADER,
  REQUEST_TIMEOUT_MS,
} from './api-request';
import { normalizeError } from './api-error-message';
import { handleUnauthorized, resolveBearerToken } from './api-session';
import { hasEarlyRequests, takeEarlyAnswer, type EarlyAnswer } from './early-requests';
import { removeStoredToken } from './token-store';
import { watchReachability } from './watch-reachability';

export { REQUEST_TIMEOUT_MS };
export const MAX_RETRIES = 3;
export const RETRY_BASE_DELAY_MS = 1_000;
export const RETRY_MAX_DELAY_MS = 30_000;

/** Exponential backoff from 1 s, doubling per attempt, capped at 30 s. `attempt` starts at 0. */
export function getRetryDelay(attempt: number): number {
  return Math.min(RETRY_BASE_DELAY_MS * 2 ** attempt, RETRY_MAX_DELAY_MS);
}

const idempotentMethods = new Set(['get', 'head', 'options']);

/**
 * Retry on network errors (no response), 5xx and 429 — never on other 4xx or cancellations. A
 * write (POST, PUT, PATCH, DELETE) may have been carried out before a time-out or a 5xx, so it is
 * retried only after a 429: the server refused it without acting on it.
 */
export function isRetryableError(error: AxiosError): boolean {
  if (axios.isCancel(error)) return false;
  const status = error.response?.status;
  const isIdempotent = idempotentMethods.has((error.config?.method ?? 'get').toLowerCase());
  if (!isIdempotent) return status === 429;
  if (status === undefined) return Boolean(error.request) || error.code === 'ECONNABORTED';
  return status >= 500 || status === 429;
}

/** The wait a 429/503 asks for in `Retry-After` (seconds or an HTTP date), in ms; null if none. */
export function readRetryAfterMs(error: AxiosError, now = Date.now()): number | null {
  const header = error.response?.headers?.['retry-after'] as string | number | undefined;
  if (header === undefined || header === null || header === '') return null;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(String(header));
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}

type RetriableConfig = InternalAxiosRequestConfig & { retryCount?: number };

/**
 * The first attempt of a request the boot script already sent (lib/early-requests): its answer, or
 * its failure, goes through the same rules as the client's own. Retries go to the network.
 */
function answerEarly(
  early: Promise<EarlyAnswer>,
  network: InternalAxiosRequestConfig['adapter'],
): AxiosAdapter {
  let isUsed = false;
  return async (config) => {
    if (isUsed) return axios.getAdapter(network)(config);
    isUsed = true;
    let answer: EarlyAnswer;
    try {
      answer = await early;
    } catch (error) {
      const isTimeout = error instanceof Error && error.name === 'TimeoutError';
      throw new AxiosError(
        isTimeout ? `timeout of ${REQUEST_TIMEOUT_MS}ms exceeded` : 'Network Error',
        isTimeout ? AxiosError.ECONNABORTED : AxiosError.ERR_NETWORK,
        config,
        {},
      );
    }
    const response = {
      data: answer.data,
      status: answer.status,
      statusText: answer.statusText,
      headers: new AxiosHeaders(answer.headers),
      config,
      request: {},
    };
    if (!config.validateStatus || config.validateStatus(response.status)) return response;
    throw new AxiosError(
      `Request failed with status code ${response.status}`,
      response.status >= 500 ? AxiosError.ERR_BAD_RESPONSE : AxiosError.ERR_BAD_REQUEST,
      config,
      {},
      response,
    );
  };
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function createApiClient(
  options: { sleepFn?: (ms: number) => Promise<void> } = {},
): AxiosInstance {
  const wait = options.sleepFn ?? sleep;
  const client = axios.create({
    baseURL: API_BASE_URL,
    timeout: REQUEST_TIMEOUT_MS,
    headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
    withCredentials: true,
  });

  client.interceptors.request.use(async (config) => {
    const token = await resolveBearerToken();
    if (token) config.headers.set('Authorization', `Bearer ${token}`);
    config.headers.set(REQUEST_ID_HEADER, createRequestId());
    // Early answers exist only at start-up: later requests skip building the URL to look one up.
    if (hasEarlyRequests() && (config.method ?? 'get').toLowerCase() === 'get') {
      const early = takeEarlyAnswer(client.getUri(config).slice(API_BASE_URL.length), token);
      if (early) config.adapter = answerEarly(early, config.adapter ?? client.defaults.adapter);
    }
    return config;
  });

  client.interceptors.response.use(undefined, async (error: AxiosError) => {
    const config = error.config as RetriableConfig | undefined;
    if (config && isRetryableError(error)) {
      const attempt = config.retryCount ?? 0;
      // The server's own wait wins over the backoff; one longer than the cap is not waited out.
      const retryAfterMs = readRetryAfterMs(error);
      if (attempt < MAX_RETRIES && (retryAfterMs === null || retryAfterMs <= RETRY_MAX_DELAY_MS)) {
        config.retryCount = attempt + 1;
        await wait(retryAfterMs ?? getRetryDelay(attempt));
        return client.request(config);
      }
    }
    if (error.response?.status === 401) {
      removeStoredToken();
      handleUnauthorized();
    }
    throw normalizeError(error);
  });

  return client;
}

export const apiClient = createApiClient();
// Every request the app makes, public pages' included, tells whether the server is still there.
watchReachability(apiClient);
