import type { Connection, ContentListResponse } from '@crescendo/contracts';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { CurrentUser } from '../users';
import {
  describeAccount,
  listConnectionAccounts,
  listConnectionContentItems,
  listTrackedSince,
  type AccountRange,
  type AccountRow,
  type ContentListQuery,
} from '../analytics';
import {
  deleteConnection,
  findConnection,
  listAccountSummaries,
  listConnectionRows,
  toConnection,
  updateConnection,
  type ConnectionRow,
  type EnqueueConnectionSync,
} from './connections.repository';
import type { PlatformServices } from '../providers';
import { accessTokenContext, readRefreshToken } from './tokens.service';
import { wakeWorkers } from '../../jobs/worker';

const notFoundMessage = 'No such connection.';

async function describeConnection(db: Database, row: ConnectionRow): Promise<Connection> {
  const [accounts, trackedSince] = await Promise.all([
    listAccountSummaries(db, row.organizationId, [row.id]),
    listTrackedSince(db, row.organizationId, [row.id]),
  ]);
  return toConnection(row, accounts.get(row.id) ?? [], trackedSince.get(row.id) ?? null);
}

async function requireConnection(
  db: Database,
  user: CurrentUser,
  id: string,
): Promise<ConnectionRow> {
  // Another organisation's connection is indistinguishable from a missing one.
  const row = await findConnection(db, user.organization.id, id);
  if (!row) throw AppError.notFound(notFoundMessage);
  return row;
}

export async function listConnections(db: Database, user: CurrentUser): Promise<Connection[]> {
  const rows = await listConnectionRows(db, user.organization.id);
  const ids = rows.map((row) => row.id);
  const [accounts, trackedSince] = await Promise.all([
    listAccountSummaries(db, user.organization.id, ids),
    listTrackedSince(db, user.organization.id, ids),
  ]);
  return rows.map((row) =>
    toConnection(row, accounts.get(row.id) ?? [], trackedSince.get(row.id) ?? null),
  );
}

/**
 * Revokes the connection's grant at the provider through its revoke endpoint (Google's token
 * revocation, Meta's `DELETE /me/permissions`). Best effort: false when the provider could not
 * be reached or refused, so a provider outage never keeps someone's data here.
 */
export async function revokeGrantAtProvider(
  services: PlatformServices,
  row: ConnectionRow,
): Promise<boolean> {
  try {
    const accessToken = row.accessTokenSealed
      ? services.cipher.decrypt(row.accessTokenSealed, accessTokenContext(row.id))
      : null;
    // Google revokes the whole grant through its refresh token; Meta and TikTok take the access token.
    const token =
      row.provider === 'youtube' ? (readRefreshToken(services, row) ?? accessToken) : accessToken;
    if (!token) return false;
    if (row.provider === 'youtube') await services.google.revokeToken(token);
    else if (row.provider === 'tiktok') await services.tiktok.revokeToken(token);
    else await services.meta.revokePermissions(token);
    return true;
  } catch {
    return false;
  }
}

/**
 * Revokes the grant at the provider (best effort: a provider outage must not keep the
 * user's data here), then deletes the tokens and every synced row with the connection.
 */
export async function disconnectConnection(
  db: Database,
  services: PlatformServices,
  user: CurrentUser,
  id: string,
): Promise<{ isRevokedAtProvider: boolean; connection: ConnectionRow }> {
  const row = await requireConnection(db, user, id);
  const isRevokedAtProvider = await revokeGrantAtProvider(services, row);
  await deleteConnection(db, user.organization.id, id);
  return { isRevokedAtProvider, connection: row };
}

export async function requestConnectionSync(
  db: Database,
  enqueueSync: EnqueueConnectionSync,
  user: CurrentUser,
  id: string,
): Promise<{ connection: Connection; isNewSync: boolean }> {
  const row = await requireConnection(db, user, id);
  if (row.status === 'reconnect_needed') {
    throw AppError.conflict('This connection lost access. Reconnect it before syncing.');
  }
  const job = await enqueueSync(db, row);
  // Asked for by the person watching: this process's worker starts it now.
  if (job.isNew) wakeWorkers();
  if (job.isNew && row.status !== 'syncing') {
    await updateConnection(db, row.organizationId, row.id, { syncStep: 'Queued', syncPercent: 0 });
  }
  const updated = await requireConnection(db, user, id);
  return { connection: await describeConnection(db, updated), isNewSync: job.isNew };
}

export async function listConnectionContent(
  db: Database,
  user: CurrentUser,
  id: string,
  query: ContentListQuery,
  now?: () => Date,
): Promise<ContentListResponse> {
  await requireConnection(db, user, id);
  const accounts = await listConnectionAccounts(db, user.organization.id, id);
  return listConnectionContentItems(db, viewerOf(user, now), accounts, id, query);
}

/** The analytics viewer for a user, on the app's clock (the plan's history window reads it). */
const viewerOf = (user: CurrentUser, now: (() => Date) | undefined) => ({
  organization: user.organization,
  now,
});

export async function getChannelData(
  db: Database,
  user: CurrentUser,
  id: string,
  range: AccountRange,
  now?: () => Date,
) {
  const row = await requireConnection(db, user, id);
  if (row.provider !== 'youtube') throw AppError.notFound('No YouTube connection with this id.');
  const [account] = await listConnectionAccounts(db, user.organization.id, id);
  if (!account)
    throw AppError.conflict('The first sync has not read the channel yet. Try again shortly.');
  return {
    connection: await describeConnection(db, row),
    channel: await describeAccount(db, viewerOf(user, now), account, range),
  };
}

export async function getMetaAccountData(
  db: Database,
  user: CurrentUser,
  id: string,
  range: AccountRange,
  now?: () => Date,
) {
  const row = await requireConnection(db, user, id);
  if (row.provider !== 'meta') throw AppError.notFound('No Meta connection with this id.');
  const accounts = await listConnectionAccounts(db, user.organization.id, id);
  const find = async (platform: AccountRow['platform']) => {
    const account = accounts.find((candidate) => candidate.platform === platform);
    return account ? describeAccount(db, viewerOf(user, now), account, range) : null;
  };
  return {
    connection: await describeConnection(db, row),
    instagram: await find('instagram'),
    facebook: await find('facebook'),
  };
}
