import {
  boolean,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { organizations, users } from './app';

export const connectionProviders = ['youtube', 'meta', 'tiktok'] as const;
export const connectionStatuses = ['connected', 'syncing', 'reconnect_needed', 'error'] as const;

/**
 * One-time OAuth `state` values. Only a SHA-256 of the state is stored, so a database reader
 * cannot complete someone else's flow; the PKCE verifier is sealed with the token cipher.
 */
export const oauthStates = pgTable(
  'oauth_states',
  {
    id: uuid('id').notNull().defaultRandom(),
    stateHash: text('state_hash').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: connectionProviders }).notNull(),
    codeVerifierSealed: text('code_verifier_sealed').notNull(),
    redirectUri: text('redirect_uri').notNull(),
    returnTo: text('return_to').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** SHA-256 of the nonce in the starting browser's HttpOnly cookie: the callback must match it. */
    browserNonceHash: text('browser_nonce_hash').notNull().default(''),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.id] }),
    // The callback knows only the state: looked up by hash alone (a multi-shard lookup once per
    // consent on a sharded database); the hash of 256 random bits is unique without a global index.
    uniqueIndex('oauth_states_organization_state_hash_idx').on(
      table.organizationId,
      table.stateHash,
    ),
    index('oauth_states_state_hash_lookup_idx').on(table.stateHash),
    index('oauth_states_expires_idx').on(table.expiresAt),
  ],
);

/** An organisation's link to one provider account; tokens are sealed and bound to the row. */
export const platformConnections = pgTable(
  'platform_connections',
  {
    id: uuid('id').notNull().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    createdByUserId: uuid('created_by_user_id').references(() => users.id, {
      onDelete: 'set null',
    }),
    provider: text('provider', { enum: connectionProviders }).notNull(),
    externalAccountId: text('external_account_id').notNull(),
    /**
     * The platform's id of the person who granted the connection (Meta's app-scoped user id), so
     * Meta's data-deletion callback can find what that person's grant brought.
     */
    platformUserId: text('platform_user_id'),
    accountName: text('account_name').notNull(),
    status: text('status', { enum: connectionStatuses }).notNull().default('connected'),
    accessTokenSealed: text('access_token_sealed'),
    refreshTokenSealed: text('refresh_token_sealed'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    tokenKeyVersion: integer('token_key_version').notNull(),
    scopes: text('scopes').array().notNull(),
    isSandbox: boolean('is_sandbox').notNull().default(false),
    lastSyncedAt: timestamp('last_synced_at', { withTimezone: true }),
    syncStep: text('sync_step'),
    syncPercent: integer('sync_percent'),
    syncError: text('sync_error'),
    dataCompleteThrough: date('data_complete_through'),
    /** The last day whose rows are fully written: a resumed sync starts after it. */
    syncedThrough: date('synced_through'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.id] }),
    uniqueIndex('platform_connections_account_idx').on(
      table.organizationId,
      table.provider,
      table.externalAccountId,
    ),
    index('platform_connections_status_idx').on(table.status),
    index('platform_connections_platform_user_idx').on(table.provider, table.platformUserId),
  ],
);
