import type { Connection } from '@crescendo/contracts';

/* When a connection's sync is under way, and how often its list is re-read meanwhile. */

/** How often the list is re-read while a sync is queued or running. */
export const SYNC_POLL_INTERVAL_MS = 1_500;
/** A sync paused by a platform quota resumes hours later: no need to ask every 1.5 s. */
export const PAUSED_POLL_INTERVAL_MS = 60_000;

export function isSyncPaused(connection: Connection): boolean {
  return connection.status === 'syncing' && /^paused/i.test(connection.sync.step ?? '');
}

/**
 * A sync is under way while the row says `syncing`, or while a step is recorded on a healthy
 * connection: a freshly connected or refreshed account is `connected` with step "queued".
 */
export function isSyncInProgress(connection: Connection): boolean {
  if (connection.status === 'syncing') return true;
  return connection.status === 'connected' && connection.sync.step !== null;
}

/** Poll quickly while any sync moves, slowly while every running sync waits for a quota, else stop. */
export function getPollInterval(connections: readonly Connection[] | undefined): number | false {
  const moving = (connections ?? []).filter(isSyncInProgress);
  if (moving.length === 0) return false;
  return moving.every(isSyncPaused) ? PAUSED_POLL_INTERVAL_MS : SYNC_POLL_INTERVAL_MS;
}
