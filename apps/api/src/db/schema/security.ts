import { integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * One value per secret, sealed or keyed with it when the database first saw it: a process started
 * with another AUTH_SECRET or token key refuses to start instead of failing every session or token.
 */
export const keyChecks = pgTable('key_checks', {
  name: text('name').primaryKey(),
  checkValue: text('check_value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Fixed-window counters shared by every API process (rate limits, sign-in failures); a window
 * starts with its key's first event and ends at `expires_at`. UNLOGGED (migration 0015, which
 * drizzle-kit does not model): written on every request, so its commits skip the WAL flush, and a
 * database crash only restarts the current windows (decision 0022).
 */
export const rateLimitCounters = pgTable('rate_limit_counters', {
  key: text('key').primaryKey(),
  hits: integer('hits').notNull().default(0),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/**
 * The built-in platform sandbox's OAuth state (codes, grants, tokens), so sandbox connections
 * survive a restart and work when several processes serve the sandbox.
 */
export const sandboxOAuthRecords = pgTable('sandbox_oauth_records', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
