import {
  foreignKey,
  index,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { organizations } from './app';
import { authUser } from './auth';

/*
 * Tables of the embedded identity provider's organization plugin (better-auth): one row per
 * identity-provider organisation, its members and its invitations. Property names are the ones
 * better-auth expects. Each organisation maps 1:1 to the product's `organizations` row through
 * `organizations.identity_organization_id` (embedded organisations use the product row's id).
 */
export const authOrganization = pgTable('auth_organization', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  slug: text('slug').notNull().unique(),
  logo: text('logo'),
  metadata: text('metadata'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const authMember = pgTable(
  'auth_member',
  {
    id: text('id').primaryKey(),
    organizationId: text('organization_id')
      .notNull()
      .references(() => authOrganization.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => authUser.id, { onDelete: 'cascade' }),
    /** `owner`, `manager` or `viewer`. */
    role: text('role').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('auth_member_organization_user_idx').on(table.organizationId, table.userId),
    index('auth_member_user_idx').on(table.userId),
  ],
);

export const authInvitation = pgTable(
  'auth_invitation',
  {
    id: text('id').primaryKey(),
    organizationId: text('organization_id')
      .notNull()
      .references(() => authOrganization.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    role: text('role').notNull(),
    /** pending, accepted, rejected or canceled (better-auth's values; revoked = canceled). */
    status: text('status').notNull().default('pending'),
    teamId: text('team_id'),
    inviterId: text('inviter_id')
      .notNull()
      .references(() => authUser.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** SHA-256 of the link's token: the link is looked up by it, the token itself is not stored. */
    tokenHash: text('token_hash').unique(),
    /** The link's token sealed with the token cipher, so the owner can copy the link again. */
    sealedToken: text('sealed_token'),
  },
  (table) => [index('auth_invitation_organization_idx').on(table.organizationId, table.status)],
);

/*
 * With Clerk: each person's ownership or management of a Clerk organisation that has been counted
 * against their plan's artist limit (decision 0027). Clerk owns the memberships; this records only
 * that the API checked the limit for this person and organisation, so the check runs once per
 * person and organisation instead of on every request.
 */
export const clerkCountedMemberships = pgTable(
  'clerk_counted_memberships',
  {
    /** The person's Clerk user id (`sub`). */
    subject: text('subject').notNull(),
    identityOrganizationId: text('identity_organization_id').notNull(),
    countedAt: timestamp('counted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({
      name: 'clerk_counted_memberships_pk',
      columns: [table.identityOrganizationId, table.subject],
    }),
    foreignKey({
      name: 'clerk_counted_memberships_organization_fk',
      columns: [table.identityOrganizationId],
      foreignColumns: [organizations.identityOrganizationId],
    }).onDelete('cascade'),
  ],
);
