import type { IncomingMessage, ServerResponse } from 'node:http';
import cors from '@fastify/cors';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
import { AppError } from '../lib/app-error';
import { fastifyRateLimitStoreOf, type RateLimitStore } from '../lib/rate-limit-store';

export type SecurityOptions = {
  rateLimitStore: RateLimitStore;
  corsOrigins: string[];
  perIpLimit: number;
  windowSeconds: number;
  extraConnectSources: string[];
  extraScriptSources: string[];
};

/**
 * The headers Helmet sets for a policy. None of ours depends on the request (no nonces), so they
 * are worked out once at start-up: @fastify/helmet rebuilt Helmet and re-parsed the CSP on every
 * request (≈ 0.1 ms each in profiles of the dashboard endpoints).
 */
function helmetHeadersOf(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)(
    {} as IncomingMessage,
    response as unknown as ServerResponse,
    (error?: unknown) => {
      if (error) throw error;
    },
  );
  return headers;
}

/** Security headers, the CORS allowlist and the per-IP rate limit for `/api`. */
export const securityPlugin = fp(async (app: FastifyInstance, options: SecurityOptions) => {
  const securityHeaders = helmetHeadersOf({
    contentSecurityPolicy: {
      useDefaults: true,
      directives: {
        'default-src': ["'self'"],
        'script-src': ["'self'", ...options.extraScriptSources],
        // Charts and Radix position elements with inline style attributes.
        'style-src': ["'self'", "'unsafe-inline'"],
        'img-src': ["'self'", 'data:', 'https:'],
        'connect-src': ["'self'", ...options.extraConnectSources],
        'frame-src': ["'self'", ...options.extraScriptSources],
        'worker-src': ["'self'", 'blob:'],
        'form-action': ["'self'"],
        'upgrade-insecure-requests': null,
      },
    },
    crossOriginEmbedderPolicy: false,
    hsts: { maxAge: 15552000, includeSubDomains: true },
  });
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(securityHeaders);
    done();
  });

  const allowed = new Set(options.corsOrigins);
  await app.register(cors, {
    origin: (origin, callback) => callback(null, !origin || allowed.has(origin)),
    credentials: true,
    methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
    allowedHeaders: ['authorization', 'content-type', 'x-request-id'],
    exposedHeaders: ['x-request-id', 'retry-after', 'content-disposition'],
    maxAge: 600,
  });

  await app.register(rateLimit, {
    global: true,
    max: options.perIpLimit,
    timeWindow: options.windowSeconds * 1000,
    store: fastifyRateLimitStoreOf(options.rateLimitStore),
    // A shared store that cannot answer must not take the API down with it.
    skipOnError: true,
    // Static files of the web app are not rate-limited; the API is.
    allowList: (request) => !request.url.startsWith('/api/'),
    errorResponseBuilder: (_request, context) =>
      new AppError('RATE_LIMITED', 'Too many requests. Slow down and try again shortly.', {
        retryAfterSeconds: Math.max(1, Math.ceil(context.ttl / 1000)),
      }),
  });
});
