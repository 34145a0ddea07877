import { jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The built-in payments sandbox's objects (customers, subscriptions, checkout and portal sessions,
 * invoices, payment methods as brand and last 4), so a restart keeps every subscription the
 * product's billing accounts point at. Key: `<kind>:<id>`. Used only when no Stripe keys are set.
 */
export const paymentsSandboxRecords = pgTable('payments_sandbox_records', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
