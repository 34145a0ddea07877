import crypto from 'node:crypto';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { Counter, Gauge, Histogram, Registry } from 'prom-client';
import { z } from 'zod';
import type { DatabaseHandle } from '../db/client';
import { readFreshestHeartbeatAge } from '../jobs/heartbeats';
import { countJobsByState } from '../jobs/job-stats';
import type { FinishedJob } from '../jobs/worker';
import { isLocalRequest } from '../lib/local-request';
import { sendError } from './errors';

/** What the rest of the process reports into this app's registry. */
export type AppMetrics = {
  registry: Registry;
  /** The worker calls this once per job it ran (durations by queue, provider and outcome). */
  observeJob(finished: FinishedJob): void;
};

declare module 'fastify' {
  interface FastifyInstance {
    metrics: AppMetrics;
  }
}

export type MetricsOptions = {
  /** `METRICS=false`: no histogram, no monitor, no route (the bench's "off" side, or by choice). */
  isEnabled: boolean;
  database: DatabaseHandle;
  /** `METRICS_TOKEN`: lets clients other than this machine scrape with a bearer token. */
  token: string | null;
  /** Queues reported even while empty, so an alert sees 0 rather than no series. */
  knownQueues: string[];
};

const jobStates = ['queued', 'scheduled', 'running', 'failed'] as const;

function hashOf(value: string): Buffer {
  return crypto.createHash('sha256').update(value).digest();
}

/**
 * A client on this machine scrapes freely; a request a proxy forwarded (it carries
 * X-Forwarded-For or Forwarded) is not taken for a local one, since a reverse proxy on this host
 * would otherwise open the endpoint to everyone it serves.
 */
function isAllowed(
  request: FastifyRequest,
  tokenHash: Buffer | null,
): 'yes' | 'no-token' | 'hidden' {
  if (isLocalRequest(request)) return 'yes';
  if (!tokenHash) return 'hidden';
  const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
  if (match?.[1] && crypto.timingSafeEqual(hashOf(match[1]), tokenHash)) return 'yes';
  return 'no-token';
}

/**
 * Prometheus metrics for this app (`GET /api/metrics`): one registry per app instance (tests
 * build many apps), HTTP durations by route pattern, the job queue read at scrape time, job
 * durations observed by the worker, connections, event-loop delay and memory.
 */
export const metricsPlugin = fp(async (app: FastifyInstance, options: MetricsOptions) => {
  const registry = new Registry();
  if (!options.isEnabled) {
    app.decorate('metrics', { registry, observeJob: () => {} } satisfies AppMetrics);
    return;
  }
  const tokenHash = options.token ? hashOf(options.token) : null;

  const httpDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP requests by method, route pattern and status, from the request to the response sent.',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  app.addHook('onResponse', (request, reply, done) => {
    // The pattern (`/api/shares/:id`), never the URL: ids and tokens would make endless series.
    httpDuration.observe(
      {
        method: request.method,
        route: request.routeOptions.url ?? 'unmatched',
        status_code: String(reply.statusCode),
      },
      reply.elapsedTime / 1000,
    );
    done();
  });

  const jobDuration = new Histogram({
    name: 'crescendo_job_duration_seconds',
    help: 'Background jobs this process ran, by queue, provider (syncs) and outcome.',
    labelNames: ['queue', 'provider', 'outcome'] as const,
    buckets: [0.1, 1, 5, 15, 30, 60, 120, 300, 600, 1800, 3600],
    registers: [registry],
  });

  // The job and heartbeat gauges share one read per scrape (two small queries): a registry
  // collects every metric at once, so each gauge awaits the same snapshot, which the route drops
  // before each scrape.
  type QueueSnapshot = {
    counts: Awaited<ReturnType<typeof countJobsByState>>;
    heartbeatAge: number | null;
  } | null;
  let snapshot: Promise<QueueSnapshot> | null = null;
  const readSnapshot = (): Promise<QueueSnapshot> => {
    snapshot ??= Promise.all([
      countJobsByState(options.database.db),
      readFreshestHeartbeatAge(options.database.db),
    ])
      .then(([counts, heartbeatAge]) => ({ counts, heartbeatAge }))
      .catch(() => null);
    return snapshot;
  };
  const jobCount = new Gauge({
    name: 'crescendo_jobs',
    help: 'Jobs by queue and state: queued (due now), scheduled (due later), running, failed (kept 7 days).',
    labelNames: ['queue', 'state'] as const,
    registers: [registry],
    async collect() {
      const read = await readSnapshot();
      jobCount.reset();
      for (const queue of options.knownQueues)
        for (const state of jobStates) jobCount.set({ queue, state }, 0);
      for (const row of read?.counts ?? [])
        jobCount.set({ queue: row.queue, state: row.state }, row.count);
    },
  });
  const heartbeatAge = new Gauge({
    name: 'crescendo_worker_heartbeat_age_seconds',
    help: 'Seconds since the freshest heartbeat of any worker (absent when no worker ever beat).',
    registers: [registry],
    async collect() {
      const read = await readSnapshot();
      heartbeatAge.reset();
      if (read?.heartbeatAge !== null && read?.heartbeatAge !== undefined)
        heartbeatAge.set(Math.max(0, read.heartbeatAge));
    },
  });
  const databaseUp = new Gauge({
    name: 'crescendo_database_up',
    help: '1 when the scrape-time read of the database answered, else 0.',
    registers: [registry],
    async collect() {
      databaseUp.set((await readSnapshot()) ? 1 : 0);
    },
  });

  const poolConnections = new Gauge({
    name: 'crescendo_database_connections',
    help: 'Database connections: total open, idle, requests waiting for one, and the maximum (PGlite: one).',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const stats = options.database.poolStats();
      poolConnections.set({ state: 'total' }, stats.total);
      poolConnections.set({ state: 'idle' }, stats.idle);
      poolConnections.set({ state: 'waiting' }, stats.waiting);
      poolConnections.set({ state: 'max' }, stats.max);
    },
  });

  // Our own monitor, disabled when the app closes: prom-client's default collectors start ones
  // that run for the life of the process, one per registry.
  const loopDelay = monitorEventLoopDelay({ resolution: 20 });
  loopDelay.enable();
  app.addHook('onClose', async () => loopDelay.disable());
  const loopDelayGauge = new Gauge({
    name: 'nodejs_eventloop_delay_seconds',
    help: 'Event-loop delay since the previous scrape, by quantile (and max).',
    labelNames: ['quantile'] as const,
    registers: [registry],
    collect() {
      for (const quantile of [0.5, 0.9, 0.99])
        loopDelayGauge.set(
          { quantile: String(quantile) },
          loopDelay.percentile(quantile * 100) / 1e9,
        );
      loopDelayGauge.set({ quantile: 'max' }, loopDelay.max / 1e9);
      loopDelay.reset();
    },
  });

  const memory = new Gauge({
    name: 'process_memory_bytes',
    help: 'Process memory: resident set, V8 heap total and used, external and array buffers.',
    labelNames: ['kind'] as const,
    registers: [registry],
    collect() {
      const usage = process.memoryUsage();
      memory.set({ kind: 'rss' }, usage.rss);
      memory.set({ kind: 'heap_total' }, usage.heapTotal);
      memory.set({ kind: 'heap_used' }, usage.heapUsed);
      memory.set({ kind: 'external' }, usage.external);
      memory.set({ kind: 'array_buffers' }, usage.arrayBuffers);
    },
  });
  const cpu = new Counter({
    name: 'process_cpu_seconds_total',
    help: 'User and system CPU time this process has used.',
    registers: [registry],
    collect() {
      const usage = process.cpuUsage();
      cpu.reset();
      cpu.inc((usage.user + usage.system) / 1e6);
    },
  });
  new Gauge({
    name: 'process_start_time_seconds',
    help: 'When the process started, in seconds since the Unix epoch.',
    registers: [registry],
    collect() {
      this.set(Math.round(Date.now() / 1000 - process.uptime()));
    },
  });

  app.get(
    '/api/metrics',
    {
      config: { rateLimit: false },
      schema: {
        tags: ['health'],
        summary: 'Prometheus metrics (this machine, or a bearer METRICS_TOKEN)',
        response: { 200: z.string() },
      },
    },
    async (request, reply) => {
      const access = isAllowed(request, tokenHash);
      if (access === 'hidden')
        return sendError(reply, 404, 'NOT_FOUND', `No route for GET /api/metrics`);
      if (access === 'no-token') {
        reply.header('www-authenticate', 'Bearer realm="metrics"');
        return sendError(
          reply,
          401,
          'UNAUTHENTICATED',
          'Send the metrics token as a bearer token.',
        );
      }
      snapshot = null;
      const body = await registry.metrics();
      return reply
        .type(registry.contentType)
        .header('cache-control', 'no-store')
        .serializer((payload) => payload as string)
        .send(body);
    },
  );

  const metrics: AppMetrics = {
    registry,
    observeJob({ job, outcome, durationSeconds, labels }) {
      jobDuration.observe(
        { queue: job.queue, provider: labels.provider ?? 'none', outcome },
        durationSeconds,
      );
    },
  };
  app.decorate('metrics', metrics);
});
