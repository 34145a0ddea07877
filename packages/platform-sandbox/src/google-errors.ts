import type { FastifyReply } from 'fastify';

/**
 * Google's JSON error envelope for googleapis.com APIs:
 * https://cloud.google.com/apis/design/errors#http_mapping and the YouTube Data API error table
 * https://developers.google.com/youtube/v3/docs/errors
 */
export type GoogleErrorItem = {
  message: string;
  domain: string;
  reason: string;
  location?: string;
  locationType?: string;
};

const STATUS_NAMES: Record<number, string> = {
  400: 'INVALID_ARGUMENT',
  401: 'UNAUTHENTICATED',
  403: 'PERMISSION_DENIED',
  404: 'NOT_FOUND',
  429: 'RESOURCE_EXHAUSTED',
  500: 'INTERNAL',
  503: 'UNAVAILABLE',
};

export function googleErrorBody(
  code: number,
  message: string,
  errors: GoogleErrorItem[],
): { error: { code: number; message: string; errors: GoogleErrorItem[]; status: string } } {
  return { error: { code, message, errors, status: STATUS_NAMES[code] ?? 'UNKNOWN' } };
}

export function sendGoogleError(
  reply: FastifyReply,
  code: number,
  message: string,
  reason: string,
  extra: { domain?: string; location?: string; locationType?: string } = {},
): FastifyReply {
  const item: GoogleErrorItem = { message, domain: extra.domain ?? 'global', reason };
  if (extra.location) item.location = extra.location;
  if (extra.locationType) item.locationType = extra.locationType;
  return reply
    .code(code)
    .type('application/json; charset=UTF-8')
    .send(googleErrorBody(code, message, [item]));
}

export function sendGoogleUnauthorized(reply: FastifyReply): FastifyReply {
  void reply.header(
    'www-authenticate',
    'Bearer realm="https://accounts.google.com/", error="invalid_token"',
  );
  return sendGoogleError(
    reply,
    401,
    'Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential. See https://developers.google.com/identity/sign-in/web/devconsole-project.',
    'authError',
    { location: 'Authorization', locationType: 'header' },
  );
}

export function sendGoogleInsufficientScopes(reply: FastifyReply): FastifyReply {
  void reply.header(
    'www-authenticate',
    'Bearer realm="https://accounts.google.com/", error="insufficient_scope"',
  );
  return sendGoogleError(
    reply,
    403,
    'Request had insufficient authentication scopes.',
    'insufficientPermissions',
  );
}

export function sendGoogleQuotaExceeded(reply: FastifyReply): FastifyReply {
  return sendGoogleError(
    reply,
    403,
    'The request cannot be completed because you have exceeded your <a href="/youtube/v3/getting-started#quota">quota</a>.',
    'quotaExceeded',
    { domain: 'youtube.quota' },
  );
}

/** OAuth endpoints use the flat RFC 6749 shape instead: {"error","error_description"}. */
export function sendOAuthError(
  reply: FastifyReply,
  status: number,
  error: string,
  description: string,
): FastifyReply {
  return reply
    .code(status)
    .type('application/json; charset=utf-8')
    .header('cache-control', 'no-cache, no-store, max-age=0, must-revalidate')
    .send({ error, error_description: description });
}
