import type {
  DataDeletionStatusResponse,
  DeleteAccountResponse,
  DeleteOrganizationResponse,
  MetaDataDeletionResponse,
} from '@crescendo/contracts';
import { AppError } from '../../lib/app-error';
import type { CurrentUser } from '../../lib/current-user';
import type { RequestOrigin } from '../../lib/request-origin';
import { recordAuditEvent } from '../audit';
import { revokeGrantAtProvider } from '../connections';
import {
  deleteConnectionRow,
  findDeletionRequest,
  findPersonByUserId,
  insertDeletionRequest,
  listMetaConnectionsOfPlatformUser,
  listPersonOrganizations,
  type Person,
} from './account.repository';
import {
  assertConfirmed,
  createConfirmationCode,
  deleteOrganization,
  deletePerson,
  deletionStatusUrl,
  type AccountDependencies,
} from './deletion.service';
import { streamAccountExport } from './export.service';
import { parseSignedRequest } from './meta-signed-request';

async function requirePerson(deps: AccountDependencies, user: CurrentUser): Promise<Person> {
  const person = await findPersonByUserId(deps.db, user.id);
  if (!person) throw AppError.unauthenticated('Your account no longer exists.');
  return person;
}

/**
 * Starts the caller's export: records "data exported" in each artist it covers whole (or the
 * active one when they own none), then hands back the JSON as a stream of text.
 */
export async function exportAccount(
  deps: AccountDependencies,
  user: CurrentUser,
  origin: RequestOrigin,
): Promise<AsyncGenerator<string>> {
  const person = await requirePerson(deps, user);
  const owned = (await listPersonOrganizations(deps.db, person)).filter((m) => m.role === 'owner');
  const audited = owned.length > 0 ? owned.map((m) => m.id) : [user.organization.id];
  for (const organizationId of audited) {
    await recordAuditEvent(deps.db, {
      organizationId,
      action: 'data_exported',
      actor: { userId: user.id },
      origin,
      detail: { artists: owned.length },
    });
  }
  return streamAccountExport(deps.db, person, deps.now?.() ?? new Date());
}

export async function deleteAccount(
  deps: AccountDependencies,
  user: CurrentUser,
  confirmation: string,
): Promise<DeleteAccountResponse> {
  const person = await requirePerson(deps, user);
  assertConfirmed(confirmation, [person.email]);
  return deletePerson(deps, person, 'account');
}

/** The owner deletes the active artist (`DELETE /api/v1/team`). */
export async function deleteActiveOrganization(
  deps: AccountDependencies,
  user: CurrentUser,
  confirmation: string,
): Promise<DeleteOrganizationResponse> {
  if (
    user.identityProvider !== 'embedded' &&
    user.organization.id !== (await requirePerson(deps, user)).homeOrganizationId
  ) {
    throw AppError.conflict(
      'This artist is a Clerk organisation: delete it in Clerk, then its data here goes with your account or on request.',
    );
  }
  return deleteOrganization(
    deps,
    { userId: user.id, email: user.email, name: user.name },
    user.organization.id,
    confirmation,
  );
}

/**
 * Meta's data-deletion callback: the person whose Facebook account granted a Meta connection
 * asked Meta to have their data deleted. Every account that made such a connection is deleted
 * (as `DELETE /api/v1/account` would), and any such connection left (its maker already gone)
 * is revoked and deleted with its data. An unknown user gets a code too: nothing was held.
 */
export async function handleMetaDataDeletion(
  deps: AccountDependencies & { metaAppSecret: string },
  signedRequest: string,
): Promise<MetaDataDeletionResponse> {
  const payload = parseSignedRequest(signedRequest, deps.metaAppSecret);
  if (!payload)
    throw new AppError('BAD_REQUEST', 'The signed request is malformed or its signature is wrong.');
  const connections = await listMetaConnectionsOfPlatformUser(deps.db, payload.user_id);
  const makers = [
    ...new Set(connections.flatMap((row) => (row.createdByUserId ? [row.createdByUserId] : []))),
  ];
  let deletedAccounts = 0;
  for (const userId of makers) {
    const person = await findPersonByUserId(deps.db, userId);
    if (!person) continue;
    await deletePerson(deps, person, 'meta');
    deletedAccounts += 1;
  }
  let deletedConnections = 0;
  for (const row of await listMetaConnectionsOfPlatformUser(deps.db, payload.user_id)) {
    await revokeGrantAtProvider(deps.platforms, row);
    await deleteConnectionRow(deps.db, row);
    deletedConnections += 1;
  }
  const confirmationCode = createConfirmationCode();
  await insertDeletionRequest(deps.db, {
    confirmationCode,
    source: 'meta',
    completedAt: deps.now?.() ?? new Date(),
    summary: { deletedAccounts, deletedConnections },
  });
  return {
    url: deletionStatusUrl(deps.appUrl, confirmationCode),
    confirmation_code: confirmationCode,
  };
}

function describeDeletion(source: string, summary: Record<string, number>): string {
  const count = (key: string) => summary[key] ?? 0;
  if (source === 'meta') {
    return count('deletedAccounts') + count('deletedConnections') === 0
      ? 'Crescendo held no data obtained through this Facebook account. Nothing needed deleting.'
      : `Deleted: ${count('deletedAccounts')} Crescendo account(s) that connected this Facebook account, with the artists only they owned, and ${count('deletedConnections')} other connection(s) with their data. Invoices are kept where tax law requires it, without the person's name.`;
  }
  if (source === 'organization') {
    return `An artist and all its data were deleted; ${count('retainedInvoices')} invoice(s) are kept for tax law, without the artist's name.`;
  }
  return `A Crescendo account was deleted with ${count('deletedOrganizations')} artist(s) only it owned; it left ${count('leftOrganizations')} other artist(s). ${count('retainedInvoices')} invoice(s) are kept for tax law, without the person's name.`;
}

/** The public status of a deletion, by its confirmation code. */
export async function getDeletionStatus(
  deps: AccountDependencies,
  code: string,
): Promise<DataDeletionStatusResponse> {
  const row = await findDeletionRequest(deps.db, code);
  if (!row) throw AppError.notFound('No deletion request has this confirmation code.');
  return {
    confirmationCode: row.confirmationCode,
    status: row.status,
    requestedAt: row.requestedAt.toISOString(),
    completedAt: row.completedAt?.toISOString() ?? null,
    message: describeDeletion(row.source, row.summary),
  };
}
