import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enqueueJob } from '../jobs/queue';
import { PermanentJobFailure, startWorker } from '../jobs/worker';
import { buildTestApp, type TestApp } from '../testing/build-test-app';
import { databaseTargets } from '../testing/test-database';

const metricsToken = 'metrics-token-for-tests-0123456789';

/** The value of one sample line (`name{labels} value`), or undefined when absent. */
function sample(
  text: string,
  name: string,
  labels: Record<string, string> = {},
): number | undefined {
  const wanted = Object.entries(labels).map(([key, value]) => `${key}="${value}"`);
  for (const line of text.split('\n')) {
    if (line.startsWith('#')) continue;
    const match = /^([a-z_]+)(?:\{([^}]*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const present = (match[2] ?? '').split(',');
    if (wanted.every((pair) => present.includes(pair))) return Number(match[3]);
  }
  return undefined;
}

describe.each(databaseTargets)('GET /api/metrics on %s', (target) => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await buildTestApp(target, { env: { METRICS_TOKEN: metricsToken } });
  });
  afterAll(async () => testApp.close());

  const scrape = async (
    options: { remoteAddress?: string; headers?: Record<string, string> } = {},
  ) => testApp.app.inject({ method: 'GET', url: '/api/metrics', ...options });

  it('serves the Prometheus text format to a client on this machine', async () => {
    const response = await scrape();
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
    for (const name of [
      'http_request_duration_seconds',
      'crescendo_job_duration_seconds',
      'crescendo_jobs',
      'crescendo_database_connections',
      'nodejs_eventloop_delay_seconds',
      'process_memory_bytes',
      'process_cpu_seconds_total',
    ]) {
      expect(response.body).toContain(`# TYPE ${name} `);
    }
    expect(sample(response.body, 'crescendo_database_up')).toBe(1);
    expect(sample(response.body, 'process_memory_bytes', { kind: 'rss' })).toBeGreaterThan(0);
    const connections = target === 'pglite' ? 1 : Number(testApp.config.databasePoolMax);
    expect(sample(response.body, 'crescendo_database_connections', { state: 'max' })).toBe(
      target === 'pglite' ? connections : 5,
    );
  });

  it('labels request durations with the route pattern, never the raw URL', async () => {
    await testApp.app.inject({ method: 'GET', url: '/api/public/shares/some-secret-token-value' });
    await testApp.app.inject({ method: 'GET', url: '/api/v1/nothing-here' });
    const body = (await scrape()).body;
    expect(body).not.toContain('some-secret-token-value');
    expect(
      sample(body, 'http_request_duration_seconds_count', {
        method: 'GET',
        route: '/api/public/shares/:token',
        status_code: '404',
      }),
    ).toBe(1);
    expect(
      sample(body, 'http_request_duration_seconds_count', {
        route: 'unmatched',
        status_code: '404',
      }),
    ).toBeGreaterThanOrEqual(1);
  });

  it('counts jobs by queue and state at scrape time, and known queues even when empty', async () => {
    const queue = `metrics-${Math.random().toString(36).slice(2)}`;
    await enqueueJob(testApp.database.db, { queue });
    await enqueueJob(testApp.database.db, { queue, runAt: new Date(Date.now() + 3_600_000) });
    const body = (await scrape()).body;
    expect(sample(body, 'crescendo_jobs', { queue, state: 'queued' })).toBe(1);
    expect(sample(body, 'crescendo_jobs', { queue, state: 'scheduled' })).toBe(1);
    expect(sample(body, 'crescendo_jobs', { queue: 'imports.process', state: 'queued' })).toBe(0);
    expect(sample(body, 'crescendo_jobs', { queue: 'platform-sync', state: 'failed' })).toBe(0);
  });

  it('observes job durations by queue, provider and outcome as the worker runs them', async () => {
    const queue = `metrics-run-${Math.random().toString(36).slice(2)}`;
    await enqueueJob(testApp.database.db, { queue, payload: { outcome: 'ok' } });
    await enqueueJob(testApp.database.db, { queue, payload: { outcome: 'broken' } });
    const worker = startWorker({
      db: testApp.database.db,
      handlers: {
        [queue]: async (job, _signal, labels) => {
          labels.provider = 'youtube';
          if (job.payload.outcome === 'broken') throw new PermanentJobFailure('malformed');
        },
      },
      onJobFinished: testApp.app.metrics.observeJob,
    });
    await worker.drain();
    await worker.stop();
    const body = (await scrape()).body;
    const count = (outcome: string) =>
      sample(body, 'crescendo_job_duration_seconds_count', { queue, provider: 'youtube', outcome });
    expect(count('succeeded')).toBe(1);
    expect(count('failed')).toBe(1);
    expect(sample(body, 'crescendo_jobs', { queue, state: 'failed' })).toBe(1);
  });

  it('asks other machines for the token: 401 without or with a wrong one, 200 with it', async () => {
    const remoteAddress = '203.0.113.9';
    const missing = await scrape({ remoteAddress });
    expect(missing.statusCode).toBe(401);
    expect(missing.json()).toEqual({
      error: { code: 'UNAUTHENTICATED', message: 'Send the metrics token as a bearer token.' },
    });
    const wrong = await scrape({
      remoteAddress,
      headers: { authorization: 'Bearer not-the-token' },
    });
    expect(wrong.statusCode).toBe(401);
    const right = await scrape({
      remoteAddress,
      headers: { authorization: `Bearer ${metricsToken}` },
    });
    expect(right.statusCode).toBe(200);
    expect(right.body).toContain('# TYPE crescendo_jobs gauge');
  });

  it('takes a request a local proxy forwarded for a remote one', async () => {
    const forwarded = await scrape({ headers: { 'x-forwarded-for': '203.0.113.9' } });
    expect(forwarded.statusCode).toBe(401);
  });
});

describe('GET /api/metrics without METRICS_TOKEN', () => {
  it('is hidden from other machines (404 in the wire format) and open to this one', async () => {
    const testApp = await buildTestApp('pglite');
    try {
      const remote = await testApp.app.inject({
        method: 'GET',
        url: '/api/metrics',
        remoteAddress: '198.51.100.7',
      });
      expect(remote.statusCode).toBe(404);
      expect(remote.json()).toEqual({
        error: { code: 'NOT_FOUND', message: 'No route for GET /api/metrics' },
      });
      const local = await testApp.app.inject({
        method: 'GET',
        url: '/api/metrics',
        remoteAddress: '::1',
      });
      expect(local.statusCode).toBe(200);
    } finally {
      await testApp.close();
    }
  });

  it('is off with METRICS=false: 404 even on this machine, and no request is observed', async () => {
    const testApp = await buildTestApp('pglite', { env: { METRICS: 'false' } });
    try {
      await testApp.app.inject({ method: 'GET', url: '/api/health' });
      const local = await testApp.app.inject({ method: 'GET', url: '/api/metrics' });
      expect(local.statusCode).toBe(404);
      expect(local.json()).toEqual({
        error: { code: 'NOT_FOUND', message: 'No route for GET /api/metrics' },
      });
      expect((await testApp.app.metrics.registry.metrics()).trim()).toBe('');
    } finally {
      await testApp.close();
    }
  });

  it('keeps one registry per app: two apps count their own requests', async () => {
    const [first, second] = await Promise.all([buildTestApp('pglite'), buildTestApp('pglite')]);
    try {
      await first.app.inject({ method: 'GET', url: '/api/health' });
      await first.app.inject({ method: 'GET', url: '/api/health' });
      const labels = { route: '/api/health', status_code: '200' };
      const read = async (testApp: TestApp) =>
        sample(
          (await testApp.app.inject({ method: 'GET', url: '/api/metrics' })).body,
          'http_request_duration_seconds_count',
          labels,
        );
      expect(await read(first)).toBe(2);
      expect(await read(second)).toBeUndefined();
    } finally {
      await Promise.all([first.close(), second.close()]);
    }
  });
});
