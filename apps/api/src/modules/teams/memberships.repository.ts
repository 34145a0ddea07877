import crypto from 'node:crypto';
import { organizationRoles, type OrganizationRole } from '@crescendo/contracts';
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  authMember,
  authOrganization,
  authSession,
  authUser,
  campaigns,
  imports,
  organizations,
  platformConnections,
  users,
} from '../../db/schema';

/** An organisation the caller belongs to, with their role there. */
export type Membership = {
  memberId: string;
  organizationId: string;
  identityOrganizationId: string;
  name: string;
  createdAt: Date;
  role: OrganizationRole;
};

export function toOrganizationRole(value: string): OrganizationRole {
  return (organizationRoles as readonly string[]).includes(value)
    ? (value as OrganizationRole)
    : 'viewer';
}

const membershipColumns = {
  memberId: authMember.id,
  organizationId: organizations.id,
  identityOrganizationId: authMember.organizationId,
  name: organizations.name,
  createdAt: organizations.createdAt,
  role: authMember.role,
};

function toMembership(row: { role: string } & Omit<Membership, 'role'>): Membership {
  return { ...row, role: toOrganizationRole(row.role) };
}

/**
 * The embedded caller's active membership, checked on every request: the session's active
 * organisation while they are still a member of it, else their own organisation, else their
 * oldest membership. A removed member falls back at once.
 */
export async function findActiveMembership(
  db: Database,
  input: { subject: string; sessionId: string | null; homeOrganizationId: string },
): Promise<Membership | null> {
  const activeOrganization = input.sessionId
    ? sql`(select ${authSession.activeOrganizationId} from ${authSession} where ${authSession.id} = ${input.sessionId})`
    : sql`null::text`;
  const rows = await db
    .select(membershipColumns)
    .from(authMember)
    .innerJoin(organizations, eq(organizations.identityOrganizationId, authMember.organizationId))
    .where(eq(authMember.userId, input.subject))
    .orderBy(
      sql`case when ${authMember.organizationId} = ${activeOrganization} then 0 when ${organizations.id} = ${input.homeOrganizationId} then 1 else 2 end`,
      asc(authMember.createdAt),
    )
    .limit(1);
  return rows[0] ? toMembership(rows[0]) : null;
}

export async function listMemberships(db: Database, subject: string): Promise<Membership[]> {
  const rows = await db
    .select(membershipColumns)
    .from(authMember)
    .innerJoin(organizations, eq(organizations.identityOrganizationId, authMember.organizationId))
    .where(eq(authMember.userId, subject))
    .orderBy(asc(organizations.name), asc(organizations.id));
  return rows.map(toMembership);
}

/**
 * Organisations created before teams existed have no identity-provider organisation: give them
 * one, with their creator as owner. Idempotent and safe under concurrent first requests.
 */
export async function ensureIdentityOrganization(
  db: Database,
  input: { organizationId: string; ownerSubject: string },
): Promise<void> {
  await db.transaction(async (tx) => {
    const [organization] = await tx
      .select({ name: organizations.name, identityId: organizations.identityOrganizationId })
      .from(organizations)
      .where(eq(organizations.id, input.organizationId))
      .for('update');
    if (!organization) return;
    const id = input.organizationId;
    if (organization.identityId && organization.identityId !== id) return;
    const existing = await tx
      .select({ total: count() })
      .from(authMember)
      .where(eq(authMember.organizationId, id));
    // Members already: whoever is missing was removed, not forgotten.
    if (organization.identityId && Number(existing[0]?.total ?? 0) > 0) return;
    await tx
      .update(organizations)
      .set({ identityOrganizationId: id })
      .where(eq(organizations.id, id));
    await tx
      .insert(authOrganization)
      .values({ id, name: organization.name, slug: id })
      .onConflictDoNothing();
    await tx
      .insert(authMember)
      .values({
        id: crypto.randomUUID(),
        organizationId: id,
        userId: input.ownerSubject,
        role: 'owner',
      })
      .onConflictDoNothing();
  });
}

export type MemberRow = {
  id: string;
  userId: string;
  name: string;
  email: string;
  role: OrganizationRole;
  createdAt: Date;
};

export async function listMembers(
  db: Database,
  identityOrganizationId: string,
): Promise<MemberRow[]> {
  const rows = await db
    .select({
      id: authMember.id,
      userId: authMember.userId,
      name: authUser.name,
      email: authUser.email,
      role: authMember.role,
      createdAt: authMember.createdAt,
    })
    .from(authMember)
    .innerJoin(authUser, eq(authUser.id, authMember.userId))
    .where(eq(authMember.organizationId, identityOrganizationId))
    .orderBy(asc(authMember.createdAt), asc(authMember.id));
  return rows.map((row) => ({ ...row, role: toOrganizationRole(row.role) }));
}

/** Serialises membership changes of one organisation (the last owner must stay). */
export async function lockOrganization(
  db: Database,
  identityOrganizationId: string,
): Promise<void> {
  await db.execute(
    sql`select pg_advisory_xact_lock(hashtext(${`organization:${identityOrganizationId}`}))`,
  );
}

/** Serialises artist-count changes of one person (the plan's artist limit under concurrency). */
export async function lockArtistCount(db: Database, subject: string): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`artists:${subject}`}))`);
}

/** Organisations the person owns or manages: what counts against the plan's artist limit. */
/** An organisation holds data once it has a platform connection, an import or a campaign. */
function holdsArtistData(organizationId: typeof organizations.id) {
  return sql`(exists (select 1 from ${platformConnections} where ${platformConnections.organizationId} = ${organizationId})
    or exists (select 1 from ${imports} where ${imports.organizationId} = ${organizationId})
    or exists (select 1 from ${campaigns} where ${campaigns.organizationId} = ${organizationId}))`;
}

/** The organisation made for the person at sign-up. */
function isOwnSignUpOrganization(subject: string) {
  return sql`${organizations.id} = (select ${users.organizationId} from ${users} where ${users.subject} = ${subject} and ${users.identityProvider} = 'embedded' limit 1)`;
}

/**
 * The artists a person owns or manages that count against the plan: all of them, except the one
 * made at sign-up while it holds no data (so a newcomer can always join the artist that invited
 * them as a manager).
 */
export async function listManagedOrganizationIds(db: Database, subject: string): Promise<string[]> {
  return selectManagedOrganizationIds(db, subject, true);
}

/** Every artist a person owns or manages (the best plan among them counts). */
export async function listAllManagedOrganizationIds(
  db: Database,
  subject: string,
): Promise<string[]> {
  return selectManagedOrganizationIds(db, subject, false);
}

async function selectManagedOrganizationIds(
  db: Database,
  subject: string,
  isCountedOnly: boolean,
): Promise<string[]> {
  const rows = await db
    .select({ id: organizations.id })
    .from(authMember)
    .innerJoin(organizations, eq(organizations.identityOrganizationId, authMember.organizationId))
    .where(
      and(
        eq(authMember.userId, subject),
        inArray(authMember.role, ['owner', 'manager']),
        isCountedOnly
          ? sql`(not ${isOwnSignUpOrganization(subject)} or ${holdsArtistData(organizations.id)})`
          : undefined,
      ),
    );
  return rows.map((row) => row.id);
}

/** The person's sign-up organisation while it holds no data (it does not count yet), else false. */
export async function isUncountedSignUpOrganization(
  db: Database,
  subject: string,
  organizationId: string,
): Promise<boolean> {
  const rows = await db
    .select({ id: organizations.id })
    .from(organizations)
    .where(
      and(
        eq(organizations.id, organizationId),
        isOwnSignUpOrganization(subject),
        sql`not ${holdsArtistData(organizations.id)}`,
      ),
    );
  return rows.length > 0;
}

/** The backend user's identity subject for an address, when they have signed up. */
export async function findSubjectByEmail(db: Database, email: string): Promise<string | null> {
  const rows = await db
    .select({ id: authUser.id })
    .from(authUser)
    .where(sql`lower(${authUser.email}) = ${email.toLowerCase()}`)
    .limit(1);
  return rows[0]?.id ?? null;
}

export async function countOwners(db: Database, identityOrganizationId: string): Promise<number> {
  const rows = await db
    .select({ total: count() })
    .from(authMember)
    .where(
      and(eq(authMember.organizationId, identityOrganizationId), eq(authMember.role, 'owner')),
    );
  return Number(rows[0]?.total ?? 0);
}

export async function updateMemberRole(
  db: Database,
  identityOrganizationId: string,
  memberId: string,
  role: OrganizationRole,
): Promise<void> {
  await db
    .update(authMember)
    .set({ role })
    .where(and(eq(authMember.organizationId, identityOrganizationId), eq(authMember.id, memberId)));
}

export async function deleteMember(
  db: Database,
  identityOrganizationId: string,
  memberId: string,
): Promise<void> {
  await db
    .delete(authMember)
    .where(and(eq(authMember.organizationId, identityOrganizationId), eq(authMember.id, memberId)));
}

/** Adds the member; false when they already belong to the organisation. */
export async function insertMember(
  db: Database,
  input: { identityOrganizationId: string; subject: string; role: OrganizationRole },
): Promise<boolean> {
  const rows = await db
    .insert(authMember)
    .values({
      id: crypto.randomUUID(),
      organizationId: input.identityOrganizationId,
      userId: input.subject,
      role: input.role,
    })
    .onConflictDoNothing({ target: [authMember.organizationId, authMember.userId] })
    .returning({ id: authMember.id });
  return rows.length > 0;
}

/** Makes the organisation the embedded session's active one (the organization plugin's field). */
export async function setSessionActiveOrganization(
  db: Database,
  sessionId: string,
  identityOrganizationId: string,
): Promise<void> {
  await db
    .update(authSession)
    .set({ activeOrganizationId: identityOrganizationId, updatedAt: new Date() })
    .where(eq(authSession.id, sessionId));
}
