import { connectionProviderNames } from '@crescendo/contracts';
import { isEmbeddedDatabase, type Database } from '../../db/client';
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
import { analyzeAnalyticsTables, refreshInsights } from '../analytics';
import { nextPacificMidnight } from './days';
import { syncMeta } from './meta-sync';
import type { SyncContext } from './sync-context';
import {
  enqueueDailySyncs,
  scheduleQueue,
  statisticsQueue,
  syncQueue,
  type SyncJobPayload,
} from './sync-queue';
import { syncTikTok } from './tiktok-sync';
import { syncYouTube } from './youtube-sync';

/**
 * After new numbers land: new insights, and on the embedded PGlite only, after a connection's
 * first backfill, fresh planner statistics: that bulk load of tens of thousands of rows is what
 * turned dashboard queries into nested loops on stale estimates (content 365 d: 2.9 s → 51 ms).
 * No whole-table ANALYZE otherwise: it costs in proportion to every tenant's rows, which made the
 * daily refresh quadratic in tenants (issue 30); PostgreSQL's autoanalyze keeps statistics fresh,
 * and PGlite, which has none, analyzes on a daily schedule (`statisticsQueue`).
 * Neither may fail the sync itself.
 */
async function refreshDerivedData(
  db: Database,
  organizationId: string,
  options: { isFirstBackfill: boolean },
): Promise<void> {
  if (options.isFirstBackfill && isEmbeddedDatabase(db)) {
    try {
      await analyzeAnalyticsTables(db);
    } catch (error) {
      console.warn(
        'refreshing planner statistics failed',
        error instanceof Error ? error.message : error,
      );
    }
  }
  try {
    await refreshInsights(db, organizationId);
  } catch (error) {
    console.warn('refreshing insights failed', error instanceof Error ? error.message : error);
  }
}

/** Meta's throttling windows are an hour long; TikTok's a minute. */
const metaPauseMs = 60 * 60_000;
const tiktokPauseMs = 60_000;
const providerNames = connectionProviderNames;
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
  // Never synced to the end before: this run is the connection's first bulk load.
  const isFirstBackfill = connection.lastSyncedAt === null;
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
    const syncers = { youtube: syncYouTube, meta: syncMeta, tiktok: syncTikTok };
    const result = await syncers[connection.provider](context);
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
    await refreshDerivedData(db, connection.organizationId, { isFirstBackfill });
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
          : connection.provider === 'tiktok'
            ? tiktokPauseMs
            : metaPauseMs;
      const until = new Date(Date.now() + pauseMs);
      await update({
        status: 'syncing',
        syncStep: `Paused: ${providerNames[connection.provider]} quota reached, resumes ${until.toISOString()}`,
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

/**
 * Queues every healthy connection's daily sync at its organisation's slot in the 24 hours from
 * `dayStart` (the schedule's run, 06:00 UTC): the day's syncs are spread over the day, not all
 * due at once.
 */
export async function scheduleDailySyncs(db: Database, dayStart = new Date()): Promise<number> {
  return enqueueDailySyncs(db, await listSyncableConnections(db), dayStart);
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
  await ensureStatisticsSchedule(db, now);
}

/**
 * On the embedded PGlite only (PostgreSQL's autoanalyze does this): a daily ANALYZE of the
 * analytics tables at 09:00 UTC, after the 06:00 syncs of its one tenant have landed.
 */
export async function ensureStatisticsSchedule(db: Database, now = new Date()): Promise<void> {
  if (!isEmbeddedDatabase(db)) return;
  const next = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), 9));
  if (next <= now) next.setUTCDate(next.getUTCDate() + 1);
  await enqueueJob(db, {
    queue: statisticsQueue,
    singletonKey: `platform-sync-statistics:${next.toISOString().slice(0, 10)}`,
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
    [scheduleQueue]: async (job) => {
      await scheduleDailySyncs(db, job.runAt);
      await ensureDailySchedule(db, new Date(Date.now() + 60_000));
    },
    [statisticsQueue]: async () => {
      await analyzeAnalyticsTables(db);
      await ensureStatisticsSchedule(db, new Date(Date.now() + 60_000));
    },
  };
}
