/**
 * Issue 18's figures.
 * 1. PGlite, one process: while Google's token endpoint takes 30 s to answer a refresh, /api/health
 *    and the dashboard keep p99 ≤ 50 ms (the refresh holds no transaction; its calls time out).
 * 2. PostgreSQL, two product processes sharing one database: 1,000 req/s of `GET /api/v1/auth/me`
 *    for 60 s split between them, with 0 errors.
 * Loopback only; every loop is bounded by a duration.
 * Usage: npx tsx bench/security.ts [--seconds=60] [--part=1|2|all] [--offered=1000]
 */
import crypto from 'node:crypto';
import http from 'node:http';
import autocannon from 'autocannon';
import pg from 'pg';
import { eq } from 'drizzle-orm';
import { startSandboxServer } from '@crescendo/platform-sandbox';
import { platformConnections } from '../apps/api/src/db/schema';
import { getAccessToken } from '../apps/api/src/modules/connections';
import { bearer, buildTestApp, createUser } from '../apps/api/src/testing/build-test-app';
import { connectAs, drainSyncJobs, sandboxEnv } from '../apps/api/src/testing/sandbox-connections';
import { freePort, signInDemoArtist, startProduct, writeResult } from './lib/server';

const argument = (name: string, fallback: string) =>
  process.argv.find((value) => value.startsWith(`--${name}=`))?.split('=')[1] ?? fallback;
const seconds = Number(argument('seconds', '60'));
const part = argument('part', 'all');
/** Requests per second offered across the two processes in part 2 (the target is 1,000). */
const offered = Number(argument('offered', '1000'));

async function load(
  url: string,
  headers: Record<string, string>,
  options: { duration: number; connections?: number; overallRate?: number; workers?: number },
) {
  const result = await autocannon({
    url,
    headers,
    duration: options.duration,
    connections: options.connections ?? 10,
    ...(options.overallRate ? { overallRate: options.overallRate } : {}),
    // A worker thread sends the load, as a client on its own host would: never on this loop.
    ...(options.workers ? { workers: options.workers } : {}),
  });
  return {
    requests: result.requests.total,
    // What was delivered: answered requests over the whole run (autocannon's `average` is the mean
    // of its per-second samples and misses a partial first and last second).
    perSecond: Math.round(result.requests.total / options.duration),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    maxMs: result.latency.max,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

async function slowTokenEndpoint() {
  const now = '2025-06-15T12:00:00Z';
  const sandbox = await startSandboxServer({ port: 0, now });
  let refreshesWaiting = 0;
  const timers = new Set<NodeJS.Timeout>();
  const server = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      const forward = async () => {
        const answer = await fetch(`${sandbox.url}/oauth2/token`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body,
        });
        response.writeHead(answer.status, { 'content-type': 'application/json' });
        response.end(await answer.text());
      };
      // Google answering a refresh after 30 s; the code exchange at connect time is quick.
      if (new URLSearchParams(body).get('grant_type') === 'refresh_token') {
        refreshesWaiting += 1;
        const timer = setTimeout(() => void forward().catch(() => response.destroy()), 30_000);
        timers.add(timer);
      } else void forward();
    });
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    sandbox,
    url: `http://127.0.0.1:${port}/token`,
    refreshesWaiting: () => refreshesWaiting,
    async close() {
      for (const timer of timers) clearTimeout(timer);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await sandbox.close();
    },
  };
}

async function partOne() {
  const slow = await slowTokenEndpoint();
  const testApp = await buildTestApp('pglite', {
    env: {
      ...sandboxEnv(slow.sandbox, 60),
      GOOGLE_TOKEN_URL: slow.url,
      RATE_LIMIT_PER_IP: '100000000',
      RATE_LIMIT_PER_USER: '100000000',
    },
  });
  try {
    const user = await createUser(testApp, 'customer');
    await connectAs(testApp, user.token, 'youtube', 'small');
    await drainSyncJobs(testApp);
    const [row] = await testApp.database.db.select().from(platformConnections);
    await testApp.database.db
      .update(platformConnections)
      .set({ accessTokenExpiresAt: new Date(0) })
      .where(eq(platformConnections.id, row!.id));
    await testApp.app.listen({ port: 0, host: '127.0.0.1' });
    const address = testApp.app.server.address();
    const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    // The refresh a sync would start: it waits on Google while the load runs.
    const refresh = getAccessToken(testApp.database.db, testApp.app.platforms, row!).then(
      () => 'refreshed',
      (error: Error) => `failed: ${error.message}`,
    );
    while (slow.refreshesWaiting() === 0) await new Promise((resolve) => setTimeout(resolve, 10));
    const duration = Math.min(12, seconds);
    const health = await load(`${base}/api/health`, {}, { duration, connections: 1 });
    const dashboard = await load(`${base}/api/dashboard/analytics?range=28d`, bearer(user.token), {
      duration,
      connections: 1,
    });
    const outcome = await refresh;
    return {
      scenario:
        'PGlite, Google token endpoint answering refreshes after 30 s, load during the wait',
      refreshesWaitingDuringLoad: slow.refreshesWaiting(),
      refreshOutcome: outcome,
      health,
      dashboard,
      target: 'p99 ≤ 50 ms',
    };
  } finally {
    await testApp.close();
    await slow.close();
  }
}

async function partTwo() {
  const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const name = `crescendo_bench_${crypto.randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const shared = {
    DATABASE_URL: url.toString(),
    AUTH_SECRET: crypto.randomBytes(36).toString('base64'),
    TOKEN_ENCRYPTION_KEYS: `1:${crypto.randomBytes(32).toString('base64')}`,
    LOG_LEVEL: 'warn',
    RATE_LIMIT_PER_IP: '100000000',
    RATE_LIMIT_PER_USER: '100000000',
    CRESCENDO_SKIP_WEB_BUILD: 'true',
    SEED_DEMO_CONNECTIONS: 'false',
    SYNC_WORKER: 'false',
  };
  const first = await startProduct({ ...shared, SEED_DEMO: 'true' });
  const second = await startProduct({ ...shared, SEED_DEMO: 'false' });
  try {
    const token = await signInDemoArtist(first.url);
    const headers = bearer(token);
    const half = { duration: seconds, connections: 20, overallRate: offered / 2, workers: 1 };
    const [a, b] = await Promise.all([
      load(`${first.url}/api/v1/auth/me`, headers, half),
      load(`${second.url}/api/v1/auth/me`, headers, half),
    ]);
    return {
      scenario: `PostgreSQL, two processes, GET /api/v1/auth/me offered at ${offered / 2} req/s each for ${seconds} s`,
      offeredPerSecond: offered,
      processes: [a, b],
      totalPerSecond: Math.round(a.perSecond + b.perSecond),
      totalErrors: a.errors + b.errors + a.non2xx + b.non2xx,
      target: '1,000 req/s, 0 errors',
    };
  } finally {
    await Promise.all([first.stop(), second.stop()]);
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

const result: Record<string, unknown> = { date: new Date().toISOString() };
if (part === 'all' || part === '1') result.slowGoogle = await partOne();
if (part === 'all' || part === '2') result.twoProcesses = await partTwo();
console.log(JSON.stringify(result, null, 2));
writeResult(part === 'all' ? 'security' : `security-part${part}`, result);
process.exit(0);
