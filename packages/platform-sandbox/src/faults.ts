import { randomBytes } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import {
  googleErrorBody,
  sendGoogleError,
  sendGoogleQuotaExceeded,
  sendGoogleUnauthorized,
  sendOAuthError,
} from './google-errors';
import { META_ERRORS, sendMetaError } from './meta/errors';
import { sendTikTokApiError, sendTikTokOAuthError } from './tiktok/errors';

export type FaultApi = 'youtube' | 'analytics' | 'oauth' | 'graph' | 'tiktok';
export const FAULT_APIS: readonly FaultApi[] = ['youtube', 'analytics', 'oauth', 'graph', 'tiktok'];

export type FaultSpec =
  | { type: '429'; retryAfterSeconds?: number }
  | { type: '5xx'; status?: number }
  | { type: 'quotaExceeded' }
  | { type: 'revoked' }
  | { type: 'malformed' };

export type Fault = {
  id: string;
  match: { api: FaultApi; path?: string };
  fault: FaultSpec;
  /** null: until cleared. */
  remaining: number | null;
  hits: number;
};

export type RequestTarget = { api: FaultApi; family: 'google' | 'meta' | 'tiktok'; path: string };

/** Which emulated API a path (relative to the sandbox root) belongs to. */
export function classifyPath(path: string): RequestTarget | null {
  if (path.startsWith('/youtube/')) return { api: 'youtube', family: 'google', path };
  if (path.startsWith('/youtubeanalytics/') || path.startsWith('/v2/'))
    return { api: 'analytics', family: 'google', path };
  if (path.startsWith('/oauth2/')) return { api: 'oauth', family: 'google', path };
  if (path.startsWith('/facebook/')) return { api: 'oauth', family: 'meta', path };
  if (/^\/graph\/[^/]+\/oauth\/access_token/.test(path))
    return { api: 'oauth', family: 'meta', path };
  if (path.startsWith('/graph/')) return { api: 'graph', family: 'meta', path };
  if (path.startsWith('/tiktok/') || path.startsWith('/tiktokapis/v2/oauth/'))
    return { api: 'oauth', family: 'tiktok', path };
  if (path.startsWith('/tiktokapis/')) return { api: 'tiktok', family: 'tiktok', path };
  return null;
}

export class FaultStore {
  private faults: Fault[] = [];

  add(match: Fault['match'], fault: FaultSpec, times: number | null): Fault {
    const entry: Fault = {
      id: randomBytes(6).toString('hex'),
      match,
      fault,
      remaining: times,
      hits: 0,
    };
    this.faults.push(entry);
    return entry;
  }

  list(): readonly Fault[] {
    return this.faults;
  }

  remove(id: string): boolean {
    const before = this.faults.length;
    this.faults = this.faults.filter((f) => f.id !== id);
    return this.faults.length !== before;
  }

  clear(): void {
    this.faults = [];
  }

  /** Finds the first armed fault for the request and consumes one use of it. */
  take(target: RequestTarget): Fault | null {
    const fault = this.faults.find(
      (f) =>
        f.match.api === target.api &&
        (f.match.path === undefined || target.path.includes(f.match.path)) &&
        (f.remaining === null || f.remaining > 0),
    );
    if (!fault) return null;
    fault.hits += 1;
    if (fault.remaining !== null) fault.remaining -= 1;
    return fault;
  }
}

/**
 * Meta's "(#4) Application request limit reached", with the app-usage header Graph sends beside
 * it (`call_count` at 100 %; how much of the CPU and time budgets were spent).
 */
function sendMetaRequestLimit(
  reply: FastifyReply,
  status: number,
  usage: { cpuTime: number; totalTime: number },
) {
  void reply.header(
    'x-app-usage',
    JSON.stringify({ call_count: 100, total_cputime: usage.cpuTime, total_time: usage.totalTime }),
  );
  return sendMetaError(reply, {
    message: '(#4) Application request limit reached',
    code: 4,
    isTransient: true,
    status,
  });
}

/** Answers with the provider's own shape for the injected failure. */
export function sendFault(
  reply: FastifyReply,
  target: RequestTarget,
  spec: FaultSpec,
): FastifyReply {
  const isGoogleOAuth = target.family === 'google' && target.api === 'oauth';
  if (target.family === 'tiktok') return sendTikTokFault(reply, target, spec);
  switch (spec.type) {
    case '429': {
      void reply.header('retry-after', String(spec.retryAfterSeconds ?? 30));
      if (target.family === 'meta') {
        return sendMetaRequestLimit(reply, 429, { cpuTime: 12, totalTime: 18 });
      }
      if (isGoogleOAuth)
        return sendOAuthError(reply, 429, 'rate_limit_exceeded', 'Rate Limit Exceeded');
      return sendGoogleError(
        reply,
        429,
        'Resource has been exhausted (e.g. check quota).',
        'rateLimitExceeded',
      );
    }
    case '5xx': {
      const status = spec.status ?? 503;
      if (target.family === 'meta') {
        return sendMetaError(reply, {
          message: 'An unexpected error has occurred. Please retry your request later.',
          code: 2,
          isTransient: true,
          status,
        });
      }
      if (isGoogleOAuth) return sendOAuthError(reply, status, 'internal_failure', 'Backend Error');
      const message =
        status === 503 ? 'The service is currently unavailable.' : 'Internal error encountered.';
      return reply
        .code(status)
        .send(
          googleErrorBody(status, message, [{ message, domain: 'global', reason: 'backendError' }]),
        );
    }
    case 'quotaExceeded': {
      if (target.family === 'meta') {
        return sendMetaRequestLimit(reply, 403, { cpuTime: 100, totalTime: 100 });
      }
      if (isGoogleOAuth)
        return sendOAuthError(reply, 429, 'rate_limit_exceeded', 'Rate Limit Exceeded');
      return sendGoogleQuotaExceeded(reply);
    }
    case 'revoked': {
      if (target.family === 'meta') return sendMetaError(reply, META_ERRORS.revokedToken);
      if (isGoogleOAuth)
        return sendOAuthError(reply, 400, 'invalid_grant', 'Token has been expired or revoked.');
      return sendGoogleUnauthorized(reply);
    }
    case 'malformed': {
      // A truncated body with a JSON content type, like a proxy cutting the connection short.
      const body =
        target.family === 'meta'
          ? '{"data":[{"name":"reach","period":"da'
          : '{"kind":"youtube#resultTable","columnHeaders":[{"name":"da';
      return reply.code(200).type('application/json; charset=UTF-8').send(body);
    }
  }
}

/** TikTok's answers: Login Kit's `{error, error_description}`, the Display API's envelope. */
function sendTikTokFault(
  reply: FastifyReply,
  target: RequestTarget,
  spec: FaultSpec,
): FastifyReply {
  const isOAuth = target.api === 'oauth';
  switch (spec.type) {
    case '429':
    case 'quotaExceeded': {
      // TikTok has no daily quota: both are its per-minute rate limit.
      void reply.header(
        'retry-after',
        String(spec.type === '429' ? (spec.retryAfterSeconds ?? 30) : 60),
      );
      const message = 'The API rate limit was exceeded. Please try again later.';
      return isOAuth
        ? sendTikTokOAuthError(reply, 429, 'rate_limit_exceeded', message)
        : sendTikTokApiError(reply, 'rate_limit_exceeded', message);
    }
    case '5xx': {
      const status = spec.status ?? 503;
      return isOAuth
        ? sendTikTokOAuthError(reply, status, 'server_error', 'Internal server error.')
        : sendTikTokApiError(reply, 'internal_error', 'Internal server error.', status);
    }
    case 'revoked':
      return isOAuth
        ? sendTikTokOAuthError(reply, 400, 'invalid_grant', 'Refresh token is invalid or expired.')
        : sendTikTokApiError(
            reply,
            'access_token_invalid',
            'The access token is invalid or not found in the request.',
          );
    case 'malformed':
      return reply
        .code(200)
        .type('application/json; charset=UTF-8')
        .send('{"data":{"videos":[{"id":"7');
  }
}
