import { sql } from 'drizzle-orm';
import { Redis } from 'ioredis';
import type { Database } from '../db/client';
import { rateLimitCounters } from '../db/schema';

export type WindowCount = { count: number; resetInMs: number };

/**
 * Fixed-window counters. In memory for the embedded single-process product; in PostgreSQL or
 * Redis when several API processes share one database, so each limit holds across all of them
 * instead of being multiplied by the number of processes.
 */
export type RateLimitStore = {
  kind: 'memory' | 'postgres' | 'redis';
  /** Counts one event for the key in its current window. */
  hit(key: string, windowMs: number): Promise<WindowCount>;
  /** The key's count in its current window, without counting. */
  peek(key: string, windowMs: number): Promise<WindowCount>;
  close(): Promise<void>;
};

function windowOf(windowMs: number, now = Date.now()) {
  const start = Math.floor(now / windowMs) * windowMs;
  return { start, resetInMs: start + windowMs - now };
}

export function createMemoryRateLimitStore(): RateLimitStore {
  const windows = new Map<string, { start: number; count: number }>();
  const sweep = setInterval(() => {
    const now = Date.now();
    for (const [key, window] of windows) if (window.start < now - 3_600_000) windows.delete(key);
  }, 60_000);
  sweep.unref();
  const read = (key: string, windowMs: number, increment: number): WindowCount => {
    const { start, resetInMs } = windowOf(windowMs);
    const mapKey = `${windowMs}|${key}`;
    let window = windows.get(mapKey);
    if (!window || window.start !== start) {
      window = { start, count: 0 };
      if (increment > 0) windows.set(mapKey, window);
    }
    window.count += increment;
    return { count: window.count, resetInMs };
  };
  return {
    kind: 'memory',
    hit: async (key, windowMs) => read(key, windowMs, 1),
    peek: async (key, windowMs) => read(key, windowMs, 0),
    async close() {
      clearInterval(sweep);
    },
  };
}

export function createPostgresRateLimitStore(db: Database): RateLimitStore {
  let lastSweep = 0;
  const sweepExpired = () => {
    const now = Date.now();
    if (now - lastSweep < 60_000) return;
    lastSweep = now;
    void db
      .delete(rateLimitCounters)
      .where(sql`${rateLimitCounters.expiresAt} < now()`)
      .catch(() => {});
  };
  return {
    kind: 'postgres',
    async hit(key, windowMs) {
      sweepExpired();
      const { start, resetInMs } = windowOf(windowMs);
      const [row] = await db
        .insert(rateLimitCounters)
        .values({ key, windowStart: start, hits: 1, expiresAt: new Date(start + windowMs) })
        .onConflictDoUpdate({
          target: [rateLimitCounters.key, rateLimitCounters.windowStart],
          set: { hits: sql`${rateLimitCounters.hits} + 1` },
        })
        .returning({ hits: rateLimitCounters.hits });
      return { count: row!.hits, resetInMs };
    },
    async peek(key, windowMs) {
      const { start, resetInMs } = windowOf(windowMs);
      const rows = await db
        .select({ hits: rateLimitCounters.hits })
        .from(rateLimitCounters)
        .where(sql`${rateLimitCounters.key} = ${key} and ${rateLimitCounters.windowStart} = ${start}`); // prettier-ignore
      return { count: rows[0]?.hits ?? 0, resetInMs };
    },
    async close() {},
  };
}

export function createRedisRateLimitStore(url: string): RateLimitStore {
  const redis = new Redis(url, {
    maxRetriesPerRequest: 1,
    enableOfflineQueue: true,
    lazyConnect: false,
  });
  // A failing connection is reported per request (and retried by ioredis), never as a crash.
  redis.on('error', () => {});
  return {
    kind: 'redis',
    async hit(key, windowMs) {
      const { start, resetInMs } = windowOf(windowMs);
      const redisKey = `crescendo:rl:${key}:${start}`;
      const [[, count]] = (await redis
        .multi()
        .incr(redisKey)
        .pexpire(redisKey, windowMs + 1000)
        .exec()) as [[Error | null, number], [Error | null, number]];
      return { count, resetInMs };
    },
    async peek(key, windowMs) {
      const { start, resetInMs } = windowOf(windowMs);
      const value = await redis.get(`crescendo:rl:${key}:${start}`);
      return { count: Number(value ?? 0), resetInMs };
    },
    async close() {
      redis.disconnect();
    },
  };
}

/** Seconds to wait when `count` is over `limit`, else 0. */
export function retryAfterSecondsOf(window: WindowCount, limit: number): number {
  return window.count > limit ? Math.max(1, Math.ceil(window.resetInMs / 1000)) : 0;
}

/**
 * @fastify/rate-limit's store contract (`incr`/`read`/`child`) over a RateLimitStore, so the
 * per-address limit shares the same counters as the others.
 */
export function fastifyRateLimitStoreOf(store: RateLimitStore) {
  return class SharedRateLimitStore {
    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
    ) {
      store.hit(`ip:${key}`, timeWindow).then(
        (window) => callback(null, { current: window.count, ttl: window.resetInMs }),
        (error: Error) => callback(error),
      );
    }
    read(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
    ) {
      store.peek(`ip:${key}`, timeWindow).then(
        (window) => callback(null, { current: window.count, ttl: window.resetInMs }),
        (error: Error) => callback(error),
      );
    }
    child() {
      return new SharedRateLimitStore();
    }
  };
}
