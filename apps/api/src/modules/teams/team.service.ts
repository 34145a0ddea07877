import crypto from 'node:crypto';
import {
  invitationLifetimeDays,
  type CreateInvitationRequest,
  type InvitationPreviewResponse,
  type OrganizationRole,
  type OrganizationSummary,
  type TeamInvitation,
  type TeamMember,
  type TeamMembersResponse,
} from '@crescendo/contracts';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { CurrentUser } from '../../lib/current-user';
import type { TokenCipher } from '../../lib/token-cipher';
import { buildInvitationMail, type Mailer } from '../mail';
import { updateAccessForDecision } from '../organizations';
import { approvePendingEntry } from '../waitlist';
import {
  findInvitation,
  findInvitationByTokenHash,
  insertInvitation,
  listInvitations,
  updatePendingInvitationStatus,
  type InvitationRow,
} from './invitations.repository';
import {
  countOwners,
  deleteMember,
  findSubjectByEmail,
  insertMember,
  listMembers,
  lockOrganization,
  setSessionActiveOrganization,
  updateMemberRole,
  type MemberRow,
} from './memberships.repository';
import {
  assertEmbeddedTeams,
  canTakeArtistPlace,
  toSummary,
  withArtistPlace,
  type ArtistPlans,
} from './organizations.service';
import { dayMs } from '../../lib/days';

export type TeamDependencies = {
  db: Database;
  cipher: TokenCipher;
  mailer: Mailer;
  appUrl: string;
  /** The plans the artist limit is held against (billing's, passed in from app.ts). */
  artistPlans: ArtistPlans;
  now?: () => Date;
  /** Told once an invitation is accepted (the notifications module's alert); never throws. */
  onInvitationAccepted?: (accepted: {
    organizationId: string;
    invitationId: string;
    memberName: string;
    memberEmail: string;
    role: OrganizationRole;
    acceptedByUserId: string;
  }) => Promise<void>;
};

const invitationLifetimeMs = invitationLifetimeDays * dayMs;
export const invitationGoneMessage =
  'This invitation is no longer valid. It may have expired, been revoked or already been used. Ask for a new one.';

function hashToken(token: string): string {
  return crypto.createHash('sha256').update(token).digest('hex');
}

function invitationUrl(appUrl: string, token: string): string {
  return new URL(`/invite/${token}`, appUrl).toString();
}

function tokenContext(invitationId: string): string {
  return `invitation:${invitationId}`;
}

/** The embedded identity-provider organisation of the caller's active organisation. */
function activeIdentityOrganization(user: CurrentUser): string {
  assertEmbeddedTeams(user);
  // Embedded organisations share the product organisation's id.
  return user.organization.id;
}

function toMember(row: MemberRow, user: CurrentUser): TeamMember {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    role: row.role,
    isYou: row.userId === user.subject,
    joinedAt: row.createdAt.toISOString(),
  };
}

function statusOf(row: InvitationRow, now: Date): TeamInvitation['status'] {
  if (row.status === 'accepted') return 'accepted';
  if (row.status !== 'pending') return 'revoked';
  return row.expiresAt <= now ? 'expired' : 'pending';
}

function toInvitation(deps: TeamDependencies, row: InvitationRow, now: Date): TeamInvitation {
  const status = statusOf(row, now);
  const url =
    status === 'pending' && row.sealedToken
      ? invitationUrl(deps.appUrl, deps.cipher.decrypt(row.sealedToken, tokenContext(row.id)))
      : null;
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    status,
    url,
    invitedBy: row.inviterName,
    expiresAt: row.expiresAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
  };
}

export async function getTeamMembers(
  db: Database,
  user: CurrentUser,
): Promise<TeamMembersResponse> {
  const rows = await listMembers(db, activeIdentityOrganization(user));
  return {
    organization: { id: user.organization.id, name: user.organization.name },
    yourRole: user.organization.role,
    members: rows.map((row) => toMember(row, user)),
  };
}

export async function getTeamInvitations(
  deps: TeamDependencies,
  user: CurrentUser,
): Promise<TeamInvitation[]> {
  const now = deps.now?.() ?? new Date();
  const rows = await listInvitations(deps.db, activeIdentityOrganization(user));
  return rows.map((row) => toInvitation(deps, row, now));
}

export async function inviteMember(
  deps: TeamDependencies,
  user: CurrentUser,
  input: CreateInvitationRequest,
): Promise<{ invitation: TeamInvitation; isMailSent: boolean }> {
  const organizationId = activeIdentityOrganization(user);
  const members = await listMembers(deps.db, organizationId);
  if (members.some((member) => member.email.toLowerCase() === input.email)) {
    throw AppError.conflict(`${input.email} is already a member of ${user.organization.name}.`);
  }
  if (input.role !== 'viewer') await assertCanAcceptPlace(deps, input.email, organizationId);
  const now = deps.now?.() ?? new Date();
  const id = crypto.randomUUID();
  const token = crypto.randomBytes(32).toString('base64url');
  await insertInvitation(deps.db, {
    id,
    identityOrganizationId: organizationId,
    email: input.email,
    role: input.role,
    inviterSubject: user.subject,
    tokenHash: hashToken(token),
    sealedToken: deps.cipher.encrypt(token, tokenContext(id)),
    expiresAt: new Date(now.getTime() + invitationLifetimeMs),
  });
  const row = (await findInvitation(deps.db, organizationId, id))!;
  let isMailSent = true;
  try {
    await deps.mailer.sendMail(
      buildInvitationMail({
        to: input.email,
        inviterName: user.name,
        organizationName: user.organization.name,
        role: input.role,
        url: invitationUrl(deps.appUrl, token),
        validForDays: invitationLifetimeDays,
      }),
    );
  } catch {
    // The owner can still copy the link from the response and the pending list.
    isMailSent = false;
  }
  return { invitation: toInvitation(deps, row, now), isMailSent };
}

/**
 * Tells the owner before the invitation goes out when its invitee could not accept a manager's
 * or owner's place: they have signed up and already have every artist their plan allows.
 */
async function assertCanAcceptPlace(
  { db, artistPlans }: Pick<TeamDependencies, 'db' | 'artistPlans'>,
  email: string,
  identityOrganizationId: string,
): Promise<void> {
  const subject = await findSubjectByEmail(db, email);
  if (!subject) return;
  const place = await canTakeArtistPlace(db, artistPlans, subject, identityOrganizationId);
  if (place.canJoin) return;
  const artists = place.used === 1 ? '1 artist' : `${place.used} artists`;
  throw AppError.conflict(
    `${email} already has ${artists} on the ${place.planName} plan, so they cannot join as a manager or owner. Invite them as a viewer, or upgrade to Team.`,
  );
}

export async function revokeInvitation(
  deps: TeamDependencies,
  user: CurrentUser,
  invitationId: string,
): Promise<void> {
  const organizationId = activeIdentityOrganization(user);
  const row = await findInvitation(deps.db, organizationId, invitationId);
  if (!row) throw AppError.notFound('No such invitation for this artist.');
  if (!(await updatePendingInvitationStatus(deps.db, row.id, 'canceled'))) {
    throw AppError.conflict('This invitation was already used or revoked.');
  }
}

export async function changeMemberRole(
  db: Database,
  user: CurrentUser,
  memberId: string,
  role: OrganizationRole,
): Promise<TeamMember> {
  const organizationId = activeIdentityOrganization(user);
  return db.transaction(async (tx) => {
    await lockOrganization(tx, organizationId);
    const member = (await listMembers(tx, organizationId)).find((row) => row.id === memberId);
    if (!member) throw AppError.notFound('No such member of this artist.');
    if (
      member.role === 'owner' &&
      role !== 'owner' &&
      (await countOwners(tx, organizationId)) <= 1
    ) {
      throw AppError.conflict('An artist needs at least one owner. Make someone else owner first.');
    }
    await updateMemberRole(tx, organizationId, memberId, role);
    return toMember({ ...member, role }, user);
  });
}

/** Removes the member and answers who it was (for the audit log). */
export async function removeMember(
  db: Database,
  user: CurrentUser,
  memberId: string,
): Promise<MemberRow> {
  const organizationId = activeIdentityOrganization(user);
  return db.transaction(async (tx) => {
    await lockOrganization(tx, organizationId);
    const member = (await listMembers(tx, organizationId)).find((row) => row.id === memberId);
    if (!member) throw AppError.notFound('No such member of this artist.');
    if (member.role === 'owner' && (await countOwners(tx, organizationId)) <= 1) {
      throw AppError.conflict('An artist needs at least one owner. Make someone else owner first.');
    }
    await deleteMember(tx, organizationId, memberId);
    return member;
  });
}

async function findLiveInvitation(db: Database, token: string, now: Date, lock = false) {
  const row = await findInvitationByTokenHash(db, hashToken(token), { lock });
  if (!row || statusOf(row, now) !== 'pending') throw AppError.notFound(invitationGoneMessage);
  return row;
}

export async function previewInvitation(
  deps: TeamDependencies,
  token: string,
): Promise<InvitationPreviewResponse> {
  const row = await findLiveInvitation(deps.db, token, deps.now?.() ?? new Date());
  return {
    organizationName: row.organizationName,
    invitedBy: row.inviterName,
    email: row.email,
    role: row.role,
    expiresAt: row.expiresAt.toISOString(),
  };
}

/**
 * Joins the invitation's organisation with its role, once: the invitation is locked, checked
 * (pending, not expired, sent to the caller's address) and marked accepted in one transaction.
 * A manager's place counts against the plan's artist limit. A lead still on the waitlist is let
 * in: the owner's invitation is an access decision.
 */
export async function acceptInvitation(
  deps: TeamDependencies,
  user: CurrentUser,
  sessionId: string | null,
  token: string,
): Promise<OrganizationSummary> {
  assertEmbeddedTeams(user);
  const now = deps.now?.() ?? new Date();
  const preview = await findLiveInvitation(deps.db, token, now);
  if (preview.email.toLowerCase() !== user.email.toLowerCase()) {
    throw AppError.forbidden(
      `This invitation was sent to ${preview.email}. Sign in with that address to accept it.`,
    );
  }
  const join = async (tx: Database) => {
    const row = await findLiveInvitation(tx, token, now, true);
    const isAdded = await insertMember(tx, {
      identityOrganizationId: row.identityOrganizationId,
      subject: user.subject,
      role: row.role,
    });
    if (!isAdded) throw AppError.conflict(`You are already a member of ${row.organizationName}.`);
    await updatePendingInvitationStatus(tx, row.id, 'accepted');
    // An owner's invitation is an access decision, like a waitlist approval: a lead still
    // waiting becomes a customer with it.
    await approvePendingEntry(tx, user.email);
    await updateAccessForDecision(tx, user.id, true);
    return row;
  };
  const row =
    preview.role === 'viewer'
      ? await deps.db.transaction(join)
      : await withArtistPlace(
          deps.db,
          deps.artistPlans,
          user.subject,
          preview.identityOrganizationId,
          join,
        );
  if (sessionId) await setSessionActiveOrganization(deps.db, sessionId, row.identityOrganizationId);
  await deps.onInvitationAccepted?.({
    // Embedded organisations share the product organisation's id.
    organizationId: row.identityOrganizationId,
    invitationId: row.id,
    memberName: user.name,
    memberEmail: user.email,
    role: row.role,
    acceptedByUserId: user.id,
  });
  return toSummary(
    { id: row.identityOrganizationId, name: row.organizationName, role: row.role },
    row.identityOrganizationId,
    sessionId !== null,
  );
}
