import http from 'node:http';
import type { Socket } from 'node:net';
import {
  errorStatusByCode,
  type ErrorCode,
  type ErrorResponse,
  type FieldIssue,
} from '@crescendo/contracts';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import {
  hasZodFastifySchemaValidationErrors,
  isResponseSerializationError,
} from 'fastify-type-provider-zod';
import { isDatabaseUnavailable } from '../db/client';
import { AppError } from '../lib/app-error';

export function sendError(
  reply: FastifyReply,
  status: number,
  code: ErrorCode,
  message: string,
  details?: ErrorResponse['error']['details'],
) {
  const body: ErrorResponse = { error: { code, message, ...(details ? { details } : {}) } };
  return reply.status(status).type('application/json; charset=utf-8').send(body);
}

function toFieldIssues(error: FastifyError): FieldIssue[] {
  const validation = error.validation ?? [];
  return validation.flatMap((entry) => {
    const keys = (entry.params as { keys?: string[] } | undefined)?.keys;
    const base = (entry.instancePath ?? '').split('/').filter(Boolean).join('.');
    if (entry.keyword === 'unrecognized_keys' && keys?.length) {
      return keys.map((key) => ({
        field: base ? `${base}.${key}` : key,
        message: 'is not a recognised field',
      }));
    }
    return [
      {
        field: base || (error.validationContext ?? 'body'),
        message: entry.message ?? 'is invalid',
      },
    ];
  });
}

/** How long clients are asked to wait while the database is unreachable. */
const databaseRetryAfterSeconds = 5;

/** One error handler for the whole API: the wire format, 5xx internals never shown. */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof AppError) {
      if (error.details?.retryAfterSeconds)
        reply.header('retry-after', String(error.details.retryAfterSeconds));
      return sendError(reply, error.statusCode, error.code, error.message, error.details);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields = toFieldIssues(error);
      const names = [...new Set(fields.map((field) => field.field))].join(', ');
      return sendError(
        reply,
        400,
        'VALIDATION_FAILED',
        `Invalid ${error.validationContext ?? 'request'}: ${names}`,
        {
          fields,
        },
      );
    }
    if (isResponseSerializationError(error)) {
      request.log.error(
        { err: error, route: request.routeOptions.url },
        'response did not match its schema',
      );
      return sendError(
        reply,
        500,
        'INTERNAL',
        'Something went wrong on our side. Please try again.',
        {
          requestId: request.id,
        },
      );
    }
    const status = error.statusCode ?? 500;
    if (status === 429) {
      return sendError(
        reply,
        429,
        'RATE_LIMITED',
        error.message || 'Too many requests. Slow down and try again shortly.',
      );
    }
    if (status === 413) {
      return sendError(reply, 413, 'PAYLOAD_TOO_LARGE', 'The request body is too large.');
    }
    if (status === 415) {
      return sendError(
        reply,
        415,
        'UNSUPPORTED_MEDIA_TYPE',
        'Send the request body as application/json.',
      );
    }
    if (status >= 400 && status < 500) {
      const message =
        error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError
          ? 'The request body is not valid JSON.'
          : error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
            ? 'The request body is empty; send a JSON object.'
            : error.message;
      return sendError(reply, status, status === 404 ? 'NOT_FOUND' : 'BAD_REQUEST', message);
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ reason: error.message }, 'database unavailable');
      reply.header('retry-after', String(databaseRetryAfterSeconds));
      return sendError(
        reply,
        503,
        'SERVICE_UNAVAILABLE',
        'The service is briefly unavailable. Try again in a few seconds.',
        { retryAfterSeconds: databaseRetryAfterSeconds, requestId: request.id },
      );
    }
    request.log.error({ err: error }, 'unhandled error');
    return sendError(
      reply,
      500,
      'INTERNAL',
      'Something went wrong on our side. Please try again.',
      {
        requestId: request.id,
      },
    );
  });
});

/**
 * Fastify's own refusals before routing (its `frameworkErrors` option), in the wire format: a
 * path parameter over the router's length limit is 414, a URL that cannot be decoded is 400.
 */
export function sendFrameworkError(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  reply.header('x-request-id', request.id);
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    return sendError(reply, 414, 'URI_TOO_LONG', 'The URL is too long.');
  }
  if (error.code === 'FST_ERR_BAD_URL') {
    return sendError(reply, 400, 'BAD_REQUEST', 'The URL is not valid.');
  }
  return sendError(reply, 400, 'BAD_REQUEST', 'The request is not valid.');
}

/** Node's `clientError` (Fastify types its `rawPacket` as JSON; at run time it is a Buffer). */
type ClientError = Error & { code?: string; rawPacket?: unknown };

/** `METHOD /path HTTP/1.x` from the bytes Node's parser refused, when they hold a request line. */
function readRequestLine(rawPacket: unknown): { method: string; path: string } | null {
  const line = /^([!#$%&'*+.^`|~\w-]{1,32}) (\/\S*) HTTP\/1\.[01]\r?\n/.exec(
    Buffer.isBuffer(rawPacket) ? rawPacket.subarray(0, 8192).toString('latin1') : '',
  );
  return line ? { method: line[1]!, path: line[2]!.split('?')[0]! } : null;
}

/** The answer to a request Node's HTTP parser refused, in the wire format. */
function describeClientError(
  app: FastifyInstance,
  error: ClientError,
): { code: ErrorCode; message: string; headers?: Record<string, string> } {
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') {
    return { code: 'REQUEST_TIMEOUT', message: 'The request took too long to arrive.' };
  }
  if (error.code === 'HPE_HEADER_OVERFLOW') {
    return {
      code: 'HEADERS_TOO_LARGE',
      message:
        'The URL and headers are too large (over 16 KB together). Shorten the URL, or clear this site’s cookies.',
    };
  }
  // A method Node does not know (`FOO /api/health`): on a known path it is a 405 with Allow, as
  // a known method the route does not take is.
  const requestLine = error.code === 'HPE_INVALID_METHOD' ? readRequestLine(error.rawPacket) : null;
  if (requestLine) {
    const allowed = app.hasDecorator('allowedMethods') ? app.allowedMethods(requestLine.path) : [];
    if (allowed.length > 0) {
      return {
        code: 'METHOD_NOT_ALLOWED',
        message: `${requestLine.method} is not allowed on ${requestLine.path}; use ${allowed.join(', ')}.`,
        headers: { allow: allowed.join(', ') },
      };
    }
    return { code: 'NOT_FOUND', message: `No route for ${requestLine.method} ${requestLine.path}` };
  }
  return { code: 'BAD_REQUEST', message: 'The request is not valid HTTP.' };
}

/**
 * Fastify's `clientErrorHandler`: what Node's HTTP parser refuses before any route or hook runs
 * (headers over 16 KB, a method it does not know, malformed bytes, a request that stalls) is
 * answered in the wire format, then the connection closes (the parser cannot resume it).
 */
export function handleClientError(this: unknown, error: ClientError, socket: Socket) {
  // A reset connection has nobody to answer (as Fastify's own handler does).
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  // Fastify calls it with the root instance as `this` (its types do not say so).
  const app = this as FastifyInstance;
  const { code, message, headers = {} } = describeClientError(app, error);
  const status = errorStatusByCode[code];
  app.log.debug({ code: error.code, status }, 'request refused by the HTTP parser');
  if (socket.writable) {
    const body = JSON.stringify({ error: { code, message } } satisfies ErrorResponse);
    const lines = [
      `HTTP/1.1 ${status} ${http.STATUS_CODES[status]}`,
      'Content-Type: application/json; charset=utf-8',
      `Content-Length: ${Buffer.byteLength(body)}`,
      'Connection: close',
      ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
    ];
    socket.end(`${lines.join('\r\n')}\r\n\r\n${body}`);
  }
  socket.destroySoon();
}
