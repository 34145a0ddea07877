import { and, asc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import {
  authInvitation,
  authMember,
  authOrganization,
  authSession,
  authUser,
  authVerification,
  billingAccounts,
  billingInvoices,
  clerkCountedMemberships,
  dataDeletionRequests,
  jobs,
  organizations,
  platformConnections,
  rateLimitCounters,
  retainedInvoices,
  sandboxMail,
  users,
  waitlistEntries,
} from '../../db/schema';
import { isExportedColumn, listOrganizationTables, type TableInfo } from './data-map';

/** The person an export or a deletion is about. */
export type Person = {
  userId: string;
  subject: string;
  email: string;
  name: string;
  identityProvider: 'embedded' | 'clerk';
  /** The artist made with their account (`users.organization_id`). */
  homeOrganizationId: string;
};

export type PersonOrganization = {
  id: string;
  identityOrganizationId: string | null;
  name: string;
  role: 'owner' | 'manager' | 'viewer';
  /** Owners other than the person. */
  otherOwners: number;
};

async function readRows<T>(db: Database, query: SQL): Promise<T[]> {
  const result = await db.execute(query);
  return (result as unknown as { rows: T[] }).rows;
}

export async function findPersonByUserId(db: Database, userId: string): Promise<Person | null> {
  const [row] = await db
    .select({
      userId: users.id,
      subject: users.subject,
      email: users.email,
      name: users.name,
      identityProvider: users.identityProvider,
      homeOrganizationId: users.organizationId,
    })
    .from(users)
    .where(eq(users.id, userId));
  return row ?? null;
}

/**
 * Every artist the person belongs to and their role there: the identity provider's memberships
 * (embedded), and their own artist while it has no members there (made before teams, or Clerk).
 */
export async function listPersonOrganizations(
  db: Database,
  person: Person,
): Promise<PersonOrganization[]> {
  const rows = await readRows<{
    id: string;
    identity_organization_id: string | null;
    name: string;
    role: string;
    other_owners: number | string;
  }>(
    db,
    sql`
      select ${organizations.id} as id, ${organizations.identityOrganizationId} as identity_organization_id,
        ${organizations.name} as name, ${authMember.role} as role,
        (select count(*) from ${authMember} others
          where others.organization_id = ${authMember.organizationId}
            and others.role = 'owner' and others.user_id <> ${person.subject}) as other_owners
      from ${authMember}
      inner join ${organizations} on ${organizations.identityOrganizationId} = ${authMember.organizationId}
      where ${authMember.userId} = ${person.subject}
      union all
      select ${organizations.id}, ${organizations.identityOrganizationId}, ${organizations.name}, 'owner', 0
      from ${organizations}
      where ${organizations.id} = ${person.homeOrganizationId}
        and not exists (
          select 1 from ${authMember}
          where ${authMember.organizationId} = ${organizations.identityOrganizationId}
        )
      order by name, id`,
  );
  return rows.map((row) => ({
    id: row.id,
    identityOrganizationId: row.identity_organization_id,
    name: row.name,
    role: row.role === 'owner' || row.role === 'manager' ? row.role : 'viewer',
    otherOwners: Number(row.other_owners),
  }));
}

export async function findOrganization(
  db: Database,
  id: string,
): Promise<{ id: string; name: string; identityOrganizationId: string | null } | null> {
  const [row] = await db
    .select({
      id: organizations.id,
      name: organizations.name,
      identityOrganizationId: organizations.identityOrganizationId,
    })
    .from(organizations)
    .where(eq(organizations.id, id));
  return row ?? null;
}

export async function listOrganizationConnections(db: Database, organizationIds: string[]) {
  if (organizationIds.length === 0) return [];
  return db
    .select()
    .from(platformConnections)
    .where(inArray(platformConnections.organizationId, organizationIds));
}

export async function listMetaConnectionsOfPlatformUser(db: Database, platformUserId: string) {
  return db
    .select()
    .from(platformConnections)
    .where(
      and(
        eq(platformConnections.provider, 'meta'),
        eq(platformConnections.platformUserId, platformUserId),
      ),
    );
}

export async function deleteConnectionRow(
  db: Database,
  connection: { organizationId: string; id: string },
): Promise<void> {
  await db
    .delete(platformConnections)
    .where(
      and(
        eq(platformConnections.organizationId, connection.organizationId),
        eq(platformConnections.id, connection.id),
      ),
    );
}

/** Subscriptions of these organisations that would renew (and so must be cancelled). */
export async function listLiveSubscriptions(
  db: Database,
  organizationIds: string[],
): Promise<string[]> {
  if (organizationIds.length === 0) return [];
  const rows = await db
    .select({ subscriptionId: billingAccounts.subscriptionId })
    .from(billingAccounts)
    .where(
      and(
        inArray(billingAccounts.organizationId, organizationIds),
        inArray(billingAccounts.status, ['active', 'trialing', 'past_due', 'incomplete']),
      ),
    );
  return rows.flatMap((row) => (row.subscriptionId ? [row.subscriptionId] : []));
}

/** Copies the organisations' invoices, without the organisation, into the retained records. */
export async function retainInvoices(
  db: Database,
  organizationIds: string[],
  retainUntil: Date,
): Promise<number> {
  if (organizationIds.length === 0) return 0;
  const invoices = await db
    .select()
    .from(billingInvoices)
    .where(inArray(billingInvoices.organizationId, organizationIds));
  if (invoices.length === 0) return 0;
  await db
    .insert(retainedInvoices)
    .values(
      invoices.map((invoice) => ({
        invoiceId: invoice.id,
        number: invoice.number,
        amountCents: invoice.amountCents,
        currency: invoice.currency,
        status: invoice.status,
        issuedAt: invoice.createdAt,
        retainUntil,
      })),
    )
    .onConflictDoNothing();
  return invoices.length;
}

/**
 * People (other than `exceptUserId`) whose own artist is among the deleted ones get another
 * home: an artist they still belong to, else a new empty one they own.
 */
export async function rehomeUsers(
  db: Database,
  organizationIds: string[],
  exceptUserId: string | null,
  createOrganization: (
    db: Database,
    input: { name: string; ownerSubject: string; identityProvider: 'embedded' | 'clerk' },
  ) => Promise<{ id: string }>,
): Promise<void> {
  if (organizationIds.length === 0) return;
  const homeless = await db
    .select({
      id: users.id,
      subject: users.subject,
      name: users.name,
      identityProvider: users.identityProvider,
    })
    .from(users)
    .where(
      and(
        inArray(users.organizationId, organizationIds),
        exceptUserId ? ne(users.id, exceptUserId) : undefined,
      ),
    );
  for (const user of homeless) {
    const [other] = await db
      .select({ id: organizations.id, role: authMember.role })
      .from(authMember)
      .innerJoin(organizations, eq(organizations.identityOrganizationId, authMember.organizationId))
      .where(
        and(
          eq(authMember.userId, user.subject),
          sql`${organizations.id} not in (${sql.join(
            organizationIds.map((id) => sql`${id}::uuid`),
            sql`, `,
          )})`,
        ),
      )
      .orderBy(asc(authMember.createdAt))
      .limit(1);
    const home = other
      ? { id: other.id, role: other.role === 'owner' ? ('owner' as const) : ('member' as const) }
      : {
          id: (
            await createOrganization(db, {
              name: `${user.name}'s team`,
              ownerSubject: user.subject,
              identityProvider: user.identityProvider,
            })
          ).id,
          role: 'owner' as const,
        };
    await db
      .update(users)
      .set({ organizationId: home.id, organizationRole: home.role, updatedAt: new Date() })
      .where(eq(users.id, user.id));
  }
}

/**
 * Deletes the organisations and everything that is theirs: every table with an
 * `organization_id` (found from the schema, so new tables are included), their sync jobs, their
 * identity-provider twin with its members and invitations, and the organisation rows.
 */
export async function deleteOrganizationsData(
  db: Database,
  organizations_: { id: string; identityOrganizationId: string | null }[],
): Promise<void> {
  if (organizations_.length === 0) return;
  const ids = organizations_.map((organization) => organization.id);
  const idList = sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  for (const table of listOrganizationTables()) {
    await db.execute(
      sql`delete from ${sql.identifier(table.name)} where organization_id in (${idList})`,
    );
  }
  await db.execute(
    sql`delete from ${jobs} where ${jobs.payload}->>'organizationId' in (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )})`,
  );
  const identityIds = organizations_.flatMap((organization) =>
    organization.identityOrganizationId ? [organization.identityOrganizationId] : [],
  );
  if (identityIds.length > 0) {
    await db.delete(authOrganization).where(inArray(authOrganization.id, identityIds));
    // Members' sessions that had it active fall back to another of their artists.
    await db
      .update(authSession)
      .set({ activeOrganizationId: null })
      .where(inArray(authSession.activeOrganizationId, identityIds));
    await db
      .delete(clerkCountedMemberships)
      .where(inArray(clerkCountedMemberships.identityOrganizationId, identityIds));
  }
  await db.delete(organizations).where(inArray(organizations.id, ids));
}

/** The person's own rows: their sign-in account and everything keyed by their id or address. */
export async function deletePersonRows(db: Database, person: Person): Promise<void> {
  const email = person.email.toLowerCase();
  const mentions = (column: PgColumn | SQL, needle: string) =>
    sql`strpos(lower(${column}), ${needle.toLowerCase()}) > 0`;
  await db
    .delete(waitlistEntries)
    .where(
      sql`lower(${waitlistEntries.email}) = ${email} or ${waitlistEntries.userId} = ${person.userId}`,
    );
  await db.delete(authInvitation).where(sql`lower(${authInvitation.email}) = ${email}`);
  await db.delete(authVerification).where(
    sql`${mentions(authVerification.identifier, email)} or ${mentions(authVerification.value, email)}
        or ${mentions(authVerification.value, person.subject)} or ${mentions(authVerification.identifier, person.subject)}`,
  );
  await db
    .delete(clerkCountedMemberships)
    .where(eq(clerkCountedMemberships.subject, person.subject));
  await db
    .delete(rateLimitCounters)
    .where(
      sql`${mentions(rateLimitCounters.key, email)} or ${mentions(rateLimitCounters.key, person.subject)}`,
    );
  await db.delete(sandboxMail).where(sql`lower(${sandboxMail.toAddress}) = ${email}`);
  await db.delete(users).where(eq(users.id, person.userId));
  if (person.identityProvider === 'embedded') {
    await db.delete(authUser).where(eq(authUser.id, person.subject));
  }
}

export async function insertDeletionRequest(
  db: Database,
  input: {
    confirmationCode: string;
    source: 'account' | 'organization' | 'meta';
    summary: Record<string, number>;
    completedAt: Date;
  },
): Promise<void> {
  await db.insert(dataDeletionRequests).values({ ...input, status: 'completed' });
}

export async function findDeletionRequest(db: Database, confirmationCode: string) {
  const [row] = await db
    .select()
    .from(dataDeletionRequests)
    .where(eq(dataDeletionRequests.confirmationCode, confirmationCode));
  return row ?? null;
}

/**
 * One batch of a table's rows as JSON text (exported columns only), after the key `after` in
 * primary-key order: reading by key, not by offset, keeps a large artist's export linear.
 */
export async function readExportBatch(
  db: Database,
  table: TableInfo,
  where: SQL,
  after: string[] | null,
  limit: number,
): Promise<{ json: string[]; lastKey: string[] | null }> {
  const hidden = table.columns.filter((column) => !isExportedColumn(column));
  const key = table.primaryKey;
  const keyTuple = sql.join(
    key.map((column) => sql.identifier(column.name)),
    sql`, `,
  );
  const afterCondition = after
    ? sql`and (${keyTuple}) > (${sql.join(
        key.map((column, index) => sql`${after[index]}::${sql.raw(column.getSQLType())}`),
        sql`, `,
      )})`
    : sql``;
  // to_jsonb: PostgreSQL's own JSON of each value (numbers stay numbers, times ISO 8601).
  const hiddenNames = hidden.length
    ? sql` - array[${sql.join(
        hidden.map((column) => sql`${column.name}`),
        sql`, `,
      )}]::text[]`
    : sql``;
  const rows = await readRows<Record<string, string>>(
    db,
    sql`select (to_jsonb(exported)${hiddenNames})::text as json, ${sql.join(
      key.map(
        (column, index) =>
          sql`${sql.identifier(column.name)}::text as ${sql.identifier(`k${index}`)}`,
      ),
      sql`, `,
    )}
    from ${sql.identifier(table.name)} exported
    where ${where} ${afterCondition}
    order by ${keyTuple}
    limit ${limit}`,
  );
  const last = rows.at(-1);
  return {
    json: rows.map((row) => row.json!),
    lastKey: last && rows.length === limit ? key.map((_, index) => last[`k${index}`]!) : null,
  };
}
