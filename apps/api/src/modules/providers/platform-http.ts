import { z } from 'zod';

/** `fetch`'s shape; the in-process sandbox is reached through `app.inject` behind it. */
export type PlatformFetch = (url: string, init?: RequestInit) => Promise<Response>;

export type ProviderName = 'google' | 'meta';

/** Base class of every failure talking to Google or Meta; messages never contain tokens. */
export class ProviderError extends Error {
  override name = 'ProviderError';
  constructor(
    message: string,
    readonly status: number | null = null,
    /** The provider's own error code (`invalid_grant`, `quotaExceeded`, Meta's 190…). */
    readonly providerCode: string | null = null,
  ) {
    super(message);
  }
}

/** The daily quota is spent: retrying before it resets only wastes calls. */
export class QuotaExceededError extends ProviderError {
  override name = 'QuotaExceededError';
}

/** The grant is gone (revoked, expired refresh token): only the user can fix it by reconnecting. */
export class ReconnectNeededError extends ProviderError {
  override name = 'ReconnectNeededError';
}

/** The provider answered 2xx with something we cannot parse; retrying will not help. */
export class MalformedResponseError extends ProviderError {
  override name = 'MalformedResponseError';
}

/** 429/5xx still failing after our retries: the job retries later with its own backoff. */
export class TransientProviderError extends ProviderError {
  override name = 'TransientProviderError';
}

export type RetryPolicy = {
  /** Retries after the first attempt (the brief: at most 3). */
  maxRetries: number;
  baseDelayMs: number;
  /** Longest `Retry-After` we wait in-process; longer pauses fail transiently instead. */
  maxDelayMs: number;
  /** Each attempt (request and body) is abandoned after this long: a hung provider never holds a job or a request. */
  timeoutMs: number;
  sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
};

export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(signal.reason);
      },
      { once: true },
    );
  });
}

export const defaultRetryPolicy: RetryPolicy = {
  maxRetries: 3,
  baseDelayMs: 500,
  maxDelayMs: 60_000,
  timeoutMs: 15_000,
  sleep,
};

export type ErrorClassifier = (status: number, body: unknown, headers: Headers) => ProviderError;

export type PlatformHttp = {
  fetch: PlatformFetch;
  retry: RetryPolicy;
};

function parseRetryAfterMs(headers: Headers): number | null {
  const value = headers.get('retry-after');
  if (!value) return null;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(value);
  return Number.isNaN(date) ? null : Math.max(0, date - Date.now());
}

function parseJson(text: string): { isValid: true; value: unknown } | { isValid: false } {
  try {
    return { isValid: true, value: JSON.parse(text) as unknown };
  } catch {
    return { isValid: false };
  }
}

/**
 * Sends a request, retrying 429 and 5xx (honouring `Retry-After`) at most `maxRetries` times,
 * and validates a 2xx body against `schema`. Other failures go through `classify`.
 */
export async function requestJson<T extends z.ZodType>(
  http: PlatformHttp,
  request: { url: string; init?: RequestInit; schema: T; classify: ErrorClassifier; what: string },
  signal?: AbortSignal,
): Promise<z.output<T>> {
  const { retry } = http;
  for (let attempt = 0; ; attempt += 1) {
    let response: Response;
    let text: string;
    const timeout = AbortSignal.timeout(retry.timeoutMs);
    try {
      const attemptSignal = signal ? AbortSignal.any([signal, timeout]) : timeout;
      response = await http.fetch(request.url, { ...request.init, signal: attemptSignal });
      text = await response.text();
    } catch (error) {
      if (signal?.aborted) throw error;
      if (attempt >= retry.maxRetries) {
        throw new TransientProviderError(
          timeout.aborted
            ? `${request.what}: the provider did not answer within ${retry.timeoutMs} ms`
            : `${request.what}: the provider is unreachable`,
        );
      }
      await retry.sleep(retry.baseDelayMs * 2 ** attempt, signal);
      continue;
    }
    if (response.status === 429 || response.status >= 500) {
      const body = parseJson(text);
      const classified = request.classify(
        response.status,
        body.isValid ? body.value : null,
        response.headers,
      );
      // Quota exhaustion can arrive as a 429 too; waiting seconds will not fix it.
      if (classified instanceof QuotaExceededError) throw classified;
      const delay = parseRetryAfterMs(response.headers) ?? retry.baseDelayMs * 2 ** attempt;
      if (attempt >= retry.maxRetries || delay > retry.maxDelayMs) {
        throw new TransientProviderError(
          `${request.what}: the provider answered ${response.status} after ${attempt + 1} attempts`,
          response.status,
          classified.providerCode,
        );
      }
      await retry.sleep(delay, signal);
      continue;
    }
    const body = parseJson(text);
    if (response.status >= 400) {
      throw request.classify(response.status, body.isValid ? body.value : null, response.headers);
    }
    if (!body.isValid) {
      throw new MalformedResponseError(
        `${request.what}: the provider sent a body that is not JSON`,
      );
    }
    const parsed = request.schema.safeParse(body.value);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new MalformedResponseError(
        `${request.what}: unexpected response shape (${issue?.path.join('.') || 'body'}: ${issue?.message ?? 'invalid'})`,
      );
    }
    return parsed.data;
  }
}

/** Builds a URL from a base and query parameters, skipping undefined values. */
export function buildUrl(
  base: string,
  path: string,
  query: Record<string, string | number | undefined> = {},
): string {
  const url = new URL(`${base.replace(/\/$/, '')}${path}`);
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined) url.searchParams.set(name, String(value));
  }
  return url.toString();
}

/**
 * A link or image address from a platform, kept only when it is `https:`: a stored permalink is
 * later an `href` in the app, and a `javascript:` or plain-http one must never get there.
 */
export const httpsUrlSchema = z
  .string()
  .optional()
  .transform((value) => {
    if (!value) return undefined;
    try {
      return new URL(value).protocol === 'https:' ? value : undefined;
    } catch {
      return undefined;
    }
  });

const loopbackHosts = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * An image address from a platform (thumbnail, cover, avatar): `https:`, or plain http on this
 * machine, where the local platform sandbox serves its generated pictures (`http://localhost:3000/
 * sandbox/thumbnails/…`). No real platform hands out a loopback address, and an image is never an href.
 */
export const imageUrlSchema = z
  .string()
  .optional()
  .transform((value) => {
    if (!value) return undefined;
    try {
      const url = new URL(value);
      if (url.protocol === 'https:') return value;
      return url.protocol === 'http:' && loopbackHosts.has(url.hostname) ? value : undefined;
    } catch {
      return undefined;
    }
  });
