import {
  date,
  index,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { organizations } from './app';

/** Money an artist spent promoting their music, and revenue the platforms do not report. */
export const campaigns = pgTable(
  'campaigns',
  {
    id: uuid('id').notNull().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    channel: text('channel', {
      enum: [
        'youtube_ads',
        'meta_ads',
        'tiktok_ads',
        'playlist_pitching',
        'pr',
        'influencer',
        'radio',
        'other',
      ],
    }).notNull(),
    /** `channel`: measured on its channel's platforms; `all`: on every platform. */
    measureOn: text('measure_on', { enum: ['channel', 'all'] })
      .notNull()
      .default('all'),
    // Exact decimal money: never floating point in storage.
    amount: numeric('amount', { precision: 12, scale: 2 }).notNull(),
    currency: text('currency').notNull().default('USD'),
    startDate: date('start_date').notNull(),
    endDate: date('end_date').notNull(),
    linkedContentId: uuid('linked_content_id'),
    linkedRelease: text('linked_release'),
    extraRevenue: numeric('extra_revenue', { precision: 12, scale: 2 }).notNull().default('0'),
    notes: text('notes'),
    /** The song (normalised ISRC) or release (UPC digits) promoted: its statements give the return. */
    songIsrc: text('song_isrc'),
    releaseUpc: text('release_upc'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.id] }),
    index('campaigns_organization_start_idx').on(table.organizationId, table.startDate),
  ],
);

/** Spikes and milestones found in an organisation's numbers: stored once, toasted once. */
export const insights = pgTable(
  'insights',
  {
    id: uuid('id').notNull().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    /** Identifies the finding (e.g. `spike:youtube:2025-03-14`) so it is stored only once. */
    key: text('key').notNull(),
    kind: text('kind', { enum: ['spike', 'milestone'] }).notNull(),
    platform: text('platform', { enum: ['youtube', 'instagram', 'facebook', 'tiktok'] }),
    day: date('day').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    evidence: jsonb('evidence').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    seenAt: timestamp('seen_at', { withTimezone: true }),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.id] }),
    uniqueIndex('insights_organization_key_idx').on(table.organizationId, table.key),
    index('insights_organization_day_idx').on(table.organizationId, table.day),
  ],
);
