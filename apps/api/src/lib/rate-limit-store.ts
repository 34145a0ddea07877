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

export function createMemoryRateLimitStore(): RateLimitStore {
  const windows = new Map<string, { resetAt: number; count: number }>();
  const sweep = setInterval(() => {
    const now = Date.now();
    for (const [key, window] of windows) if (window.resetAt <= now) windows.delete(key);
  }, 60_000);
  sweep.unref();
  return {
    kind: 'memory',
    async hit(key, windowMs) {
      const now = Date.now();
      let window = windows.get(key);
      if (!window || window.resetAt <= now) {
        window = { resetAt: now + windowMs, count: 0 };
        windows.set(key, window);
      }
      window.count += 1;
      return { count: window.count, resetInMs: window.resetAt - now };
    },
    async peek(key, windowMs) {
      const now = Date.now();
      const window = windows.get(key);
      if (!window || window.resetAt <= now) return { count: 0, resetInMs: windowMs };
      return { count: window.count, resetInMs: window.resetAt - now };
    },
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
      const windowEnd = sql`now() + make_interval(secs => ${windowMs / 1000})`;
      const isExpired = sql`${rateLimitCounters.expiresAt} <= now()`;
      const [row] = await db
        .insert(rateLimitCounters)
        .values({ key, hits: 1, expiresAt: windowEnd })
        .onConflictDoUpdate({
          target: rateLimitCounters.key,
          set: {
            hits: sql`case when ${isExpired} then 1 else ${rateLimitCounters.hits} + 1 end`,
            expiresAt: sql`case when ${isExpired} then excluded.expires_at else ${rateLimitCounters.expiresAt} end`,
          },
        })
        .returning({ hits: rateLimitCounters.hits, expiresAt: rateLimitCounters.expiresAt });
      return { count: row!.hits, resetInMs: Math.max(0, row!.expiresAt.getTime() - Date.now()) };
    },
    async peek(key, windowMs) {
      const rows = await db
        .select({ hits: rateLimitCounters.hits, expiresAt: rateLimitCounters.expiresAt })
        .from(rateLimitCounters)
        .where(sql`${rateLimitCounters.key} = ${key} and ${rateLimitCounters.expiresAt} > now()`);
      const row = rows[0];
      return row
        ? { count: row.hits, resetInMs: Math.max(0, row.expiresAt.getTime() - Date.now()) }
        : { count: 0, resetInMs: windowMs };
    },
    async close() {},
  };
}

export function createRedisRateLimitStore(url: string): RateLimitStore {
  const redis = new Redis(url, { maxRetriesPerRequest: 1 });
  // A failing connection is reported per request (and retried by ioredis), never as a crash.
  redis.on('error', () => {});
  return {
    kind: 'redis',
    async hit(key, windowMs) {
      const redisKey = `crescendo:rl:${key}`;
      // The window starts with the key's first event: its expiry is set only when it is created.
      const results = (await redis
        .multi()
        .set(redisKey, 0, 'PX', windowMs, 'NX')
        .incr(redisKey)
        .pttl(redisKey)
        .exec()) as [Error | null, unknown][];
      return { count: Number(results[1]![1]), resetInMs: Math.max(0, Number(results[2]![1])) };
    },
    async peek(key, windowMs) {
      const redisKey = `crescendo:rl:${key}`;
      const [value, ttl] = await Promise.all([redis.get(redisKey), redis.pttl(redisKey)]);
      return value === null
        ? { count: 0, resetInMs: windowMs }
        : { count: Number(value), resetInMs: Math.max(0, ttl) };
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
