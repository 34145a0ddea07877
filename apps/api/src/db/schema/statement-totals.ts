import { date, integer, numeric, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';

/**
 * Statement lines summed per organisation, sale month, currency and one dimension at a time
 * (store, country, source, or item = song and release), kept by triggers on `statement_lines`
 * (migration 0019) in the statement that writes the lines. The revenue read sums a few hundred of
 * these instead of every line: 36 months of a 20-song catalogue is ~60,000 lines, which took
 * ~25 ms to sum on PostgreSQL and ~1 s on PGlite (bench/revenue.ts). No foreign key: the
 * triggers subtract lines as an organisation's are cascaded away, and rows at zero lines go.
 */
export const statementMonthTotals = pgTable(
  'statement_month_totals',
  {
    organizationId: uuid('organization_id').notNull(),
    dimension: text('dimension', { enum: ['store', 'country', 'source', 'item'] }).notNull(),
    /** The store key, country code ('' when none), source, or `<song id>|<release id>`. */
    key: text('key').notNull(),
    saleMonth: date('sale_month', { mode: 'string' }).notNull(),
    currency: text('currency').notNull(),
    songId: uuid('song_id'),
    releaseId: uuid('release_id'),
    /** A store's name as a statement writes it (the alphabetically first seen). */
    label: text('label'),
    earnings: numeric('earnings', { precision: 30, scale: 10, mode: 'string' }).notNull(),
    quantity: numeric('quantity', { precision: 24, scale: 4, mode: 'string' }).notNull(),
    lines: integer('lines').notNull(),
  },
  (table) => [
    primaryKey({
      columns: [table.organizationId, table.dimension, table.saleMonth, table.key, table.currency],
    }),
  ],
);
