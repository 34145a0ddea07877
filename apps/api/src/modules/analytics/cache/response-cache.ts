import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../../../db/client';
import { prepareStatement } from '../../../db/statement';

/** The dashboard reads whose JSON answers are reused (CSV exports are counted, so never). */
const cachedRoutes = new Set([
  '/api/dashboard/analytics',
  '/api/dashboard/audience',
  '/api/dashboard/content',
  '/api/dashboard/roi',
  '/api/dashboard/revenue',
]);

const selectVersion = prepareStatement<{ version: string | number }, { organizationId: string }>(
  sql`select analytics_version as version from organizations where id = ${sql.placeholder('organizationId')}`,
);

type Entry = { etag: string; body: string };
type Pending = { key: string; etag: string };

declare module 'fastify' {
  interface FastifyRequest {
    analyticsCache?: Pending | null;
  }
}

export type AnalyticsResponseCache = {
  /** A `preHandler`: answers 304 or the stored body when the figures have not changed. */
  preHandler(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  /** An `onSend` hook: stores a fresh 200 answer and labels it with its ETag. */
  onSend(request: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<unknown>;
};

function stableQuery(query: unknown): string {
  if (!query || typeof query !== 'object') return '';
  const entries = Object.entries(query as Record<string, unknown>)
    .filter(([, value]) => value !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return JSON.stringify(entries);
}

/**
 * Dashboard answers reused per organisation while its analytics have not changed.
 *
 * Analytics change only when something writes them (a sync, a campaign, an acknowledged insight, a
 * connection), and every such statement moves `organizations.analytics_version` in the same
 * transaction (database triggers, migration 0010). The key is that version, the route, the query
 * as asked, the plan's history window (`variesWith`), and today's date (ranges end relative
 * to it), so a write shows at once, in every API process: each process keeps its own entries but
 * reads the version from the shared database on every request. The ETag is the key's digest, so a
 * browser revalidating gets 304 without the body being rebuilt. Decision 0016.
 */
export function createAnalyticsResponseCache(
  db: Database,
  options: {
    maxEntries?: number;
    now?: () => Date;
    /**
     * What else an answer depends on for the organisation (the plan's history window, which the
     * handlers apply when they resolve their scope): read beside the version, part of the key.
     */
    variesWith?: (organizationId: string) => Promise<string>;
  } = {},
): AnalyticsResponseCache {
  const maxEntries = options.maxEntries ?? 500;
  const now = options.now ?? (() => new Date());
  // A Map keeps insertion order: re-inserting on a hit makes it least-recently-used first.
  const entries = new Map<string, Entry>();

  const remember = (key: string, entry: Entry) => {
    entries.delete(key);
    entries.set(key, entry);
    while (entries.size > maxEntries) entries.delete(entries.keys().next().value!);
  };

  return {
    async preHandler(request, reply) {
      request.analyticsCache = null;
      const route = request.routeOptions.url;
      const user = request.currentUser;
      const isCached =
        request.method === 'GET' &&
        route !== undefined &&
        cachedRoutes.has(route) &&
        user !== null &&
        (request.query as Record<string, unknown> | undefined)?.format !== 'csv';
      if (!isCached) return;
      const organizationId = user.organization.id;
      const [[row], variant] = await Promise.all([
        selectVersion(db, { organizationId }),
        options.variesWith?.(organizationId) ?? '',
      ]);
      if (!row) return;
      const query = request.query as Record<string, unknown> | undefined;
      const day = now().toISOString().slice(0, 10);
      const key = `${organizationId}|${row.version}|${route}|${stableQuery(query)}|${day}|${variant}`;
      const etag = `"a-${crypto.createHash('sha256').update(key).digest('base64url').slice(0, 27)}"`;
      reply.header('cache-control', 'private, no-cache').header('etag', etag);
      const ifNoneMatch = request.headers['if-none-match'];
      if (ifNoneMatch && ifNoneMatch.split(/\s*,\s*/).includes(etag)) {
        return reply.code(304).send();
      }
      const entry = entries.get(key);
      if (entry) {
        remember(key, entry);
        return reply.type('application/json; charset=utf-8').send(entry.body);
      }
      request.analyticsCache = { key, etag };
    },

    async onSend(request, reply, payload) {
      const pending = request.analyticsCache;
      if (!pending || reply.statusCode !== 200 || typeof payload !== 'string') return payload;
      remember(pending.key, { etag: pending.etag, body: payload });
      return payload;
    },
  };
}
