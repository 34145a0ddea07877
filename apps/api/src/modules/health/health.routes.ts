import {
  healthResponseSchema,
  readinessResponseSchema,
  type ReadinessCheck,
  type ReadinessWorkers,
} from '@crescendo/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { readMigrationStatus, type DatabaseHandle } from '../../db/client';
import { readFreshestHeartbeatAge } from '../../jobs/heartbeats';
import type { WorkerPresence } from '../../jobs/worker-presence';
import { AppError } from '../../lib/app-error';
import { errorResponses } from '../../lib/route-schemas';

export type HealthOptions = {
  database: DatabaseHandle;
  version: string;
  workerPresence: WorkerPresence;
  /** A heartbeat older than this means the worker is stuck or gone (the job lock's length). */
  workerStaleSeconds: number;
};

async function checkDatabaseAndMigrations(database: DatabaseHandle): Promise<ReadinessCheck[]> {
  try {
    const status = await readMigrationStatus(database.db);
    return [
      { name: 'database', status: 'ok', message: 'The database answers.' },
      status.isCurrent
        ? { name: 'migrations', status: 'ok', message: `${status.applied} migrations applied.` }
        : {
            name: 'migrations',
            status: 'failed',
            message: `${status.applied} of ${status.expected} migrations applied.`,
          },
    ];
  } catch {
    return [
      { name: 'database', status: 'failed', message: 'The database is unreachable.' },
      {
        name: 'migrations',
        status: 'failed',
        message: 'Not checked: the database is unreachable.',
      },
    ];
  }
}

/** This process's own worker, checked in memory; null when the process runs none. */
function checkOwnWorker({
  workerPresence,
  workerStaleSeconds,
}: HealthOptions): ReadinessCheck | null {
  const own = workerPresence.worker;
  if (!own) return null;
  const ageSeconds = Math.round((Date.now() - own.lastBeatAt()) / 1000);
  return ageSeconds <= workerStaleSeconds
    ? { name: 'worker', status: 'ok', message: `This process's worker beat ${ageSeconds} s ago.` }
    : {
        name: 'worker',
        status: 'failed',
        message: `This process's worker has not beaten for ${ageSeconds} s.`,
      };
}

/** Every worker's state, from the freshest heartbeat any of them wrote (reported, not gating). */
async function describeWorkers(
  database: DatabaseHandle,
  workerStaleSeconds: number,
): Promise<ReadinessWorkers> {
  const ageSeconds = await readFreshestHeartbeatAge(database.db).catch(() => undefined);
  if (ageSeconds === undefined)
    return { status: 'unknown', message: 'Not checked: the database is unreachable.' };
  if (ageSeconds === null) return { status: 'none', message: 'No worker has ever beaten.' };
  const seconds = Math.max(0, Math.round(ageSeconds));
  return ageSeconds <= workerStaleSeconds
    ? { status: 'beating', message: `A worker beat ${seconds} s ago.` }
    : { status: 'stale', message: `No worker has beaten for ${seconds} s.` };
}

export const healthRoutes: FastifyPluginAsyncZod<HealthOptions> = async (app, options) => {
  app.get(
    '/api/health',
    {
      config: { rateLimit: false },
      schema: {
        tags: ['health'],
        summary: 'Liveness: the process is up and answering (no database call)',
        response: { 200: healthResponseSchema },
      },
    },
    async () => ({
      status: 'ok' as const,
      uptimeSeconds: Math.round(process.uptime()),
      version: options.version,
    }),
  );

  app.get(
    '/api/health/ready',
    {
      config: { rateLimit: false },
      schema: {
        tags: ['health'],
        summary:
          "Readiness: the database answers, every migration is applied and, in a process that runs a worker, that worker beats (503 naming the failed checks); the workers' state anywhere is reported beside",
        response: { 200: readinessResponseSchema, ...errorResponses(503) },
      },
    },
    async () => {
      const [databaseChecks, workers] = await Promise.all([
        checkDatabaseAndMigrations(options.database),
        describeWorkers(options.database, options.workerStaleSeconds),
      ]);
      // An API-only process serves requests whether or not a worker runs elsewhere (decision
      // 0030): taking every API process out of rotation would not bring a worker back.
      const ownWorker = checkOwnWorker(options);
      const checks = ownWorker ? [...databaseChecks, ownWorker] : databaseChecks;
      const failed = checks.filter((check) => check.status === 'failed');
      if (failed.length > 0) {
        throw new AppError(
          'SERVICE_UNAVAILABLE',
          `Not ready: ${failed.map((check) => `${check.name} (${check.message})`).join('; ')}`,
        );
      }
      return { status: 'ready' as const, checks, workers };
    },
  );
};
