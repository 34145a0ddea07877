import { sql } from 'drizzle-orm';
import {
  bigint,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

export const organizations = pgTable('organizations', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  /**
   * Moves on every write to the organisation's analytics (database triggers, migration 0010), so a
   * cached dashboard response is reused only while its figures are still the stored ones.
   */
  analyticsVersion: bigint('analytics_version', { mode: 'number' }).notNull().default(0),
  /**
   * The identity provider's organisation this one maps to (1:1): a better-auth organisation id
   * (the same value as `id`) or a Clerk `org_…` id. Null only for rows not yet migrated.
   */
  identityOrganizationId: text('identity_organization_id').unique(),
  /** The one currency the organisation's money is shown and totalled in (ISO 4217). */
  currency: text('currency').notNull().default('USD'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Backend users, keyed by the identity provider's (issuer, subject). */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    issuer: text('issuer').notNull(),
    subject: text('subject').notNull(),
    identityProvider: text('identity_provider', { enum: ['embedded', 'clerk'] }).notNull(),
    email: text('email').notNull(),
    name: text('name').notNull(),
    role: text('role', { enum: ['customer', 'lead', 'admin'] })
      .notNull()
      .default('lead'),
    permissions: text('permissions')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    tier: text('tier'),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'restrict' }),
    organizationRole: text('organization_role', { enum: ['owner', 'member'] })
      .notNull()
      .default('owner'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('users_issuer_subject_idx').on(table.issuer, table.subject),
    index('users_email_idx').on(table.email),
    index('users_organization_idx').on(table.organizationId),
  ],
);

export const waitlistEntries = pgTable(
  'waitlist_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull().unique(),
    name: text('name'),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    status: text('status', { enum: ['pending', 'approved', 'rejected'] })
      .notNull()
      .default('pending'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (table) => [index('waitlist_status_created_idx').on(table.status, table.createdAt)],
);

export const artistProfiles = pgTable(
  'artist_profiles',
  {
    id: uuid('id').notNull().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .unique()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    artistName: text('artist_name').notNull(),
    bio: text('bio'),
    genres: text('genres')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    country: text('country'),
    city: text('city'),
    careerStage: text('career_stage', {
      enum: ['emerging', 'developing', 'established', 'professional'],
    }),
    goals: text('goals')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    timezone: text('timezone'),
    avatarUrl: text('avatar_url'),
    links: jsonb('links').$type<Record<string, string | null>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.organizationId, table.id] })],
);
