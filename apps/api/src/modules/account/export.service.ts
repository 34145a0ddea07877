import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  readExportBatch,
  listPersonOrganizations,
  type Person,
  type PersonOrganization,
} from './account.repository';
import { listOrganizationTables, listSchemaTables, type TableInfo } from './data-map';

const batchSize = 1000;

export const exportNotes = [
  'Tokens, password and link hashes, sealed values and signing keys are never exported.',
  'Artists you own are exported whole; for artists you are a member of, your membership and the rows you made there.',
  'Assistant conversations are private to each member: only yours are included.',
  'Imported files you asked Crescendo to keep are listed under imports (keep_file: true) and their stored pieces under import_file_chunks, without their bytes: download each original file from GET /api/v1/imports/{id}/file (the Imports page links them). Files not kept were discarded once read.',
];

/** Tables whose rows belong to one member (a `user_id`): only the caller's rows are exported. */
function isPersonalTable(table: TableInfo): boolean {
  return table.userColumns.some((column) => column.name === 'user_id');
}

function tableNamed(name: string): TableInfo {
  const table = listSchemaTables().find((candidate) => candidate.name === name);
  if (!table) throw new Error(`table ${name} is not in the schema`);
  return table;
}

/** A table's matching rows as a JSON array, read in key order one batch at a time. */
async function* streamRows(db: Database, table: TableInfo, where: SQL): AsyncGenerator<string> {
  yield '[';
  let after: string[] | null = null;
  let isFirst = true;
  do {
    const batch = await readExportBatch(db, table, where, after, batchSize);
    if (batch.json.length > 0) {
      yield (isFirst ? '' : ',') + batch.json.join(',');
      isFirst = false;
    }
    after = batch.lastKey;
  } while (after);
  yield ']';
}

async function* streamTables(
  db: Database,
  entries: { name: string; table: TableInfo; where: SQL }[],
): AsyncGenerator<string> {
  yield '{';
  let isFirst = true;
  for (const entry of entries) {
    yield `${isFirst ? '' : ','}${JSON.stringify(entry.name)}:`;
    isFirst = false;
    yield* streamRows(db, entry.table, entry.where);
  }
  yield '}';
}

/** The person's own rows: their account, sign-ins, memberships and what they made elsewhere. */
function personTables(person: Person, ownedIds: string[]) {
  const notOwned = ownedIds.length
    ? sql`and organization_id not in (${sql.join(
        ownedIds.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`
    : sql``;
  const fixed = [
    { name: 'users', table: tableNamed('users'), where: sql`id = ${person.userId}::uuid` },
    { name: 'auth_user', table: tableNamed('auth_user'), where: sql`id = ${person.subject}` },
    {
      name: 'auth_session',
      table: tableNamed('auth_session'),
      where: sql`user_id = ${person.subject}`,
    },
    {
      name: 'auth_account',
      table: tableNamed('auth_account'),
      where: sql`user_id = ${person.subject}`,
    },
    {
      name: 'auth_member',
      table: tableNamed('auth_member'),
      where: sql`user_id = ${person.subject}`,
    },
    {
      name: 'auth_invitation',
      table: tableNamed('auth_invitation'),
      where: sql`lower(email) = ${person.email.toLowerCase()}`,
    },
    {
      name: 'waitlist_entries',
      table: tableNamed('waitlist_entries'),
      where: sql`lower(email) = ${person.email.toLowerCase()} or user_id = ${person.userId}::uuid`,
    },
  ];
  // Rows made by the person in artists they do not own (their conversations, links they made…).
  const elsewhere = listOrganizationTables()
    .filter((table) => table.userColumns.length > 0)
    .map((table) => ({
      name: table.name,
      table,
      where: sql`(${sql.join(
        table.userColumns.map(
          (column) => sql`${sql.identifier(column.name)} = ${person.userId}::uuid`,
        ),
        sql` or `,
      )}) ${notOwned}`,
    }));
  return [...fixed, ...elsewhere];
}

function organizationTables(person: Person, organization: PersonOrganization) {
  const ofOrganization = sql`organization_id = ${organization.id}::uuid`;
  if (organization.role !== 'owner') return [];
  return [
    {
      name: 'organizations',
      table: tableNamed('organizations'),
      where: sql`id = ${organization.id}::uuid`,
    },
    ...listOrganizationTables().map((table) => ({
      name: table.name,
      table,
      where: isPersonalTable(table)
        ? sql`${ofOrganization} and user_id = ${person.userId}::uuid`
        : ofOrganization,
    })),
  ];
}

/**
 * The export as JSON text, a piece at a time: every table is read in batches by key and written
 * as it is read, so a large artist's years of daily figures never sit in memory whole.
 */
export async function* streamAccountExport(
  db: Database,
  person: Person,
  now: Date,
): AsyncGenerator<string> {
  const memberships = await listPersonOrganizations(db, person);
  const ownedIds = memberships.filter((m) => m.role === 'owner').map((m) => m.id);
  const profile = {
    id: person.userId,
    email: person.email,
    name: person.name,
    identityProvider: person.identityProvider,
  };
  yield `{"format":"crescendo-account-export","version":1,"exportedAt":${JSON.stringify(now.toISOString())}`;
  yield `,"person":{"profile":${JSON.stringify(profile)},"tables":`;
  yield* streamTables(db, personTables(person, ownedIds));
  yield '},"organizations":[';
  let isFirst = true;
  for (const organization of memberships) {
    const head = { id: organization.id, name: organization.name, role: organization.role };
    yield `${isFirst ? '' : ','}${JSON.stringify(head).slice(0, -1)},"tables":`;
    isFirst = false;
    yield* streamTables(db, organizationTables(person, organization));
    yield '}';
  }
  yield `],"notes":${JSON.stringify(exportNotes)}}`;
}
