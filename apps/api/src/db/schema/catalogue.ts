import {
  bigint,
  boolean,
  customType,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  type PgColumn,
} from 'drizzle-orm/pg-core';
import { organizations, users } from './app';
import { contentItems } from './analytics';

// The artist's own files (Spotify for Artists exports, distributor statements) and the one
// catalogue they build: releases by UPC, songs by ISRC. Every table carries the organisation id
// in its primary key and unique constraints (ready to distribute by organisation).

const importFormats = [
  'spotify_audience_timeline',
  'spotify_songs',
  'spotify_song_timeline',
  'spotify_playlists',
  'distrokid',
  'tunecore',
  'cdbaby',
  'awal',
  'bandcamp',
] as const;
const importSources = ['spotify', 'distrokid', 'tunecore', 'cdbaby', 'awal', 'bandcamp'] as const;
const importStatuses = ['queued', 'processing', 'done', 'failed'] as const;

/** A row's import, with the organisation: a database sharded by organisation keeps them together. */
function fromImport(name: string, table: { organizationId: PgColumn; importId: PgColumn }) {
  return foreignKey({
    name,
    columns: [table.organizationId, table.importId],
    foreignColumns: [imports.organizationId, imports.id],
  }).onDelete('cascade');
}

/** A row's song, with the organisation (as `fromImport`). */
function ofSong(name: string, table: { organizationId: PgColumn; songId: PgColumn }) {
  return foreignKey({
    name,
    columns: [table.organizationId, table.songId],
    foreignColumns: [songs.organizationId, songs.id],
  }).onDelete('cascade');
}

const bytea = customType<{ data: Buffer; driverData: Buffer }>({
  dataType: () => 'bytea',
});

export const imports = pgTable(
  'imports',
  {
    id: uuid('id').notNull().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    uploadedBy: uuid('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    format: text('format', { enum: importFormats }).notNull(),
    source: text('source', { enum: importSources }).notNull(),
    fileName: text('file_name').notNull(),
    fileBytes: bigint('file_bytes', { mode: 'number' }).notNull(),
    /** SHA-256 of the file's bytes: the same content imported again is named, not counted. */
    contentSha256: text('content_sha256').notNull(),
    /**
     * The artist asked to keep the original file: its chunks stay after the job reads them, until
     * the import (or the organisation) is deleted. Otherwise they go when the job ends.
     */
    keepFile: boolean('keep_file').notNull().default(false),
    status: text('status', { enum: importStatuses }).notNull().default('queued'),
    periodFrom: date('period_from', { mode: 'string' }),
    periodTo: date('period_to', { mode: 'string' }),
    granularity: text('granularity', { enum: ['day', 'month'] }),
    rowsTotal: integer('rows_total').notNull().default(0),
    rowsImported: integer('rows_imported').notNull().default(0),
    rowsRejected: integer('rows_rejected').notNull().default(0),
    rowsDuplicate: integer('rows_duplicate').notNull().default(0),
    duplicateOf: uuid('duplicate_of'),
    /** The first rejected lines: `[{ line, reason }]`, at most 100. */
    rejections: jsonb('rejections')
      .$type<{ line: number; reason: string }[]>()
      .notNull()
      .default([]),
    /** `{ quantity, earnings: [{ currency, amount }] }` over the lines this import added or matched. */
    totals: jsonb('totals')
      .$type<{ quantity: number; earnings: { currency: string; amount: number }[] }>()
      .notNull()
      .default({ quantity: 0, earnings: [] }),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.id] }),
    index('imports_organization_created_idx').on(table.organizationId, table.createdAt),
  ],
);

/**
 * The uploaded file, in chunks of at most 256 KB (`importChunkBytes`): deleted in the transaction that finishes the
 * import (files are not kept beyond their parsed lines), unless the artist asked to keep it
 * (`imports.keep_file`); then it goes with the import.
 */
export const importFileChunks = pgTable(
  'import_file_chunks',
  {
    organizationId: uuid('organization_id').notNull(),
    importId: uuid('import_id').notNull(),
    sequence: integer('sequence').notNull(),
    bytes: bytea('bytes').notNull(),
  },
  (table) => [
    fromImport('import_file_chunks_import_fk', table),
    primaryKey({ columns: [table.organizationId, table.importId, table.sequence] }),
  ],
);

export const releases = pgTable(
  'releases',
  {
    id: uuid('id').notNull().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    /** Digits only; null for a release known by title alone. */
    upc: text('upc'),
    title: text('title').notNull(),
    releaseDate: date('release_date', { mode: 'string' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.id] }),
    uniqueIndex('releases_organization_upc_unique').on(table.organizationId, table.upc),
  ],
);

export const songs = pgTable(
  'songs',
  {
    id: uuid('id').notNull().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    /** Normalised: no dashes or spaces, upper case. */
    isrc: text('isrc').notNull(),
    title: text('title').notNull(),
    artist: text('artist'),
    releaseId: uuid('release_id'),
    releaseDate: date('release_date', { mode: 'string' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // Only the release is forgotten when it goes (migration 0029 names the column: drizzle cannot).
    foreignKey({
      name: 'songs_release_fk',
      columns: [table.organizationId, table.releaseId],
      foreignColumns: [releases.organizationId, releases.id],
    }).onDelete('set null'),
    primaryKey({ columns: [table.organizationId, table.id] }),
    uniqueIndex('songs_organization_isrc_unique').on(table.organizationId, table.isrc),
  ],
);

/** A platform item (video, Short, reel) the artist confirmed is this song. Never made silently. */
export const songContentLinks = pgTable(
  'song_content_links',
  {
    organizationId: uuid('organization_id').notNull(),
    songId: uuid('song_id').notNull(),
    contentItemId: uuid('content_item_id').notNull(),
    confidence: real('confidence'),
    linkedBy: uuid('linked_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    ofSong('song_content_links_song_fk', table),
    foreignKey({
      name: 'song_content_links_item_fk',
      columns: [table.organizationId, table.contentItemId],
      foreignColumns: [contentItems.organizationId, contentItems.id],
    }).onDelete('cascade'),
    primaryKey({ columns: [table.organizationId, table.songId, table.contentItemId] }),
    index('song_content_links_item_idx').on(table.organizationId, table.contentItemId),
  ],
);

/**
 * One money line of a statement, counted once: identified by its own fields (the parser's
 * fingerprint, SHA-256 kept as its 32 bytes: migration 0035) and its occurrence among identical lines of one file, whatever file brought it.
 * `import_id` is the import that holds it (the first to bring it); other imports with the same
 * line are in `statement_line_imports`. Deleting an import hands each of its lines another holder
 * first (`deleteLinesOfImport`): the cascade from `imports` only ever removes lines no other import
 * holds, and the organisation's deletion reaches its lines through its imports (decision 0039).
 */
export const statementLines = pgTable(
  'statement_lines',
  {
    id: bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity(),
    organizationId: uuid('organization_id').notNull(),
    importId: uuid('import_id').notNull(),
    source: text('source', { enum: importSources }).notNull(),
    fingerprint: bytea('fingerprint').notNull(),
    occurrence: integer('occurrence').notNull(),
    saleMonth: date('sale_month', { mode: 'string' }).notNull(),
    reportedMonth: date('reported_month', { mode: 'string' }),
    store: text('store').notNull(),
    storeName: text('store_name').notNull(),
    country: text('country'),
    songId: uuid('song_id'),
    releaseId: uuid('release_id'),
    title: text('title'),
    itemType: text('item_type', { enum: ['track', 'release', 'other'] }).notNull(),
    quantity: numeric('quantity', { precision: 20, scale: 4, mode: 'string' }).notNull(),
    earnings: numeric('earnings', { precision: 24, scale: 10, mode: 'string' }).notNull(),
    currency: text('currency').notNull(),
    isAccountCurrency: boolean('is_account_currency').notNull(),
  },
  (table) => [
    fromImport('statement_lines_import_fk', table),
    primaryKey({ columns: [table.organizationId, table.id] }),
    uniqueIndex('statement_lines_identity_unique').on(
      table.organizationId,
      table.source,
      table.fingerprint,
      table.occurrence,
    ),
    index('statement_lines_month_idx').on(table.organizationId, table.saleMonth),
    index('statement_lines_song_idx').on(table.organizationId, table.songId),
    index('statement_lines_import_idx').on(table.organizationId, table.importId),
  ],
);

/**
 * The other imports that brought a line (an overlapping statement, the same file again), besides
 * the one in `statement_lines.import_id`: a line goes when the last import that holds it is
 * deleted.
 */
export const statementLineImports = pgTable(
  'statement_line_imports',
  {
    organizationId: uuid('organization_id').notNull(),
    importId: uuid('import_id').notNull(),
    lineId: bigint('line_id', { mode: 'number' }).notNull(),
  },
  (table) => [
    fromImport('statement_line_imports_import_fk', table),
    primaryKey({ columns: [table.organizationId, table.importId, table.lineId] }),
    index('statement_line_imports_line_idx').on(table.organizationId, table.lineId),
  ],
);

/** Spotify for Artists audience timeline: the latest import's value for each day wins. */
export const spotifyAudienceDays = pgTable(
  'spotify_audience_days',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    importId: uuid('import_id').notNull(),
    listeners: integer('listeners'),
    streams: bigint('streams', { mode: 'number' }),
    followers: integer('followers'),
  },
  (table) => [
    fromImport('spotify_audience_days_import_fk', table),
    primaryKey({ columns: [table.organizationId, table.day] }),
  ],
);

/**
 * Every audience-timeline import's own values for its days. `spotify_audience_days` holds the
 * winner of each day (the latest import); when that import is deleted, the day falls back to the
 * next latest import that still covers it, read from here.
 */
export const spotifyAudienceImportDays = pgTable(
  'spotify_audience_import_days',
  {
    organizationId: uuid('organization_id').notNull(),
    importId: uuid('import_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    listeners: integer('listeners'),
    streams: bigint('streams', { mode: 'number' }),
    followers: integer('followers'),
  },
  (table) => [
    fromImport('spotify_audience_import_days_import_fk', table),
    primaryKey({ columns: [table.organizationId, table.importId, table.day] }),
    index('spotify_audience_import_days_day_idx').on(table.organizationId, table.day),
  ],
);

/** Spotify for Artists songs table: totals over the export's period, per song title. */
export const spotifySongStats = pgTable(
  'spotify_song_stats',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    importId: uuid('import_id').notNull(),
    title: text('title').notNull(),
    songId: uuid('song_id'),
    listeners: bigint('listeners', { mode: 'number' }),
    streams: bigint('streams', { mode: 'number' }),
    saves: bigint('saves', { mode: 'number' }),
    releaseDate: date('release_date', { mode: 'string' }),
    /** The export's date (its import's day): how fresh the figures are. */
    asOf: date('as_of', { mode: 'string' }).notNull(),
  },
  (table) => [
    fromImport('spotify_song_stats_import_fk', table),
    primaryKey({ columns: [table.organizationId, table.importId, table.title] }),
  ],
);

/** One song's Spotify timeline (the song named by the file). */
export const spotifySongDays = pgTable(
  'spotify_song_days',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    songTitle: text('song_title').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    songId: uuid('song_id'),
    importId: uuid('import_id').notNull(),
    streams: bigint('streams', { mode: 'number' }).notNull(),
  },
  (table) => [
    fromImport('spotify_song_days_import_fk', table),
    primaryKey({ columns: [table.organizationId, table.songTitle, table.day] }),
  ],
);

/**
 * Every song-timeline import's own streams for its days (as `spotify_audience_import_days` for the
 * audience): when the import that won a day in `spotify_song_days` is deleted, the day falls back
 * to the next latest import of that song that still covers it.
 */
export const spotifySongImportDays = pgTable(
  'spotify_song_import_days',
  {
    organizationId: uuid('organization_id').notNull(),
    importId: uuid('import_id').notNull(),
    songTitle: text('song_title').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    streams: bigint('streams', { mode: 'number' }).notNull(),
  },
  (table) => [
    fromImport('spotify_song_import_days_import_fk', table),
    primaryKey({ columns: [table.organizationId, table.importId, table.songTitle, table.day] }),
    index('spotify_song_import_days_day_idx').on(table.organizationId, table.songTitle, table.day),
  ],
);

export const spotifyPlaylists = pgTable(
  'spotify_playlists',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    importId: uuid('import_id').notNull(),
    name: text('name').notNull(),
    madeBy: text('made_by').notNull().default(''),
    listeners: bigint('listeners', { mode: 'number' }),
    streams: bigint('streams', { mode: 'number' }),
    dateAdded: date('date_added', { mode: 'string' }),
  },
  (table) => [
    fromImport('spotify_playlists_import_fk', table),
    primaryKey({ columns: [table.organizationId, table.importId, table.name, table.madeBy] }),
  ],
);

/**
 * A title-match suggestion the artist said is not this song: it is not offered again, on any
 * device, for anyone in the organisation (linking the item later still works).
 */
export const songLinkDismissals = pgTable(
  'song_link_dismissals',
  {
    organizationId: uuid('organization_id').notNull(),
    songId: uuid('song_id').notNull(),
    contentItemId: uuid('content_item_id').notNull(),
    dismissedBy: uuid('dismissed_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    ofSong('song_link_dismissals_song_fk', table),
    foreignKey({
      name: 'song_link_dismissals_item_fk',
      columns: [table.organizationId, table.contentItemId],
      foreignColumns: [contentItems.organizationId, contentItems.id],
    }).onDelete('cascade'),
    primaryKey({ columns: [table.organizationId, table.songId, table.contentItemId] }),
  ],
);
