import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from './client';
import { createTestDatabase, databaseTargets } from '../testing/test-database';

/**
 * Ready for a distributed PostgreSQL (Citus, issue 30): every table that holds an organisation's
 * data is distributed by `organization_id`, so its primary key and every unique index include
 * it, and every foreign key between two such tables includes it on both sides (a colocated key:
 * a row and the row it points at live on one shard, so no statement joins two tenants through a
 * key). Tables without an organisation, and the few tables with one that are shared across
 * organisations, are reference tables (copied to every node). docs/ARCHITECTURE.md says how the
 * product would run on it.
 */

/**
 * Tables with an `organization_id` that are not distributed by it: a person, a membership or an
 * invitation belongs to the identity provider and spans organisations (issue 30: they may stay
 * reference tables). Distributed tables may point at them (Citus allows distributed → reference
 * keys); they must never point at a distributed table.
 */
const referenceTablesWithOrganization = ['auth_invitation', 'auth_member', 'users'];

/** Tables without an organisation at all: reference or coordinator-local (queue, identity…). */
const tablesWithoutOrganization = [
  'auth_account',
  'auth_jwks',
  'auth_organization',
  'auth_session',
  'auth_user',
  'auth_verification',
  'billing_events',
  'clerk_counted_memberships',
  'data_deletion_requests',
  'jobs',
  'key_checks',
  'organizations',
  'payments_sandbox_records',
  'rate_limit_counters',
  'retained_invoices',
  'sandbox_mail',
  'sandbox_oauth_records',
  'waitlist_entries',
  'worker_heartbeats',
];

function readRows<Row>(result: unknown): Row[] {
  return (result as { rows?: Row[] }).rows ?? (result as Row[]);
}

const notDistributed = referenceTablesWithOrganization;

/** `c` is a table of the public schema with an `organization_id` column. */
const hasOrganization = (alias: string) =>
  sql.raw(`exists (select 1 from pg_attribute a where a.attrelid = ${alias}.oid
             and a.attname = 'organization_id' and not a.attisdropped)`);

describe.each(databaseTargets)('distribution readiness of the schema on %s', (target) => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase(target);
  });
  afterAll(async () => {
    await database?.close();
  });

  async function listNames(query: ReturnType<typeof sql>): Promise<string[]> {
    return readRows<{ name: string }>(await database.db.execute(query)).map((row) => row.name);
  }

  /** The tables distributed by organisation: with the column, not reference tables. */
  const distributedTables = sql`
    select c.oid, c.relname
    from pg_class c
    join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' and c.relkind in ('r', 'p') and ${hasOrganization('c')}
      and c.relname not in (${sql.join(
        notDistributed.map((name) => sql`${name}`),
        sql`, `,
      )})`;

  it('has organization_id in the primary key of every distributed table', async () => {
    const tables = await listNames(sql`
      with distributed as (${distributedTables})
      select d.relname as name from distributed d
      where not exists (
        select 1 from pg_index i
        join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey)
        where i.indrelid = d.oid and i.indisprimary and a.attname = 'organization_id')
      order by 1`);
    expect(tables).toEqual([]);
    // The rule has something to check: the tables this issue keyed are among them.
    const distributed = await listNames(
      sql`with distributed as (${distributedTables}) select relname as name from distributed`,
    );
    expect(distributed).toEqual(
      expect.arrayContaining([
        'chat_messages',
        'content_daily_metrics',
        'content_items',
        'notification_recipients',
        'platform_connections',
      ]),
    );
    expect(distributed.length).toBeGreaterThanOrEqual(30);
  });

  it('has organization_id in every unique index of a distributed table', async () => {
    const indexes = await listNames(sql`
      with distributed as (${distributedTables})
      select i.indexrelid::regclass::text as name
      from distributed d
      join pg_index i on i.indrelid = d.oid and i.indisunique
      where not exists (
        select 1 from pg_attribute a
        where a.attrelid = d.oid and a.attnum = any(i.indkey) and a.attname = 'organization_id')
      order by 1`);
    expect(indexes).toEqual([]);
  });

  it('joins distributed tables by keys that include organization_id on both sides', async () => {
    const keys = await listNames(sql`
      with distributed as (${distributedTables})
      select k.conname as name
      from pg_constraint k
      where k.contype = 'f'
        and k.conrelid in (select oid from distributed)
        and k.confrelid in (select oid from distributed)
        and not exists (
          select 1 from unnest(k.conkey, k.confkey) as pair(own, other)
          join pg_attribute a on a.attrelid = k.conrelid and a.attnum = pair.own
          join pg_attribute b on b.attrelid = k.confrelid and b.attnum = pair.other
          where a.attname = 'organization_id' and b.attname = 'organization_id')
      order by 1`);
    expect(keys).toEqual([]);
    // And the colocated keys exist (a rule over no keys would pass anyway).
    const colocated = await listNames(sql`
      with distributed as (${distributedTables})
      select k.conname as name from pg_constraint k
      where k.contype = 'f' and k.conrelid in (select oid from distributed)
        and k.confrelid in (select oid from distributed)
      order by 1`);
    expect(colocated).toEqual(
      expect.arrayContaining([
        'analytics_accounts_connection_fk',
        'chat_messages_conversation_fk',
        'content_daily_metrics_item_fk',
        'content_items_account_fk',
        'notification_recipients_event_fk',
        'song_content_links_item_fk',
        'songs_release_fk',
        'spotify_playlists_import_fk',
      ]),
    );
  });

  it('has no key from a reference or global table to a distributed table (Citus refuses it)', async () => {
    const keys = await listNames(sql`
      with distributed as (${distributedTables})
      select k.conname as name
      from pg_constraint k
      join pg_class c on c.oid = k.conrelid
      join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and k.contype = 'f'
        and k.conrelid not in (select oid from distributed)
        and k.confrelid in (select oid from distributed)
      order by 1`);
    expect(keys).toEqual([]);
  });

  it('lists the tables with an organisation whose primary key lacks it (reference tables only)', async () => {
    const tables = await listNames(sql`
      select c.relname as name
      from pg_class c
      join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind in ('r', 'p') and ${hasOrganization('c')}
        and not exists (
          select 1 from pg_index i
          join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey)
          where i.indrelid = c.oid and i.indisprimary and a.attname = 'organization_id')
      order by 1`);
    expect(tables).toEqual([...referenceTablesWithOrganization].sort());
  });

  it('lists the tables with no organisation at all (known reference tables only)', async () => {
    const tables = await listNames(sql`
      select c.relname as name
      from pg_class c
      join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind in ('r', 'p') and not ${hasOrganization('c')}
      order by 1`);
    expect(tables).toEqual(tablesWithoutOrganization);
  });
});
