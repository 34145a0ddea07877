import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** The methods some route answers at a concrete path; empty when no route has that path. */
export type AllowedMethods = (path: string) => string[];

function toPattern(url: string): RegExp {
  const source = url
    .split('/')
    .map((segment) => {
      if (segment === '*') return '.*';
      if (segment.startsWith(':')) return '[^/]+';
      return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    })
    .join('/');
  return new RegExp(`^${source}/?$`);
}

declare module 'fastify' {
  interface FastifyInstance {
    allowedMethods: AllowedMethods;
  }
}

/**
 * Remembers every route as it is registered, so a request the router did not match can be told
 * apart: a known path with another method is a 405 with `Allow`, not a 404. Register it before
 * the routes; only unmatched requests pay for the lookup.
 */
export const methodNotAllowedPlugin = fp(async (app: FastifyInstance) => {
  const routes: { pattern: RegExp; methods: string[] }[] = [];
  app.addHook('onRoute', (route) => {
    // Catch-alls (CORS preflight's `OPTIONS *`) match every path: they say nothing about it.
    if (route.url === '*' || route.url === '/*') return;
    const methods = (Array.isArray(route.method) ? route.method : [route.method]).map(String);
    routes.push({ pattern: toPattern(route.url), methods });
  });
  app.decorate('allowedMethods', (path: string) => {
    const allowed = new Set<string>();
    for (const route of routes) {
      if (route.pattern.test(path)) for (const method of route.methods) allowed.add(method);
    }
    return [...allowed].sort();
  });
});
