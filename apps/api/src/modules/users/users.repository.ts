import type { Role } from '@crescendo/contracts';
import { TransactionRollbackError, and, eq, gt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { authSession, organizations, users } from '../../db/schema';
import type { UserRecord } from '../../lib/current-user';
import {
  insertOrganizationWithOwner,
  memberSubscriptionsOfUser,
  toStandings,
  type StoredStanding,
} from '../organizations';

export type { UserRecord };

const userColumns = {
  id: users.id,
  issuer: users.issuer,
  subject: users.subject,
  identityProvider: users.identityProvider,
  email: users.email,
  name: users.name,
  role: users.role,
  permissions: users.permissions,
  tier: users.tier,
  createdAt: users.createdAt,
  organizationId: organizations.id,
  organizationName: organizations.name,
  organizationRole: users.organizationRole,
  organizationCreatedAt: organizations.createdAt,
  subscriptions: memberSubscriptionsOfUser(),
};

type UserRow = Omit<UserRecord, 'organization' | 'subscriptions'> & {
  organizationId: string;
  organizationName: string;
  organizationRole: 'owner' | 'member';
  organizationCreatedAt: Date;
  subscriptions: StoredStanding[] | string;
};

/*
 * The organisation read here is the user's own (the one made with their account). Which
 * organisation a request acts on, and the role there, is the teams module's call.
 */

function toUserRecord(row: UserRow): UserRecord {
  return {
    id: row.id,
    issuer: row.issuer,
    subject: row.subject,
    identityProvider: row.identityProvider,
    email: row.email,
    name: row.name,
    role: row.role,
    permissions: row.permissions,
    tier: row.tier,
    createdAt: row.createdAt,
    organization: {
      id: row.organizationId,
      name: row.organizationName,
      role: row.organizationRole === 'owner' ? 'owner' : 'viewer',
      createdAt: row.organizationCreatedAt,
    },
    subscriptions: toStandings(row.subscriptions),
  };
}

function prepareIdentityLookups(db: Database) {
  const sessionIsActive = sql<boolean>`exists (select 1 from ${authSession} where ${authSession.id} = ${sql.placeholder('sessionId')} and ${authSession.expiresAt} > now())`;
  const byIdentity = and(
    eq(users.issuer, sql.placeholder('issuer')),
    eq(users.subject, sql.placeholder('subject')),
  );
  const base = () => db.select({ ...userColumns, isSessionActive: sessionIsActive }).from(users);
  return {
    withSession: base()
      .innerJoin(organizations, eq(organizations.id, users.organizationId))
      .where(byIdentity)
      .limit(1)
      .prepare('find_user_by_identity_with_session'),
    withoutSession: db
      .select({ ...userColumns, isSessionActive: sql<boolean>`true` })
      .from(users)
      .innerJoin(organizations, eq(organizations.id, users.organizationId))
      .where(byIdentity)
      .limit(1)
      .prepare('find_user_by_identity'),
  };
}

// The lookup runs on every authenticated request: build its SQL once per database and let
// PostgreSQL plan it once per connection.
const preparedLookups = new WeakMap<Database, ReturnType<typeof prepareIdentityLookups>>();

/**
 * One round trip per authenticated request: the user, their organisation and, for embedded
 * tokens, whether the session the token was minted for is still alive (sign-out ends it).
 */
export async function findUserByIdentity(
  db: Database,
  issuer: string,
  subject: string,
  sessionId: string | null,
): Promise<{ user: UserRecord; isSessionActive: boolean } | null> {
  let lookups = preparedLookups.get(db);
  if (!lookups) {
    lookups = prepareIdentityLookups(db);
    preparedLookups.set(db, lookups);
  }
  const rows = sessionId
    ? await lookups.withSession.execute({ issuer, subject, sessionId })
    : await lookups.withoutSession.execute({ issuer, subject });
  const row = rows[0];
  return row ? { user: toUserRecord(row), isSessionActive: Boolean(row.isSessionActive) } : null;
}

export async function isEmbeddedSessionActive(db: Database, sessionId: string): Promise<boolean> {
  const rows = await db
    .select({ id: authSession.id })
    .from(authSession)
    .where(and(eq(authSession.id, sessionId), gt(authSession.expiresAt, sql`now()`)))
    .limit(1);
  return rows.length > 0;
}

export async function findUserById(db: Database, id: string): Promise<UserRecord | null> {
  const rows = await db
    .select(userColumns)
    .from(users)
    .innerJoin(organizations, eq(organizations.id, users.organizationId))
    .where(eq(users.id, id))
    .limit(1);
  return rows[0] ? toUserRecord(rows[0]) : null;
}

export type NewUser = {
  issuer: string;
  subject: string;
  identityProvider: 'embedded' | 'clerk';
  email: string;
  name: string;
  role: Role;
  organizationName: string;
};

/**
 * Creates the user with their own organisation. Concurrent first requests for the same identity
 * are safe: the loser's insert does nothing and its organisation is rolled back.
 */
export async function insertUserWithOrganization(db: Database, input: NewUser): Promise<boolean> {
  return db
    .transaction(async (tx) => {
      // Embedded accounts get their organisation in the identity provider too (same id), with
      // themself as owner; Clerk organisations come from Clerk.
      const [organization] =
        input.identityProvider === 'embedded'
          ? [
              await insertOrganizationWithOwner(tx, {
                name: input.organizationName,
                ownerSubject: input.subject,
              }),
            ]
          : await tx
              .insert(organizations)
              .values({ name: input.organizationName })
              .returning({ id: organizations.id });
      const inserted = await tx
        .insert(users)
        .values({
          issuer: input.issuer,
          subject: input.subject,
          identityProvider: input.identityProvider,
          email: input.email,
          name: input.name,
          role: input.role,
          organizationId: organization!.id,
        })
        .onConflictDoNothing({ target: [users.issuer, users.subject] })
        .returning({ id: users.id });
      if (inserted.length === 0) {
        tx.rollback();
      }
      return true;
    })
    .catch((error: unknown) => {
      if (error instanceof TransactionRollbackError) return false;
      throw error;
    });
}

export async function updateUserRole(db: Database, id: string, role: Role): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ role, updatedAt: new Date() })
    .where(eq(users.id, id))
    .returning({ id: users.id });
  return rows.length > 0;
}

export async function updateUserProfileFields(
  db: Database,
  id: string,
  fields: { email?: string; name?: string },
): Promise<void> {
  if (!fields.email && !fields.name) return;
  await db
    .update(users)
    .set({ ...fields, updatedAt: new Date() })
    .where(eq(users.id, id));
}
