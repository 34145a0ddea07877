import { randomBytes } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import type { AccessTokenRecord, Grant, TokenLookup } from '../oauth/token-store';

/**
 * Graph API error envelope: https://developers.facebook.com/docs/graph-api/guides/error-handling
 * {"error":{"message","type","code","error_subcode"?,"is_transient"?,"fbtrace_id"}}
 */
export type MetaError = {
  message: string;
  type?: string;
  code: number;
  subcode?: number;
  isTransient?: boolean;
  status?: number;
};

export class MetaApiError extends Error {
  constructor(readonly details: MetaError) {
    super(details.message);
  }
}

export function metaErrorBody(details: MetaError): { error: Record<string, unknown> } {
  const error: Record<string, unknown> = {
    message: details.message,
    type: details.type ?? 'OAuthException',
    code: details.code,
  };
  if (details.subcode !== undefined) error.error_subcode = details.subcode;
  if (details.isTransient !== undefined) error.is_transient = details.isTransient;
  error.fbtrace_id = `A${randomBytes(16).toString('base64url').slice(0, 22)}`;
  return { error };
}

export function sendMetaError(reply: FastifyReply, details: MetaError): FastifyReply {
  // Graph answers most client errors, including bad tokens, with HTTP 400.
  return reply
    .code(details.status ?? 400)
    .header(
      'www-authenticate',
      `OAuth "Facebook Platform" "${details.code === 190 ? 'invalid_token' : 'invalid_request'}" "${details.message.replace(/"/g, "'")}"`,
    )
    .type('application/json; charset=UTF-8')
    .send(metaErrorBody(details));
}

export const META_ERRORS = {
  missingToken: {
    message: 'An active access token must be used to query information about the current user.',
    code: 2500,
  },
  invalidToken: { message: 'Invalid OAuth access token - Cannot parse access token', code: 190 },
  revokedToken: {
    message: 'Error validating access token: The user has not authorized application.',
    code: 190,
    subcode: 458,
  },
  unsupportedGet: (id: string): MetaError => ({
    message: `Unsupported get request. Object with ID '${id}' does not exist, cannot be loaded due to missing permissions, or does not support this operation. Please read the Graph API documentation at https://developers.facebook.com/docs/graph-api`,
    type: 'GraphMethodException',
    code: 100,
    subcode: 33,
  }),
  missingPermission: {
    message: '(#10) Application does not have permission for this action',
    code: 10,
  },
} satisfies Record<string, MetaError | ((id: string) => MetaError)>;

export function expiredTokenError(expiredAtMs: number, nowMs: number): MetaError {
  const format = (ms: number): string => new Date(ms).toUTCString();
  return {
    message: `Error validating access token: Session has expired on ${format(expiredAtMs)}. The current time is ${format(nowMs)}.`,
    code: 190,
    subcode: 463,
  };
}

/**
 * A looked-up access token as Graph judges it (for API calls and fb_exchange_token alike): usable,
 * or the error for an unknown, another provider's, revoked or expired token.
 */
export function checkMetaToken(
  lookup: TokenLookup,
  nowMs: number,
): { grant: Grant; record: AccessTokenRecord } | { error: MetaError } {
  if (lookup.status === 'unknown' || lookup.grant.provider !== 'meta')
    return { error: META_ERRORS.invalidToken };
  if (lookup.status === 'revoked') return { error: META_ERRORS.revokedToken };
  if (lookup.status === 'expired')
    return { error: expiredTokenError(lookup.record.expiresAtMs ?? nowMs, nowMs) };
  return { grant: lookup.grant, record: lookup.record };
}
