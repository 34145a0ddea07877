import { sql } from 'drizzle-orm';
import {
  boolean,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { organizations, users } from './app';

/**
 * One person's notification settings for one organisation (artist). No row: the defaults (the
 * digest on for owners, off for others; every alert on; 50 %; no quiet hours).
 */
export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    /** Null: the default for the person's role (on for owners). */
    isDigestEnabled: boolean('is_digest_enabled'),
    /** ISO day of week: 1 = Monday … 7 = Sunday. */
    digestDay: integer('digest_day').notNull().default(1),
    digestHour: integer('digest_hour').notNull().default(9),
    /** IANA zone; null: the artist profile's, else UTC. */
    timeZone: text('time_zone'),
    /** Alert kinds switched off or on; a kind not named is on. */
    alerts: jsonb('alerts').$type<Record<string, boolean>>().notNull().default({}),
    thresholdPercent: integer('threshold_percent').notNull().default(50),
    quietStartHour: integer('quiet_start_hour'),
    quietEndHour: integer('quiet_end_hour'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.organizationId] })],
);

/**
 * Something that happened to an organisation and is worth telling its people: a spike, a
 * milestone, a failed payment… Recorded once per `dedupe_key` (a retried or concurrent detection
 * adds nothing); `group_key` names "the same thing" for grouping mails within a day.
 */
export const notificationEvents = pgTable(
  'notification_events',
  {
    id: uuid('id').notNull().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    dedupeKey: text('dedupe_key').notNull(),
    groupKey: text('group_key').notNull(),
    tone: text('tone', { enum: ['up', 'down', 'neutral'] }).notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    link: text('link'),
    /** For spikes and drops: the change against the usual day in % (thresholds apply to it). */
    changePercent: integer('change_percent'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.id] }),
    uniqueIndex('notification_events_dedupe_idx').on(table.organizationId, table.dedupeKey),
    index('notification_events_created_idx').on(table.organizationId, table.createdAt),
  ],
);

/** An event in one person's list: read or not, and whether it went (or is due) by mail. */
export const notificationRecipients = pgTable(
  'notification_recipients',
  {
    eventId: uuid('event_id').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    organizationId: uuid('organization_id').notNull(),
    /** Whether this person's settings want it mailed (kind on, past their threshold). */
    isMailWanted: boolean('is_mail_wanted').notNull(),
    mailedAt: timestamp('mailed_at', { withTimezone: true }),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.eventId, table.userId] }),
    foreignKey({
      name: 'notification_recipients_event_fk',
      columns: [table.organizationId, table.eventId],
      foreignColumns: [notificationEvents.organizationId, notificationEvents.id],
    }).onDelete('cascade'),
    index('notification_recipients_list_idx').on(
      table.userId,
      table.organizationId,
      table.createdAt,
    ),
    index('notification_recipients_unmailed_idx')
      .on(table.userId, table.organizationId)
      .where(sql`${table.isMailWanted} and ${table.mailedAt} is null`),
  ],
);

/**
 * Every mail the notifications send, claimed by a unique key per person and organisation
 * (`digest:2025-W25`, `alert:<group>:<local day>`): several schedulers, workers, restarts and
 * retries send each one once.
 */
export const notificationMails = pgTable(
  'notification_mails',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    mailKey: text('mail_key').notNull(),
    status: text('status', { enum: ['queued', 'sending', 'sent', 'skipped'] })
      .notNull()
      .default('queued'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.organizationId, table.mailKey] })],
);
