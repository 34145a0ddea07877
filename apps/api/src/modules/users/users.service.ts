import type { MeResponse, UserWithOrgResponse } from '@crescendo/contracts';
import type { Database } from '../../db/client';
import type { Identity } from '../../identity/types';
import { AppError } from '../../lib/app-error';
import type { CurrentUser } from '../../lib/current-user';
import { resolveAccess } from '../../lib/roles';
import { ensureEntry } from '../waitlist';
import {
  findUserByIdentity,
  type UserRecord,
  insertUserWithOrganization,
  isEmbeddedSessionActive,
} from './users.repository';
import { updateAccessForDecision } from '../organizations';

export type { CurrentUser };

export type ProvisioningOptions = {
  waitlistMode: 'approval' | 'open';
  /** The tier in force for a user now (billing's entitlements); the stored tier without it. */
  resolveTier?: (user: UserRecord) => string | null;
  /**
   * The caller's active organisation and role there (the teams module's call, passed in from
   * app.ts: teams builds on users' organisations, so users does not import teams).
   */
  resolveOrganization: (
    db: Database,
    identity: Identity,
    user: UserRecord,
  ) => Promise<UserRecord['organization']>;
};

function nameFromEmail(email: string): string {
  return email.split('@')[0] ?? email;
}

/**
 * Loads the backend user for a verified identity, creating it (with its organisation and a
 * waitlist entry) on the first call. Embedded tokens die with their session.
 */
export async function resolveCurrentUser(
  db: Database,
  identity: Identity,
  options: ProvisioningOptions,
  fallbackEmail?: string,
): Promise<{ user: CurrentUser; created: boolean }> {
  const sessionId = identity.provider === 'embedded' ? identity.sessionId : null;
  let found = await findUserByIdentity(db, identity.issuer, identity.subject, sessionId);
  if (found && !found.isSessionActive) {
    throw AppError.unauthenticated('Your session has ended. Sign in again.');
  }
  let created = false;
  if (!found) {
    // A deleted account's token outlives it by minutes: its session is gone, so it must not
    // provision a new account.
    if (sessionId && !(await isEmbeddedSessionActive(db, sessionId))) {
      throw AppError.unauthenticated('Your session has ended. Sign in again.');
    }
    const email = identity.email ?? fallbackEmail ?? null;
    if (!email) {
      throw AppError.forbidden(
        'Your account is not registered with Crescendo yet. Finish sign-up to continue.',
      );
    }
    const name = identity.name?.trim() || nameFromEmail(email);
    created = await insertUserWithOrganization(db, {
      issuer: identity.issuer,
      subject: identity.subject,
      identityProvider: identity.provider,
      email,
      name,
      role: 'lead',
      organizationName: `${name}'s team`,
    });
    found = await findUserByIdentity(db, identity.issuer, identity.subject, sessionId);
    if (!found) throw new Error('User vanished right after provisioning');
    if (!found.isSessionActive)
      throw AppError.unauthenticated('Your session has ended. Sign in again.');
    if (created) {
      const entry = await ensureEntry(db, {
        email,
        name,
        userId: found.user.id,
        status: options.waitlistMode === 'open' ? 'approved' : 'pending',
      });
      // Approved before they signed up (or an open waitlist): access comes with the account.
      if (entry.status === 'approved') {
        await updateAccessForDecision(db, found.user.id, true);
        found = { ...found, user: { ...found.user, role: 'customer' } };
      }
    }
  }
  const organization = await options.resolveOrganization(db, identity, found.user);
  const user = { ...found.user, organization };
  const tier = options.resolveTier ? options.resolveTier(user) : user.tier;
  const access = resolveAccess(identity.metadata, { ...user, tier, publishedTier: user.tier });
  return { user: { ...user, access }, created };
}

export function toMeResponse(user: CurrentUser): MeResponse {
  return {
    user: { id: user.id, email: user.email, name: user.name },
    role: user.access.role,
    roles: user.access.roles,
    permissions: user.access.permissions,
    tier: user.access.tier,
    organization: {
      id: user.organization.id,
      name: user.organization.name,
      role: user.organization.role,
    },
  };
}

export function toUserWithOrgResponse(user: CurrentUser): UserWithOrgResponse {
  return {
    user: {
      id: user.id,
      email: user.email,
      name: user.name,
      role: user.access.role,
      roles: user.access.roles,
      permissions: user.access.permissions,
      tier: user.access.tier,
      identityProvider: user.identityProvider,
      createdAt: user.createdAt.toISOString(),
    },
    organization: {
      id: user.organization.id,
      name: user.organization.name,
      role: user.organization.role,
      createdAt: user.organization.createdAt.toISOString(),
    },
  };
}
