import {
  bigint,
  date,
  foreignKey,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { analyticsAccounts } from './analytics';
import { organizations } from './app';

/**
 * A platform's own total of a unique-count metric over a whole span (Instagram `reach` with
 * `metric_type=total_value` over since/until). Unique counts do not add up over days, so a range's
 * figure is the platform's answer for exactly that span, or unknown.
 */
export const accountRangeTotals = pgTable(
  'account_range_totals',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    accountId: uuid('account_id').notNull(),
    metric: text('metric', { enum: ['reach'] }).notNull(),
    fromDay: date('from_day', { mode: 'string' }).notNull(),
    toDay: date('to_day', { mode: 'string' }).notNull(),
    value: bigint('value', { mode: 'number' }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({
      columns: [table.organizationId, table.accountId, table.metric, table.fromDay, table.toDay],
    }),
    foreignKey({
      name: 'account_range_totals_account_fk',
      columns: [table.organizationId, table.accountId],
      foreignColumns: [analyticsAccounts.organizationId, analyticsAccounts.id],
    }).onDelete('cascade'),
  ],
);
