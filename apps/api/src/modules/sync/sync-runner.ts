import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { enqueueJob, type Job } from '../../jobs/queue';
import {
  PermanentJobFailure,
  PostponeJob,
  type JobHandler,
  type JobLabels,
} from '../../jobs/worker';
import { findConnection, listSyncableConnections, updateConnection } from '../connections';
import {
  type PlatformServices,
  MalformedResponseError,
  ProviderError,
  QuotaExceededError,
  ReconnectNeededError,
  TransientProviderError,
} from '../providers';
import { refreshInsights } from '../analytics';
import { nextPacificMidnight } from './days';
import { syncMeta } from './meta-sync';
import type { SyncContext } from './sync-context';
import { enqueueConnectionSync, scheduleQueue, syncQueue, type SyncJobPayload } from './sync-queue';
import { syncYouTube } from './youtube-sync';

/**
 * After new numbers land: fresh planner statistics (a first sync loads tens of thousands of rows
 * at once, and stale estimates turn dashboard queries into nested loops) and new insights.
 * Neither may fail the sync itself.
 */
async function refreshDerivedData(db: Database, organizationId: string): Promise<void> {
  try {
    await db.execute(
      sql`analyze account_daily_metrics, content_daily_metrics, content_monthly_metrics, content_items, audience_breakdowns, daily_traffic_sources`,
    );
    await refreshInsights(db, organizationId);
  } catch (error) {
    console.warn(
      'refreshing statistics and insights failed',
      error instanceof Error ? error.message : error,
    );
  }
}

/** Meta's throttling windows are an hour long. */
const metaPauseMs = 60 * 60_000;
const progressIntervalMs = 500;

function readPayload(job: Job): SyncJobPayload {
  const { connectionId, organizationId } = job.payload as Partial<SyncJobPayload>;
  if (typeof connectionId !== 'string' || typeof organizationId !== 'string') {
    throw new PermanentJobFailure('sync job without a connection id');
  }
  return { connectionId, organizationId };
}

/** Runs one connection's sync and records its outcome on the connection row. */
export async function runConnectionSync(
  db: Database,
  services: PlatformServices,
  payload: SyncJobPayload,
  signal: AbortSignal,
  labels: JobLabels = {},
): Promise<void> {
  const connection = await findConnection(db, payload.organizationId, payload.connectionId);
  // Disconnected meanwhile, or waiting for the user to reconnect: nothing to do.
  if (!connection || connection.status === 'reconnect_needed') return;
  labels.provider = connection.provider;
  const update = (changes: Parameters<typeof updateConnection>[3]) =>
    updateConnection(db, connection.organizationId, connection.id, changes);
  await update({ status: 'syncing', syncStep: 'Starting', syncPercent: 0, syncError: null });
  let lastReportAt = 0;
  const context: SyncContext = {
    db,
    services,
    connection,
    signal,
    async reportProgress(step, percent) {
      // A stopped sync's row belongs to whoever runs it next.
      signal.throwIfAborted();
      const now = Date.now();
      if (now - lastReportAt < progressIntervalMs && percent < 100) return;
      lastReportAt = now;
      await update({ syncStep: step, syncPercent: Math.min(99, percent) });
    },
  };
  try {
    const result =
      connection.provider === 'youtube' ? await syncYouTube(context) : await syncMeta(context);
    signal.throwIfAborted();
    await update({
      status: 'connected',
      // The platform clock: "last synced" must agree with the days the platform called complete.
      lastSyncedAt: services.now(),
      syncStep: null,
      syncPercent: 100,
      syncError: null,
      dataCompleteThrough: result.dataCompleteThrough,
    });
    await refreshDerivedData(db, connection.organizationId);
  } catch (error) {
    // Stopped by a shutdown or a lost lock: what is synced is kept (per-chunk transactions), and
    // the connection's state is left to the next run (another worker may own the job already).
    if (signal.aborted) throw error;
    if (error instanceof ReconnectNeededError) {
      await update({
        status: 'reconnect_needed',
        syncStep: null,
        syncPercent: null,
        syncError: 'Access was revoked or expired. Reconnect to resume syncing.',
      });
      return;
    }
    if (error instanceof QuotaExceededError) {
      // The pause is measured on the provider's clock (`services.now`), applied to ours.
      const now = services.now();
      const pauseMs =
        connection.provider === 'youtube'
          ? nextPacificMidnight(now).getTime() - now.getTime()
          : metaPauseMs;
      const until = new Date(Date.now() + pauseMs);
      await update({
        status: 'syncing',
        syncStep: `Paused: ${connection.provider === 'youtube' ? 'YouTube' : 'Meta'} quota reached, resumes ${until.toISOString()}`,
      });
      throw new PostponeJob(until, error.message);
    }
    if (error instanceof MalformedResponseError) {
      await update({ status: 'error', syncStep: null, syncError: `Sync failed: ${error.message}` });
      throw new PermanentJobFailure(error.message);
    }
    const message =
      error instanceof TransientProviderError
        ? `${error.message}; retrying later`
        : error instanceof ProviderError
          ? error.message
          : 'Unexpected sync failure; retrying later';
    await update({ status: 'error', syncStep: null, syncError: message });
    throw error;
  }
}

/** Enqueues a daily sync of every healthy connection, then re-schedules itself for tomorrow. */
export async function scheduleDailySyncs(db: Database): Promise<void> {
  for (const connection of await listSyncableConnections(db)) {
    await enqueueConnectionSync(db, connection);
  }
}

export async function ensureDailySchedule(db: Database, now = new Date()): Promise<void> {
  // 06:00 UTC: after YouTube's and Meta's day ends for most time zones.
  const next = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), 6));
  if (next <= now) next.setUTCDate(next.getUTCDate() + 1);
  // One key per run day, so the running job can enqueue tomorrow's without colliding with itself.
  await enqueueJob(db, {
    queue: scheduleQueue,
    singletonKey: `platform-sync-schedule:${next.toISOString().slice(0, 10)}`,
    runAt: next,
  });
}

export function createSyncHandlers(
  db: Database,
  services: PlatformServices,
): Record<string, JobHandler> {
  return {
    [syncQueue]: (job, signal, labels) =>
      runConnectionSync(db, services, readPayload(job), signal, labels),
    [scheduleQueue]: async () => {
      await scheduleDailySyncs(db);
      await ensureDailySchedule(db, new Date(Date.now() + 60_000));
    },
  };
}
