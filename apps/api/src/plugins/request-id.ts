import crypto from 'node:crypto';
import type { IncomingMessage } from 'node:http';

const requestIdPattern = /^[A-Za-z0-9._:-]{8,128}$/;

/** A client's `X-Request-ID` is kept when it is a sane token; otherwise we mint one. */
export function generateRequestId(request: IncomingMessage): string {
  const header = request.headers['x-request-id'];
  const candidate = Array.isArray(header) ? header[0] : header;
  return candidate && requestIdPattern.test(candidate) ? candidate : crypto.randomUUID();
}

const sensitiveQueryKeys =
  /^(code|token|access_token|refresh_token|id_token|state|code_verifier|client_secret|password|key|fb_exchange_token|input_token)$/i;

/** A share link's token is its key: the shared page's and its API's paths carry it. */
const sharePathToken = /^(\/s\/|\/api\/public\/shares\/)[^/?#]+/;

/**
 * Logs the path with secrets masked: in the query string (OAuth callbacks carry codes) and a share
 * link's token in its path.
 */
export function redactUrl(rawUrl: string): string {
  const url = rawUrl.replace(sharePathToken, '$1[REDACTED]');
  const queryStart = url.indexOf('?');
  if (queryStart === -1) return url;
  const params = new URLSearchParams(url.slice(queryStart + 1));
  for (const key of [...params.keys()]) {
    if (sensitiveQueryKeys.test(key)) params.set(key, '[REDACTED]');
  }
  return `${url.slice(0, queryStart)}?${params.toString()}`;
}

export const logRedactPaths = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-api-key"]',
  'res.headers["set-cookie"]',
  '*.authorization',
  '*.cookie',
  '*.password',
  '*.token',
  '*.accessToken',
  '*.refreshToken',
  '*.access_token',
  '*.refresh_token',
  '*.id_token',
  '*.clientSecret',
  '*.client_secret',
  '*.secret',
];
