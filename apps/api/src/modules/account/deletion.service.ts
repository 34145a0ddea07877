import crypto from 'node:crypto';
import {
  deletionConfirmationWord,
  invoiceRetentionYears,
  type DeleteAccountResponse,
  type DeleteOrganizationResponse,
  type RevokedGrant,
} from '@crescendo/contracts';
import type { Database } from '../../db/client';
import { organizations } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { forgetAuditActor, recordAuditEvent } from '../audit';
import type { BillingServices } from '../billing';
import { revokeGrantAtProvider } from '../connections';
import type { Mailer } from '../mail';
import { forgetNotificationSubject } from '../notifications';
import type { PlatformServices } from '../providers';
import { insertOrganizationWithOwner } from '../organizations';
import {
  deleteOrganizationsData,
  deletePersonRows,
  findOrganization,
  insertDeletionRequest,
  listLiveSubscriptions,
  listOrganizationConnections,
  listPersonOrganizations,
  rehomeUsers,
  retainInvoices,
  type Person,
} from './account.repository';
import { buildAccountDeletedMail, buildOrganizationDeletedMail } from './deletion-mail';

export type AccountDependencies = {
  db: Database;
  platforms: PlatformServices;
  billing: BillingServices;
  mailer: Mailer;
  appUrl: string;
  now?: () => Date;
};

export const invoiceRetentionReason = `Invoices are kept for ${invoiceRetentionYears} years because tax and accounting law require it, detached from you and the artist (amount, currency, date and the payment provider's invoice number only).`;

export function clerkIdentityMessage(): string {
  return 'Your sign-in account is kept by Clerk, which runs sign-in for this installation: delete it in your Clerk account settings. Signing in with it again would start a new, empty Crescendo account.';
}

const embeddedIdentityMessage =
  'Your sign-in account, its sessions and its password are deleted: signing in with this address no longer works.';

/** A confirmation code: 128 random bits, URL-safe. */
export function createConfirmationCode(): string {
  return crypto.randomBytes(16).toString('base64url');
}

export function assertConfirmed(confirmation: string, expected: string[]): void {
  const typed = confirmation.trim().toLowerCase();
  const accepted = [
    deletionConfirmationWord,
    ...expected.map((value) => value.trim().toLowerCase()),
  ];
  if (!accepted.includes(typed)) {
    throw new AppError('VALIDATION_FAILED', 'The confirmation does not match.', {
      fields: [
        {
          field: 'confirmation',
          message: `Type ${expected.map((value) => `"${value}"`).join(' or ')} or "${deletionConfirmationWord}" to confirm`,
        },
      ],
    });
  }
}

/**
 * What must happen at third parties before the rows go: each connection's grant is revoked at
 * Google or Meta, and each subscription that would renew is cancelled at the payment provider
 * (its webhook then updates the rows about to be deleted). Best effort: an outage there never
 * keeps the data here, and the answer says which grants could not be revoked.
 */
async function releaseThirdParties(
  deps: AccountDependencies,
  organizationIds: string[],
): Promise<{ revokedGrants: RevokedGrant[]; cancelledSubscriptions: number }> {
  const connections = await listOrganizationConnections(deps.db, organizationIds);
  const revokedGrants: RevokedGrant[] = [];
  for (const connection of connections) {
    revokedGrants.push({
      provider: connection.provider,
      accountName: connection.accountName,
      isRevokedAtProvider: await revokeGrantAtProvider(deps.platforms, connection),
    });
  }
  let cancelledSubscriptions = 0;
  for (const subscriptionId of await listLiveSubscriptions(deps.db, organizationIds)) {
    try {
      await deps.billing.provider.stripe.subscriptions.cancel(subscriptionId);
      cancelledSubscriptions += 1;
    } catch (error) {
      deps.billing.log?.warn(
        { reason: error instanceof Error ? error.message : String(error) },
        'subscription of a deleted organisation could not be cancelled',
      );
    }
  }
  return { revokedGrants, cancelledSubscriptions };
}

function createHomeOrganization(
  db: Database,
  input: { name: string; ownerSubject: string; identityProvider: 'embedded' | 'clerk' },
): Promise<{ id: string }> {
  if (input.identityProvider === 'embedded') return insertOrganizationWithOwner(db, input);
  return db
    .insert(organizations)
    .values({ name: input.name })
    .returning({ id: organizations.id })
    .then((rows) => rows[0]!);
}

function retainUntil(now: Date): Date {
  const until = new Date(now);
  until.setUTCFullYear(until.getUTCFullYear() + invoiceRetentionYears);
  return until;
}

/**
 * Deletes a person: the artists only they own (with all their data), their memberships
 * elsewhere, their sign-in account and every row naming them; their invoices are kept, detached.
 * Confirmed by mail. Used by `DELETE /api/v1/account` and Meta's data-deletion callback.
 */
export async function deletePerson(
  deps: AccountDependencies,
  person: Person,
  source: 'account' | 'meta',
): Promise<DeleteAccountResponse> {
  const now = deps.now?.() ?? new Date();
  const memberships = await listPersonOrganizations(deps.db, person);
  const deleted = memberships.filter((m) => m.role === 'owner' && m.otherOwners === 0);
  const left = memberships.filter((m) => !deleted.includes(m));
  const deletedIds = deleted.map((m) => m.id);
  const { revokedGrants, cancelledSubscriptions } = await releaseThirdParties(deps, deletedIds);
  const confirmationCode = createConfirmationCode();
  const invoices = await deps.db.transaction(async (tx) => {
    const kept = await retainInvoices(tx, deletedIds, retainUntil(now));
    await rehomeUsers(tx, deletedIds, person.userId, createHomeOrganization);
    // The person first: their row points at their own artist, which may be among the deleted.
    await forgetAuditActor(tx, person);
    await forgetNotificationSubject(tx, person);
    await deletePersonRows(tx, person);
    await deleteOrganizationsData(tx, deleted);
    for (const organization of left) {
      await recordAuditEvent(tx, {
        organizationId: organization.id,
        action: 'account_deleted',
        actor: null,
        origin: null,
        detail: { role: organization.role },
      });
    }
    await insertDeletionRequest(tx, {
      confirmationCode,
      source,
      completedAt: now,
      summary: {
        deletedOrganizations: deleted.length,
        leftOrganizations: left.length,
        revokedGrants: revokedGrants.filter((grant) => grant.isRevokedAtProvider).length,
        retainedInvoices: kept,
      },
    });
    return kept;
  });
  const keptRecords = {
    invoices,
    retainedUntil: retainUntil(now).toISOString(),
    reason: invoiceRetentionReason,
  };
  const identity =
    person.identityProvider === 'embedded'
      ? { provider: 'embedded' as const, message: embeddedIdentityMessage }
      : { provider: 'clerk' as const, message: clerkIdentityMessage() };
  let isMailSent = true;
  try {
    await deps.mailer.sendMail(
      buildAccountDeletedMail({
        to: person.email,
        name: person.name,
        deletedOrganizations: deleted.map((m) => m.name),
        leftOrganizations: left.map((m) => m.name),
        keptInvoices: invoices,
        identityMessage: identity.message,
        statusUrl: deletionStatusUrl(deps.appUrl, confirmationCode),
      }),
    );
  } catch {
    isMailSent = false;
  }
  return {
    confirmationCode,
    deletedOrganizations: deleted.map((m) => ({ id: m.id, name: m.name })),
    leftOrganizations: left.map((m) => ({ id: m.id, name: m.name })),
    revokedGrants,
    cancelledSubscriptions,
    keptRecords,
    identity,
    isMailSent,
  };
}

export function deletionStatusUrl(appUrl: string, confirmationCode: string): string {
  return new URL(`/api/v1/meta/data-deletion/${confirmationCode}`, appUrl).toString();
}

/**
 * Deletes one organisation and all its data (its owner's choice, confirmed with its name). Its
 * members keep their accounts; anyone whose own artist it was gets another home.
 */
export async function deleteOrganization(
  deps: AccountDependencies,
  actor: { userId: string; email: string; name: string },
  organizationId: string,
  confirmation: string,
): Promise<DeleteOrganizationResponse> {
  const organization = await findOrganization(deps.db, organizationId);
  if (!organization) throw AppError.notFound('No such artist.');
  assertConfirmed(confirmation, [organization.name]);
  const now = deps.now?.() ?? new Date();
  const { revokedGrants, cancelledSubscriptions } = await releaseThirdParties(deps, [
    organization.id,
  ]);
  const confirmationCode = createConfirmationCode();
  const invoices = await deps.db.transaction(async (tx) => {
    const kept = await retainInvoices(tx, [organization.id], retainUntil(now));
    await rehomeUsers(tx, [organization.id], null, createHomeOrganization);
    await deleteOrganizationsData(tx, [organization]);
    await insertDeletionRequest(tx, {
      confirmationCode,
      source: 'organization',
      completedAt: now,
      summary: {
        deletedOrganizations: 1,
        revokedGrants: revokedGrants.filter((grant) => grant.isRevokedAtProvider).length,
        retainedInvoices: kept,
      },
    });
    return kept;
  });
  try {
    await deps.mailer.sendMail(
      buildOrganizationDeletedMail({
        to: actor.email,
        name: actor.name,
        organizationName: organization.name,
        keptInvoices: invoices,
      }),
    );
  } catch {
    // The answer says everything the mail would; a mail outage does not undo a deletion.
  }
  return {
    confirmationCode,
    organization: { id: organization.id, name: organization.name },
    revokedGrants,
    cancelledSubscriptions,
    keptRecords: {
      invoices,
      retainedUntil: retainUntil(now).toISOString(),
      reason: invoiceRetentionReason,
    },
  };
}
