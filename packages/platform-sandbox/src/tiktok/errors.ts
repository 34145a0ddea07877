import { randomBytes } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import type { Grant, TokenLookup } from '../oauth/token-store';

/**
 * TikTok's two error shapes. The Display API wraps every answer in `{ data, error: { code,
 * message, log_id } }` (`code: "ok"` on success):
 * https://developers.tiktok.com/doc/tiktok-api-v2-error-handling. Login Kit's token and revoke
 * endpoints answer `{ error, error_description, log_id }` on failure:
 * https://developers.tiktok.com/doc/oauth-error-handling.
 */
export type TikTokApiErrorCode =
  | 'access_token_invalid'
  | 'scope_not_authorized'
  | 'invalid_params'
  | 'rate_limit_exceeded'
  | 'internal_error';

const API_ERROR_STATUS: Record<TikTokApiErrorCode, number> = {
  access_token_invalid: 401,
  scope_not_authorized: 401,
  invalid_params: 400,
  rate_limit_exceeded: 429,
  internal_error: 500,
};

/** TikTok's log ids: a UTC timestamp to the second, then random hex, upper case. */
export function createLogId(nowMs = Date.now()): string {
  const stamp = new Date(nowMs).toISOString().replace(/[-:T]/g, '').slice(0, 14);
  return `${stamp}${randomBytes(9).toString('hex').toUpperCase()}`;
}

export function okError(): { code: 'ok'; message: ''; log_id: string } {
  return { code: 'ok', message: '', log_id: createLogId() };
}

export function sendTikTokApiError(
  reply: FastifyReply,
  code: TikTokApiErrorCode,
  message: string,
  status = API_ERROR_STATUS[code],
): FastifyReply {
  return reply.code(status).send({ error: { code, message, log_id: createLogId() } });
}

export type TikTokOAuthErrorCode =
  | 'invalid_request'
  | 'invalid_client'
  | 'invalid_grant'
  | 'unsupported_grant_type'
  | 'invalid_scope'
  | 'rate_limit_exceeded'
  | 'server_error';

export function sendTikTokOAuthError(
  reply: FastifyReply,
  status: number,
  error: TikTokOAuthErrorCode,
  description: string,
): FastifyReply {
  return reply.code(status).send({ error, error_description: description, log_id: createLogId() });
}

export const TIKTOK_ERRORS = {
  invalidToken: {
    code: 'access_token_invalid',
    message: 'The access token is invalid or not found in the request.',
  },
} as const;

/** A bearer token's verdict for the Display API: its grant, or the error to answer with. */
export function checkTikTokToken(
  lookup: TokenLookup,
): { grant: Grant } | { error: { code: TikTokApiErrorCode; message: string } } {
  if (lookup.status !== 'valid' || lookup.grant.provider !== 'tiktok')
    return { error: TIKTOK_ERRORS.invalidToken };
  return { grant: lookup.grant };
}
