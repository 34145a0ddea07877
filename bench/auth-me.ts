import crypto from 'node:crypto';
/**
 * GET /api/v1/auth/me with a valid token under autocannon, beside a bare node:http server that
 * returns the same JSON, in the same run. Targets: ratio ≥ 25 %, p99 ≤ 10 ms at 1,000 req/s on
 * PostgreSQL. Usage: npx tsx bench/auth-me.ts [--database=postgres|pglite] [--duration=10]
 */
import http from 'node:http';
import autocannon from 'autocannon';
import pg from 'pg';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, signInDemoArtist, startProduct, writeResult } from './lib/server';

const argument = (name: string, fallback: string) =>
  process.argv.find((value) => value.startsWith(`--${name}=`))?.split('=')[1] ?? fallback;
const database = argument('database', 'postgres');
const duration = Number(argument('duration', '10'));
const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

async function run(url: string, headers: Record<string, string>, rate?: number) {
  const result = await autocannon({
    url,
    headers,
    connections: rate ? 20 : 50,
    pipelining: 1,
    duration,
    ...(rate ? { overallRate: rate } : {}),
  });
  return {
    requestsPerSecond: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'crescendo-bench-'));
const env: Record<string, string> = {
  CRESCENDO_DATA_DIR: dataDir,
  LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
  RATE_LIMIT_PER_IP: '100000000',
  RATE_LIMIT_PER_USER: '100000000',
  CRESCENDO_SKIP_WEB_BUILD: 'true',
  // The demo artist's background sync of sandbox data would compete with the measured requests.
  SEED_DEMO_CONNECTIONS: 'false',
};
let databaseName: string | null = null;
if (database === 'postgres') {
  databaseName = `crescendo_bench_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${databaseName} with (force)`);
  await admin.query(`create database ${databaseName}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${databaseName}`;
  env.DATABASE_URL = url.toString();
  env.SEED_DEMO = 'true';
  // A shared database needs shared secrets (the product refuses to start without them).
  env.AUTH_SECRET = crypto.randomBytes(36).toString('base64');
  env.TOKEN_ENCRYPTION_KEYS = `1:${crypto.randomBytes(32).toString('base64')}`;
}

const product = await startProduct(env);
try {
  const token = await signInDemoArtist(product.url);
  const meUrl = `${product.url}/api/v1/auth/me`;
  const headers = { authorization: `Bearer ${token}` };
  const sample = await (await fetch(meUrl, { headers })).text();

  const barePort = await freePort();
  const bare = http.createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
    response.end(sample);
  });
  await new Promise<void>((resolve) => bare.listen(barePort, '127.0.0.1', resolve));
  const bareUrl = `http://127.0.0.1:${barePort}/api/v1/auth/me`;

  await run(meUrl, headers); // warm-up
  const api = await run(meUrl, headers);
  const baseline = await run(bareUrl, headers);
  const apiAt1000 = await run(meUrl, headers, 1000);
  bare.close();

  const result = {
    database,
    logLevel: env.LOG_LEVEL,
    durationSeconds: duration,
    cpus: os.cpus().length,
    api,
    bareNodeHttp: baseline,
    ratio: Number((api.requestsPerSecond / baseline.requestsPerSecond).toFixed(3)),
    apiAt1000RequestsPerSecond: apiAt1000,
    targets: { ratio: '>= 0.25', p99At1000Ms: '<= 10' },
  };
  console.table({
    api: api,
    'bare node:http': baseline,
    'api @1000 req/s': apiAt1000,
  });
  console.log(`ratio api/bare = ${(result.ratio * 100).toFixed(1)} %`);
  writeResult(`auth-me-${database}`, result);
} finally {
  await product.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
  if (databaseName) {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${databaseName} with (force)`);
    await admin.end();
  }
}
