import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * The sandbox mailbox: every message the product sends while no SMTP server is configured. In the
 * database, so it survives restarts and every API process sees the same mailbox.
 */
export const sandboxMail = pgTable(
  'sandbox_mail',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    fromAddress: text('from_address').notNull(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    /** Extra headers the message carried (List-Unsubscribe…), shown by the mailbox. */
    headers: jsonb('headers').$type<Record<string, string>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('sandbox_mail_created_idx').on(table.createdAt)],
);
