import type { ErrorCode, ErrorResponse, FieldIssue } from '@crescendo/contracts';
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
