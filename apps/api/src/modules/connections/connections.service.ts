import type {
  AccountAnalytics,
  Connection,
  ContentListResponse,
  DailyMetrics,
} from '@crescendo/contracts';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { CurrentUser } from '../users/users.service';
import {
  listAccountDaily,
  listAudience,
  listConnectionAccounts,
  listContentPage,
  findLatestMetricDay,
  type AccountRow,
  type ContentListQuery,
} from './analytics.repository';
import {
  deleteConnection,
  findConnection,
  listAccountSummaries,
  listConnectionRows,
  toConnection,
  updateConnection,
  type ConnectionRow,
} from './connections.repository';
import type { PlatformServices } from './platform-services';
import { addDays } from './sync/days';
import { enqueueConnectionSync } from './sync/sync-queue';
import { accessTokenContext, readRefreshToken } from './tokens.service';

const notFoundMessage = 'No such connection.';

async function describeConnection(db: Database, row: ConnectionRow): Promise<Connection> {
  const accounts = await listAccountSummaries(db, row.organizationId, [row.id]);
  return toConnection(row, accounts.get(row.id) ?? []);
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
  const accounts = await listAccountSummaries(
    db,
    user.organization.id,
    rows.map((row) => row.id),
  );
  return rows.map((row) => toConnection(row, accounts.get(row.id) ?? []));
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
): Promise<{ isRevokedAtProvider: boolean }> {
  const row = await requireConnection(db, user, id);
  let isRevokedAtProvider = false;
  try {
    const token =
      row.provider === 'youtube'
        ? (readRefreshToken(services, row) ??
          (row.accessTokenSealed ? services.cipher.decrypt(row.accessTokenSealed, accessTokenContext(row.id)) : null)) // prettier-ignore
        : row.accessTokenSealed
          ? services.cipher.decrypt(row.accessTokenSealed, accessTokenContext(row.id))
          : null;
    if (token) {
      if (row.provider === 'youtube') await services.google.revokeToken(token);
      else await services.meta.revokePermissions(token);
      isRevokedAtProvider = true;
    }
  } catch {
    isRevokedAtProvider = false;
  }
  await deleteConnection(db, user.organization.id, id);
  return { isRevokedAtProvider };
}

export async function requestConnectionSync(
  db: Database,
  user: CurrentUser,
  id: string,
): Promise<{ connection: Connection; isNewSync: boolean }> {
  const row = await requireConnection(db, user, id);
  if (row.status === 'reconnect_needed') {
    throw AppError.conflict('This connection lost access. Reconnect it before syncing.');
  }
  const job = await enqueueConnectionSync(db, row);
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
): Promise<ContentListResponse> {
  await requireConnection(db, user, id);
  const page = await listContentPage(db, user.organization.id, id, query);
  return { ...page, page: query.page, pageSize: query.pageSize };
}

function sumMetric(daily: DailyMetrics[], key: keyof Omit<DailyMetrics, 'day'>): number | null {
  let total: number | null = null;
  for (const row of daily) {
    const value = row[key];
    if (value !== null) total = (total ?? 0) + value;
  }
  return total === null ? null : Math.round(total * 100) / 100;
}

async function describeAccount(
  db: Database,
  account: AccountRow,
  range: { from?: string | undefined; to?: string | undefined },
): Promise<AccountAnalytics> {
  const latest = (await findLatestMetricDay(db, account.organizationId, account.id)) ?? addDays(new Date().toISOString().slice(0, 10), -3); // prettier-ignore
  const to = range.to ?? latest;
  const from = range.from ?? addDays(to, -89);
  if (from > to) throw new AppError('VALIDATION_FAILED', 'from must not be after to', { fields: [{ field: 'from', message: 'Must not be after to' }] }); // prettier-ignore
  const daily = await listAccountDaily(db, account.organizationId, account.id, from, to);
  const keys = ['views', 'watchMinutes', 'likes', 'comments', 'shares', 'saves', 'followersGained', 'followersLost', 'reach', 'totalInteractions', 'estimatedRevenue'] as const; // prettier-ignore
  return {
    id: account.id,
    platform: account.platform,
    externalId: account.externalId,
    name: account.name,
    handle: account.handle,
    thumbnailUrl: account.thumbnailUrl,
    followersTotal: account.followersTotal,
    viewsTotal: account.viewsTotal,
    contentCount: account.contentCount,
    range: { from, to },
    totals: Object.fromEntries(keys.map((key) => [key, sumMetric(daily, key)])) as AccountAnalytics['totals'], // prettier-ignore
    daily,
    audience: await listAudience(db, account.organizationId, account.id),
  };
}

export async function getChannelData(
  db: Database,
  user: CurrentUser,
  id: string,
  range: { from?: string | undefined; to?: string | undefined },
) {
  const row = await requireConnection(db, user, id);
  if (row.provider !== 'youtube') throw AppError.notFound('No YouTube connection with this id.');
  const [account] = await listConnectionAccounts(db, user.organization.id, id);
  if (!account) throw AppError.conflict('The first sync has not read the channel yet. Try again shortly.'); // prettier-ignore
  return { connection: await describeConnection(db, row), channel: await describeAccount(db, account, range) }; // prettier-ignore
}

export async function getMetaAccountData(
  db: Database,
  user: CurrentUser,
  id: string,
  range: { from?: string | undefined; to?: string | undefined },
) {
  const row = await requireConnection(db, user, id);
  if (row.provider !== 'meta') throw AppError.notFound('No Meta connection with this id.');
  const accounts = await listConnectionAccounts(db, user.organization.id, id);
  const find = async (platform: AccountRow['platform']) => {
    const account = accounts.find((candidate) => candidate.platform === platform);
    return account ? describeAccount(db, account, range) : null;
  };
  return {
    connection: await describeConnection(db, row),
    instagram: await find('instagram'),
    facebook: await find('facebook'),
  };
}
