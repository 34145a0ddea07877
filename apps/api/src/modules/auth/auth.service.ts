import type {
  CompleteRegistrationResponse,
  RegisterUserRequest,
  RegisterUserResponse,
  ValidateWaitlistResponse,
} from '@crescendo/contracts';
import type { Database } from '../../db/client';
import type { Identity } from '../../identity/types';
import { AppError } from '../../lib/app-error';
import { approvePendingEntry, ensureEntry, findEntryByEmail } from '../waitlist';
import {
  resolveCurrentUser,
  toMeResponse,
  type CurrentUser,
  type ProvisioningOptions,
  updateUserProfileFields,
} from '../users';
import { updateAccessForDecision } from '../organizations';
import { deleteEmbeddedSession } from './auth.repository';

/** Links the identity provider's user to a backend user; calling it again changes nothing. */
export async function registerUser(
  db: Database,
  identity: Identity,
  input: RegisterUserRequest,
  options: ProvisioningOptions,
): Promise<RegisterUserResponse> {
  if (input.clerk_user_id !== identity.subject) {
    throw AppError.forbidden('clerk_user_id does not match the signed-in user.');
  }
  if (identity.email && identity.email !== input.email) {
    throw new AppError('VALIDATION_FAILED', 'Invalid body: email', {
      fields: [{ field: 'email', message: 'does not match the signed-in account' }],
    });
  }
  const { user, created } = await resolveCurrentUser(db, identity, options, input.email);
  return { created, user: toMeResponse(user) };
}

/** Finishes sign-up under the waitlist rules: every lead has exactly one entry. */
export async function completeRegistration(
  db: Database,
  user: CurrentUser,
  input: { name?: string | undefined },
  options: ProvisioningOptions,
): Promise<CompleteRegistrationResponse> {
  if (input.name && input.name !== user.name) {
    await updateUserProfileFields(db, user.id, { name: input.name });
    user = { ...user, name: input.name };
  }
  if (user.access.roles.includes('customer') || user.access.roles.includes('admin')) {
    return { status: 'approved', position: null, user: toMeResponse(user) };
  }
  let entry = await ensureEntry(db, {
    email: user.email,
    name: user.name,
    userId: user.id,
    status: options.waitlistMode === 'open' ? 'approved' : 'pending',
  });
  if (options.waitlistMode === 'open' && entry.status === 'pending') {
    await approvePendingEntry(db, user.email);
    entry = (await findEntryByEmail(db, user.email))!;
  }
  if (entry.status === 'approved' && user.role === 'lead') {
    await updateAccessForDecision(db, user.id, true);
    // Roles from the identity provider's metadata still win (spec §5).
    const isBackendRole = user.access.roles.length === 1 && user.access.roles[0] === user.role;
    user = {
      ...user,
      role: 'customer',
      access: isBackendRole
        ? { ...user.access, role: 'customer', roles: ['customer'] }
        : user.access,
    };
  }
  return { status: entry.status, position: entry.position, user: toMeResponse(user) };
}

/**
 * An email's waitlist status, told only to its owner: the signed-in user asking about their own
 * address. Anyone else (no token, or another address) gets the same answer for every address,
 * `not_found`, so the endpoint cannot be used to learn who is on the list or where.
 */
export async function validateWaitlist(
  db: Database,
  email: string,
  mode: ProvisioningOptions['waitlistMode'],
  caller: CurrentUser | null,
): Promise<ValidateWaitlistResponse> {
  const isOwnAddress = caller !== null && caller.email.toLowerCase() === email.toLowerCase();
  const entry = isOwnAddress ? await findEntryByEmail(db, email) : null;
  if (!entry) return { email, status: 'not_found', position: null, mode };
  return { email, status: entry.status, position: entry.position, mode };
}

export async function endEmbeddedSession(db: Database, identity: Identity | null): Promise<void> {
  if (identity?.provider === 'embedded' && identity.sessionId) {
    await deleteEmbeddedSession(db, identity.sessionId);
  }
}
