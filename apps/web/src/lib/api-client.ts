import axios, { type AxiosError, type AxiosInstance, type InternalAxiosRequestConfig } from 'axios';
import { API_BASE_URL, createRequestId, REQUEST_ID_HEADER } from './api-request';
import { normalizeError } from './api-error';
import { handleUnauthorized, resolveBearerToken } from './api-session';
import { removeStoredToken } from './token-store';

export const REQUEST_TIMEOUT_MS = 10_000;
export const MAX_RETRIES = 3;
export const RETRY_BASE_DELAY_MS = 1_000;
export const RETRY_MAX_DELAY_MS = 30_000;

/** Exponential backoff from 1 s, doubling per attempt, capped at 30 s. `attempt` starts at 0. */
export function getRetryDelay(attempt: number): number {
  return Math.min(RETRY_BASE_DELAY_MS * 2 ** attempt, RETRY_MAX_DELAY_MS);
}

/** Retry on network errors (no response), 5xx and 429 — never on other 4xx or cancellations. */
export function isRetryableError(error: AxiosError): boolean {
  if (axios.isCancel(error)) return false;
  const status = error.response?.status;
  if (status === undefined) return Boolean(error.request) || error.code === 'ECONNABORTED';
  return status >= 500 || status === 429;
}

type RetriableConfig = InternalAxiosRequestConfig & { retryCount?: number };

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
    return config;
  });

  client.interceptors.response.use(undefined, async (error: AxiosError) => {
    const config = error.config as RetriableConfig | undefined;
    if (config && isRetryableError(error)) {
      const attempt = config.retryCount ?? 0;
      if (attempt < MAX_RETRIES) {
        config.retryCount = attempt + 1;
        await wait(getRetryDelay(attempt));
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
