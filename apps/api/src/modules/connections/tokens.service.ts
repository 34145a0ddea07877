import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { platformConnections } from '../../db/schema';
import type { ConnectionRow } from './connections.repository';
import { updateConnection } from './connections.repository';
import { type PlatformServices, ReconnectNeededError } from '../providers';

/** Refresh this long before expiry so a request never starts with a token about to die. */
const refreshMarginMs = 5 * 60_000;

export function accessTokenContext(connectionId: string): string {
  return `platform_connections:${connectionId}:access_token`;
}
export function refreshTokenContext(connectionId: string): string {
  return `platform_connections:${connectionId}:refresh_token`;
}

/** Seals both tokens for a row; the row id is part of the associated data. */
export function sealTokens(
  services: PlatformServices,
  connectionId: string,
  tokens: { accessToken: string; refreshToken: string | null },
) {
  return {
    accessTokenSealed: services.cipher.encrypt(
      tokens.accessToken,
      accessTokenContext(connectionId),
    ),
    refreshTokenSealed: tokens.refreshToken
      ? services.cipher.encrypt(tokens.refreshToken, refreshTokenContext(connectionId))
      : null,
    tokenKeyVersion: services.cipher.currentVersion,
  };
}

export function readRefreshToken(services: PlatformServices, row: ConnectionRow): string | null {
  return row.refreshTokenSealed
    ? services.cipher.decrypt(row.refreshTokenSealed, refreshTokenContext(row.id))
    : null;
}

function isFresh(row: ConnectionRow, now: Date): boolean {
  return (
    !row.accessTokenExpiresAt ||
    row.accessTokenExpiresAt.getTime() - refreshMarginMs > now.getTime()
  );
}

const inFlight = new Map<string, Promise<string>>();

/**
 * A usable access token for the connection, refreshed when it is about to expire. Callers in this
 * process share one refresh. No transaction or row lock is held across the provider's token call
 * (on PGlite that would stall every query, health checks included): the new token is written with
 * a compare-and-swap on the sealed token it replaces, and a process that loses the race uses the
 * winner's token.
 */
export function getAccessToken(
  db: Database,
  services: PlatformServices,
  connection: Pick<ConnectionRow, 'id' | 'organizationId'>,
): Promise<string> {
  const running = inFlight.get(connection.id);
  if (running) return running;
  const task = readOrRefreshAccessToken(db, services, connection).finally(() =>
    inFlight.delete(connection.id),
  );
  inFlight.set(connection.id, task);
  return task;
}

async function readConnectionRow(
  db: Database,
  connection: Pick<ConnectionRow, 'id' | 'organizationId'>,
): Promise<ConnectionRow | undefined> {
  const [row] = await db
    .select()
    .from(platformConnections)
    .where(
      and(
        eq(platformConnections.id, connection.id),
        eq(platformConnections.organizationId, connection.organizationId),
      ),
    );
  return row;
}

async function readOrRefreshAccessToken(
  db: Database,
  services: PlatformServices,
  connection: Pick<ConnectionRow, 'id' | 'organizationId'>,
): Promise<string> {
  try {
    const row = await readConnectionRow(db, connection);
    if (!row?.accessTokenSealed) {
      throw new ReconnectNeededError('This connection has no token; reconnect it');
    }
    if (isFresh(row, services.now())) {
      return services.cipher.decrypt(row.accessTokenSealed, accessTokenContext(row.id));
    }
    const refreshToken = readRefreshToken(services, row);
    // Meta long-lived user tokens cannot be refreshed without the user.
    const refresh =
      row.provider === 'youtube'
        ? (token: string) => services.google.refreshAccessToken(token)
        : row.provider === 'tiktok'
          ? (token: string) => services.tiktok.refreshAccessToken(token)
          : null;
    if (!refresh || !refreshToken) {
      throw new ReconnectNeededError('The access token expired; reconnect to continue syncing');
    }
    const tokens = await refresh(refreshToken);
    const swapped = await db
      .update(platformConnections)
      .set({
        ...sealTokens(services, row.id, {
          accessToken: tokens.accessToken,
          // Google only sometimes rotates the refresh token (TikTok may too); keep the old one otherwise.
          refreshToken: tokens.refreshToken ?? refreshToken,
        }),
        accessTokenExpiresAt: tokens.expiresAt,
        updatedAt: new Date(),
      })
      .where(
        and(
          eq(platformConnections.organizationId, row.organizationId),
          eq(platformConnections.id, row.id),
          eq(platformConnections.accessTokenSealed, row.accessTokenSealed),
        ),
      )
      .returning({ id: platformConnections.id });
    if (swapped.length === 1) return tokens.accessToken;
    // Another process refreshed (or the user reconnected) meanwhile: its token is as good.
    const current = await readConnectionRow(db, connection);
    if (!current?.accessTokenSealed) {
      throw new ReconnectNeededError('This connection has no token; reconnect it');
    }
    return services.cipher.decrypt(current.accessTokenSealed, accessTokenContext(current.id));
  } catch (error) {
    if (error instanceof ReconnectNeededError) {
      await updateConnection(db, connection.organizationId, connection.id, {
        status: 'reconnect_needed',
        syncStep: null,
        syncPercent: null,
        syncError: 'Access was revoked or expired. Reconnect to resume syncing.',
      });
    }
    throw error;
  }
}
