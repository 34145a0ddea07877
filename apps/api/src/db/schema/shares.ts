import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { organizations, users } from './app';

/**
 * Verified share links: a read-only window on one dashboard view. Only the SHA-256 of the token
 * is kept (the token has 256 random bits, so a fast hash is enough); the optional password is an
 * scrypt hash with its own salt.
 */
export const shareLinks = pgTable(
  'share_links',
  {
    id: uuid('id').notNull().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    tokenHash: text('token_hash').notNull(),
    view: text('view', { enum: ['overview', 'audience', 'content'] }).notNull(),
    /** The platforms the link shows, in the dashboard's order (links from before sets: 0016). */
    platforms: text('platforms', { enum: ['youtube', 'instagram', 'facebook', 'tiktok'] })
      .array()
      .notNull(),
    range: text('range', { enum: ['7d', '28d', '90d', '365d', 'all'] }),
    fromDay: text('from_day'),
    toDay: text('to_day'),
    label: text('label'),
    passwordHash: text('password_hash'),
    includeRevenue: boolean('include_revenue').notNull().default(false),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.id] }),
    // A visitor brings only the token: looked up by hash alone (a multi-shard lookup on a sharded
    // database); the hash of 256 random bits is unique without a global index.
    uniqueIndex('share_links_organization_token_hash_idx').on(
      table.organizationId,
      table.tokenHash,
    ),
    index('share_links_token_hash_idx').on(table.tokenHash),
    index('share_links_organization_idx').on(table.organizationId, table.createdAt),
    check(
      'share_links_platforms_check',
      sql`cardinality(${table.platforms}) > 0 and ${table.platforms} <@ array['youtube', 'instagram', 'facebook', 'tiktok']`,
    ),
  ],
);
