import {
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { auditActions } from '@crescendo/contracts';
import { organizations, users } from './app';

/**
 * Who did what to an organisation, when and from where. The actor's name and email are copied as
 * they were at the time (a later rename does not rewrite history); a deleted account's entries
 * keep the event but lose the actor. Kept for a year: older rows are deleted on write.
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: uuid('id').notNull().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    action: text('action', { enum: auditActions }).notNull(),
    /** Null for the payment provider's events and for an actor whose account was deleted. */
    actorUserId: uuid('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    actorName: text('actor_name'),
    actorEmail: text('actor_email'),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.id] }),
    index('audit_events_organization_created_idx').on(
      table.organizationId,
      table.createdAt,
      table.id,
    ),
    index('audit_events_created_idx').on(table.createdAt),
  ],
);

/**
 * A deletion's public status, looked up by its confirmation code (Meta's data-deletion callback
 * answers with a status URL). Holds no id, name or address of the person deleted: only counts.
 */
export const dataDeletionRequests = pgTable('data_deletion_requests', {
  confirmationCode: text('confirmation_code').primaryKey(),
  source: text('source', { enum: ['account', 'organization', 'meta'] }).notNull(),
  status: text('status', { enum: ['pending', 'completed'] }).notNull(),
  summary: jsonb('summary').$type<Record<string, number>>().notNull().default({}),
  requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
  completedAt: timestamp('completed_at', { withTimezone: true }),
});

/**
 * Invoices of deleted organisations, kept because tax and accounting law require it, detached
 * from the person and the organisation: the payment provider's invoice id and number find the
 * rest in the provider's own records.
 */
export const retainedInvoices = pgTable(
  'retained_invoices',
  {
    invoiceId: text('invoice_id').primaryKey(),
    number: text('number'),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull(),
    status: text('status').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
    retainedAt: timestamp('retained_at', { withTimezone: true }).notNull().defaultNow(),
    retainUntil: timestamp('retain_until', { withTimezone: true }).notNull(),
  },
  (table) => [index('retained_invoices_retain_until_idx').on(table.retainUntil)],
);
