import {
  foreignKey,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { organizations, users } from './app';

/** An assistant conversation: one user's, inside their organisation. */
export const chatConversations = pgTable(
  'chat_conversations',
  {
    id: uuid('id').notNull().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.id] }),
    index('chat_conversations_owner_updated_idx').on(
      table.organizationId,
      table.userId,
      table.updatedAt,
    ),
  ],
);

/** A question or an answer; answers keep the sources their figures came from. */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: uuid('id').notNull().defaultRandom(),
    conversationId: uuid('conversation_id').notNull(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ['user', 'assistant'] }).notNull(),
    content: text('content').notNull(),
    sources: jsonb('sources').$type<unknown[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.id] }),
    // With the organisation: a sharded database keeps a message beside its conversation.
    foreignKey({
      name: 'chat_messages_conversation_fk',
      columns: [table.organizationId, table.conversationId],
      foreignColumns: [chatConversations.organizationId, chatConversations.id],
    }).onDelete('cascade'),
    index('chat_messages_conversation_created_idx').on(table.conversationId, table.createdAt),
    index('chat_messages_owner_created_idx').on(
      table.organizationId,
      table.userId,
      table.createdAt,
    ),
  ],
);
