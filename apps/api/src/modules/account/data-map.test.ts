import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client';
import { createTestDatabase } from '../../testing/test-database';
import {
  explicitPolicies,
  isExportedColumn,
  listOrganizationTables,
  listSchemaTables,
  policyOf,
} from './data-map';

// The guard for new tables: a table that holds a person's or an organisation's data must either
// carry an `organization_id` (and then goes with the organisation) or be named in data-map.ts with
// how it is handled. A new table that is neither fails here until someone decides.
describe('what the export and the deletion cover', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase('pglite');
  });
  afterAll(async () => {
    await database?.close();
  });

  it('has a policy for every table of the schema', () => {
    const uncovered = listSchemaTables()
      .filter((table) => policyOf(table) === null)
      .map((table) => table.name);
    expect(uncovered, 'add these tables to explicitPolicies in data-map.ts').toEqual([]);
  });

  it('knows every table the migrations create, and names no table that is gone', async () => {
    const result = await database.db.execute(
      sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
    );
    const inDatabase = (result as unknown as { rows: { table_name: string }[] }).rows.map(
      (row) => row.table_name,
    );
    const inSchema = listSchemaTables().map((table) => table.name);
    expect(inDatabase.filter((name) => !inSchema.includes(name))).toEqual([]);
    expect(Object.keys(explicitPolicies).filter((name) => !inSchema.includes(name))).toEqual([]);
  });

  it('treats every table with an organisation id as the organisation’s, users aside', () => {
    const names = listOrganizationTables().map((table) => table.name);
    for (const name of [
      'campaigns',
      'content_daily_metrics',
      'imports',
      'statement_lines',
      'songs',
      'share_links',
      'chat_messages',
      'billing_invoices',
      'audit_events',
    ]) {
      expect(names).toContain(name);
    }
    expect(names).not.toContain('users');
    // Every organisation table can be read in key order (the export's batches).
    for (const table of listOrganizationTables())
      expect(table.primaryKey.length).toBeGreaterThan(0);
  });

  it('never exports tokens, hashes, sealed values, passwords, keys or file bytes', () => {
    const secret = [
      ['share_links', 'token_hash'],
      ['share_links', 'password_hash'],
      ['platform_connections', 'access_token_sealed'],
      ['platform_connections', 'refresh_token_sealed'],
      ['auth_account', 'password'],
      ['auth_account', 'access_token'],
      ['auth_account', 'refresh_token'],
      ['auth_account', 'id_token'],
      ['auth_session', 'token'],
      ['auth_invitation', 'token_hash'],
      ['auth_invitation', 'sealed_token'],
      ['oauth_states', 'state_hash'],
      ['oauth_states', 'code_verifier_sealed'],
      ['oauth_states', 'browser_nonce_hash'],
      ['auth_jwks', 'private_key'],
      ['import_file_chunks', 'bytes'],
      ['imports', 'content_sha256'],
    ];
    const tables = listSchemaTables();
    for (const [tableName, columnName] of secret) {
      const column = tables
        .find((table) => table.name === tableName)!
        .columns.find((candidate) => candidate.name === columnName);
      expect(column, `${tableName}.${columnName}`).toBeDefined();
      expect(isExportedColumn(column!), `${tableName}.${columnName}`).toBe(false);
    }
    const campaigns = tables.find((table) => table.name === 'campaigns')!;
    expect(campaigns.columns.every(isExportedColumn)).toBe(true);
  });
});
