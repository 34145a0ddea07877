import type { OrganizationRole } from '@crescendo/contracts';
import { and, desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { authInvitation, authOrganization, authUser } from '../../db/schema';
import { toOrganizationRole } from './memberships.repository';

export type InvitationRow = {
  id: string;
  identityOrganizationId: string;
  organizationName: string;
  email: string;
  role: OrganizationRole;
  status: string;
  inviterName: string;
  sealedToken: string | null;
  expiresAt: Date;
  createdAt: Date;
};

const invitationColumns = {
  id: authInvitation.id,
  identityOrganizationId: authInvitation.organizationId,
  organizationName: authOrganization.name,
  email: authInvitation.email,
  role: authInvitation.role,
  status: authInvitation.status,
  inviterName: authUser.name,
  sealedToken: authInvitation.sealedToken,
  expiresAt: authInvitation.expiresAt,
  createdAt: authInvitation.createdAt,
};

function baseQuery(db: Database) {
  return db
    .select(invitationColumns)
    .from(authInvitation)
    .innerJoin(authOrganization, eq(authOrganization.id, authInvitation.organizationId))
    .innerJoin(authUser, eq(authUser.id, authInvitation.inviterId));
}

function toRow(row: Omit<InvitationRow, 'role'> & { role: string }): InvitationRow {
  return { ...row, role: toOrganizationRole(row.role) };
}

export async function insertInvitation(
  db: Database,
  input: {
    id: string;
    identityOrganizationId: string;
    email: string;
    role: OrganizationRole;
    inviterSubject: string;
    tokenHash: string;
    sealedToken: string;
    expiresAt: Date;
  },
): Promise<void> {
  await db.insert(authInvitation).values({
    id: input.id,
    organizationId: input.identityOrganizationId,
    email: input.email,
    role: input.role,
    status: 'pending',
    inviterId: input.inviterSubject,
    tokenHash: input.tokenHash,
    sealedToken: input.sealedToken,
    expiresAt: input.expiresAt,
  });
}

export async function listInvitations(
  db: Database,
  identityOrganizationId: string,
): Promise<InvitationRow[]> {
  const rows = await baseQuery(db)
    .where(eq(authInvitation.organizationId, identityOrganizationId))
    .orderBy(desc(authInvitation.createdAt), desc(authInvitation.id))
    .limit(200);
  return rows.map(toRow);
}

export async function findInvitation(
  db: Database,
  identityOrganizationId: string,
  id: string,
): Promise<InvitationRow | null> {
  const rows = await baseQuery(db)
    .where(
      and(eq(authInvitation.organizationId, identityOrganizationId), eq(authInvitation.id, id)),
    )
    .limit(1);
  return rows[0] ? toRow(rows[0]) : null;
}

/** Reads (and, inside a transaction, locks) the invitation a link's token hash names. */
export async function findInvitationByTokenHash(
  db: Database,
  tokenHash: string,
  options: { lock?: boolean } = {},
): Promise<InvitationRow | null> {
  const query = baseQuery(db).where(eq(authInvitation.tokenHash, tokenHash)).limit(1);
  const rows = options.lock ? await query.for('update', { of: authInvitation }) : await query;
  return rows[0] ? toRow(rows[0]) : null;
}

/** Moves a pending invitation on; false when it was no longer pending. */
export async function updatePendingInvitationStatus(
  db: Database,
  id: string,
  status: 'accepted' | 'canceled',
): Promise<boolean> {
  const rows = await db
    .update(authInvitation)
    .set({ status, sealedToken: null })
    .where(and(eq(authInvitation.id, id), eq(authInvitation.status, 'pending')))
    .returning({ id: authInvitation.id });
  return rows.length > 0;
}
