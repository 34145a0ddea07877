import { is } from 'drizzle-orm';
import { getTableConfig, PgTable, type PgColumn } from 'drizzle-orm/pg-core';
import * as schema from '../../db/schema';

/*
 * Which table holds whose data, read from the Drizzle schema so that a new table is covered
 * without a change here: every table with an `organization_id` uuid column belongs to the
 * organisation and is exported and deleted with it. The tables that hold a person's data another
 * way, or nobody's, are named below with the reason; `data-map.test.ts` fails for a table that is
 * neither (and for one the database has but the schema does not).
 */

export type TableInfo = {
  name: string;
  table: PgTable;
  columns: PgColumn[];
  primaryKey: PgColumn[];
  /** Columns holding a `users.id` (found from the foreign keys). */
  userColumns: PgColumn[];
  hasOrganizationId: boolean;
};

export type TablePolicy =
  /** Rows go with the organisation named by their `organization_id`. */
  | { kind: 'organization' }
  /** Handled one by one in the deletion and the export (a person's own rows). */
  | { kind: 'person'; reason: string }
  /** Holds no person's or organisation's data, or is a stand-in for a third party's systems. */
  | { kind: 'none'; reason: string };

/** The tables that do not simply go with their `organization_id`, and why. */
export const explicitPolicies: Record<string, TablePolicy> = {
  organizations: { kind: 'person', reason: 'The organisation row itself: deleted last.' },
  users: {
    kind: 'person',
    reason:
      'A person; `organization_id` is their own artist, so the row goes with the person, and others whose own artist is deleted are moved to another one.',
  },
  waitlist_entries: { kind: 'person', reason: 'Found by the person’s email.' },
  auth_user: {
    kind: 'person',
    reason: 'The embedded sign-in account; its sessions, sign-in methods and memberships cascade.',
  },
  auth_session: {
    kind: 'person',
    reason: 'Cascades from auth_user; a deleted artist is cleared as other sessions’ active one.',
  },
  auth_account: { kind: 'person', reason: 'Cascades from auth_user.' },
  auth_verification: {
    kind: 'person',
    reason: 'Email-verification and password-reset values naming the person.',
  },
  auth_organization: {
    kind: 'person',
    reason: 'The organisation’s identity-provider twin (text id).',
  },
  auth_member: { kind: 'person', reason: 'Cascades from auth_user and auth_organization.' },
  auth_invitation: {
    kind: 'person',
    reason:
      'Cascades from auth_organization and the inviter; invitations sent to the person’s email are deleted by address.',
  },
  clerk_counted_memberships: { kind: 'person', reason: 'Keyed by the person’s Clerk subject.' },
  jobs: { kind: 'person', reason: 'Sync jobs name the organisation in their payload.' },
  rate_limit_counters: { kind: 'person', reason: 'Keys name the account (subject, email).' },
  sandbox_mail: {
    kind: 'person',
    reason:
      'The sandbox mailbox (the outbox when no SMTP is configured): mail to the person is deleted, then the deletion confirmation is sent.',
  },
  auth_jwks: { kind: 'none', reason: 'The identity provider’s signing keys.' },
  key_checks: { kind: 'none', reason: 'Checks that the configured secrets match.' },
  worker_heartbeats: { kind: 'none', reason: 'Which worker processes are alive: no one’s data.' },
  billing_events: { kind: 'none', reason: 'Payment-provider event ids already processed.' },
  data_deletion_requests: { kind: 'none', reason: 'Deletion statuses: a code and counts.' },
  retained_invoices: {
    kind: 'none',
    reason: 'Invoices kept for tax law, detached from the person and the organisation.',
  },
  sandbox_oauth_records: {
    kind: 'none',
    reason:
      'The platform sandbox’s own grants (Google’s and Meta’s side): revoked there at deletion.',
  },
  payments_sandbox_records: {
    kind: 'none',
    reason:
      'The payments sandbox’s own records (Stripe’s side, which keeps customers and invoices for billing law): subscriptions are cancelled there at deletion.',
  },
};

function isTable(value: unknown): value is PgTable {
  return is(value, PgTable);
}

let cachedTables: TableInfo[] | null = null;

/** Every table of the Drizzle schema with its key, its `users` columns and its organisation column. */
export function listSchemaTables(): TableInfo[] {
  if (cachedTables) return cachedTables;
  cachedTables = (Object.values(schema) as unknown[])
    .filter(isTable)
    .map((table) => {
      const config = getTableConfig(table);
      const primaryKey = config.primaryKeys[0]?.columns ?? config.columns.filter((c) => c.primary);
      const userColumns = config.foreignKeys.flatMap((foreignKey) => {
        const reference = foreignKey.reference();
        return getTableConfig(reference.foreignTable).name === 'users' ? reference.columns : [];
      });
      return {
        name: config.name,
        table,
        columns: config.columns,
        primaryKey,
        userColumns,
        hasOrganizationId: config.columns.some(
          (column) => column.name === 'organization_id' && column.getSQLType() === 'uuid',
        ),
      };
    })
    .sort((a, b) => a.name.localeCompare(b.name));
  return cachedTables;
}

export function policyOf(table: TableInfo): TablePolicy | null {
  return (
    explicitPolicies[table.name] ?? (table.hasOrganizationId ? { kind: 'organization' } : null)
  );
}

/** The tables whose rows go with their organisation. */
export function listOrganizationTables(): TableInfo[] {
  return listSchemaTables().filter((table) => policyOf(table)?.kind === 'organization');
}

/**
 * Columns never exported: tokens, hashes, sealed values, passwords, keys and nonces (their
 * names say so), and raw file bytes. The one such file a person owns is an import's original,
 * kept when the artist asked (`imports.keep_file`, chunks in `import_file_chunks`, both going
 * with the import and the organisation): the export lists it and its note names
 * `GET /api/v1/imports/{id}/file`, which gives the bytes back.
 */
const secretColumnPattern = /(token|password|secret|hash|sha256|sealed|private_key|verifier|nonce)/;

export function isExportedColumn(column: PgColumn): boolean {
  return !secretColumnPattern.test(column.name) && column.getSQLType() !== 'bytea';
}
