import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from './client';
import { createTestDatabase, databaseTargets } from '../testing/test-database';

/**
 * Readiness for a distributed PostgreSQL (Citus, issue 30): a table sharded by organisation must
 * carry `organization_id` in its primary key. This is a report, not yet a rule: it asserts
 * today's known exceptions, so a NEW table that breaks the rule fails here, and a table that is
 * fixed is taken off the list.
 */
const knownPrimaryKeysWithoutOrganization = [
  'artist_profiles',
  'audit_events',
  // The identity provider's own tables may stay reference tables (issue 30).
  'auth_invitation',
  'auth_member',
  'billing_invoices',
  'campaigns',
  'chat_conversations',
  'chat_messages',
  'insights',
  'notification_events',
  'notification_recipients',
  'oauth_states',
  'platform_connections',
  'share_links',
  // Users may stay a reference table (issue 30).
  'users',
];

/**
 * Tables without an organisation at all: reference or global tables (identity, queue, billing
 * events, sandboxes). A new table lands here only on purpose.
 */
const knownTablesWithoutOrganization = [
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

describe.each(databaseTargets)('distribution readiness of the schema on %s', (target) => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase(target);
  });
  afterAll(async () => {
    await database?.close();
  });

  it('lists the tenant tables whose primary key lacks organization_id (known list only)', async () => {
    const rows = readRows<{ table: string }>(
      await database.db.execute(sql`
        select c.relname as table
        from pg_class c
        join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind in ('r', 'p')
          and exists (select 1 from pg_attribute a where a.attrelid = c.oid
                      and a.attname = 'organization_id' and not a.attisdropped)
          and not exists (
            select 1 from pg_index i
            join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey)
            where i.indrelid = c.oid and i.indisprimary and a.attname = 'organization_id')
        order by 1`),
    );
    expect(rows.map((row) => row.table)).toEqual(knownPrimaryKeysWithoutOrganization);
  });

  it('lists the tables with no organisation at all (known reference tables only)', async () => {
    const rows = readRows<{ table: string }>(
      await database.db.execute(sql`
        select c.relname as table
        from pg_class c
        join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind in ('r', 'p')
          and not exists (select 1 from pg_attribute a where a.attrelid = c.oid
                          and a.attname = 'organization_id' and not a.attisdropped)
        order by 1`),
    );
    expect(rows.map((row) => row.table)).toEqual(knownTablesWithoutOrganization);
  });
});
