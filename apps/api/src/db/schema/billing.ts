import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { organizations } from './app';

/**
 * An organisation's standing with the payment provider: its customer, and its subscription as the
 * provider last reported it (re-read from the provider on every webhook, never taken from the
 * event body). One row per organisation.
 */
export const billingAccounts = pgTable(
  'billing_accounts',
  {
    organizationId: uuid('organization_id')
      .primaryKey()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    customerId: text('customer_id').notNull(),
    subscriptionId: text('subscription_id'),
    /** The catalogue plan the subscription's price maps to; null for an unknown price. */
    planId: text('plan_id', { enum: ['starter', 'pro', 'team'] }),
    priceId: text('price_id'),
    status: text('status').notNull().default('none'),
    currentPeriodStart: timestamp('current_period_start', { withTimezone: true }),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    /** Past due: paid limits last until here (set when it first went past due), then Free's. */
    graceEndsAt: timestamp('grace_ends_at', { withTimezone: true }),
    paymentMethodBrand: text('payment_method_brand'),
    paymentMethodLast4: text('payment_method_last4'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // A webhook names only the customer: looked up by it alone (a multi-shard lookup on a sharded
    // database). The provider issues each customer id once, so no global unique index is needed.
    index('billing_accounts_customer_lookup_idx').on(table.customerId),
    index('billing_accounts_subscription_idx').on(table.subscriptionId),
  ],
);

/** Every webhook event received, by the provider's event id: a redelivery is recognised. */
export const billingEvents = pgTable('billing_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  status: text('status', { enum: ['processing', 'processed', 'failed'] }).notNull(),
  attempts: integer('attempts').notNull().default(1),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  processedAt: timestamp('processed_at', { withTimezone: true }),
});

/** Invoices as the provider reported them in `invoice.*` events. */
export const billingInvoices = pgTable(
  'billing_invoices',
  {
    /** The payment provider's invoice id. */
    id: text('id').notNull(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    number: text('number'),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull(),
    status: text('status').notNull(),
    hostedInvoiceUrl: text('hosted_invoice_url'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.id] }),
    index('billing_invoices_organization_idx').on(table.organizationId, table.createdAt),
  ],
);

/** Metered use per organisation, limit and billing period. */
export const usageCounters = pgTable(
  'usage_counters',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    limitName: text('limit_name').notNull(),
    periodStart: timestamp('period_start', { withTimezone: true }).notNull(),
    used: integer('used').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.organizationId, table.limitName, table.periodStart] })],
);

/** One row per counted action: a retried request with the same action id is not counted again. */
export const usageEvents = pgTable(
  'usage_events',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    limitName: text('limit_name').notNull(),
    actionId: text('action_id').notNull(),
    periodStart: timestamp('period_start', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.organizationId, table.limitName, table.actionId] })],
);
