/**
 * The revenue endpoint (issue 26: p99 ≤ 30 ms at 100 req/s with 36 months of statements for 20
 * songs). One artist on the Team plan (its history window reaches 36 months) with 36 months × 20
 * songs × 8 stores × 10 countries = 57,600 statement lines (DistroKid, TuneCore for two stores),
 * written through the tests' statement factory. Over real HTTP (keep-alive):
 * - uncached p50/p95/p99 of each grouping over the whole history, sampled one at a time with the
 *   organisation's analytics version moved before each sample (as an import's write would);
 * - p99 under an open-loop, evenly spaced 100 req/s (bench/lib/open-loop.ts) for
 *   `--rate-seconds`, uncached (600 distinct periods sent in turn, more than the response cache
 *   keeps, so every answer is computed) and cached (one query, figures unchanged).
 * Usage: npx tsx bench/revenue.ts [--database=postgres|pglite] [--samples=200] [--rate-seconds=10]
 */
import http from 'node:http';
import os from 'node:os';
import { sql } from 'drizzle-orm';
import { revenueGroupings, type RevenueResponse } from '@crescendo/contracts';
import { bearer, buildTestApp, createUser } from '../apps/api/src/testing/build-test-app';
import { tuneGarbageCollection } from '../apps/api/src/runtime/garbage-collection';
import {
  createCatalogue,
  insertImport,
  insertRelease,
  insertSong,
  insertStatementLines,
  shiftMonth,
  type TestLine,
} from '../apps/api/src/testing/statements';
import { subscribe } from '../apps/api/src/testing/teams';
import { addDays } from '../apps/api/src/lib/days';
import { openLoop } from './lib/open-loop';
import { writeResult } from './lib/server';

const argument = (name: string, fallback: string) =>
  process.argv.find((value) => value.startsWith(`--${name}=`))?.split('=')[1] ?? fallback;
const target = argument('database', 'postgres') as 'postgres' | 'pglite';
const samples = Number(argument('samples', '200'));
const rateSeconds = Number(argument('rate-seconds', '10'));
process.env.TEST_DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/test';

const percentile = (values: number[], share: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return Number(
    sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * share) - 1)]!.toFixed(2),
  );
};

tuneGarbageCollection();
// The machine is shared: its load beside the figures says how far to trust the tail.
const loadAtStart = os.loadavg().map((value) => Number(value.toFixed(2)));
const testApp = await buildTestApp(target, {
  env: {
    RATE_LIMIT_PER_IP: '100000000',
    RATE_LIMIT_PER_USER: '100000000',
    USER_CACHE_TTL_MS: '1000',
  },
});
const user = await createUser(testApp, 'customer');
const organizationId = user.me.organization.id;
await subscribe(testApp, organizationId, 'team');
await new Promise((resolve) => setTimeout(resolve, 1_100));

// ── 36 months of statements for 20 songs ──
const { db } = testApp.database;
const catalogue = createCatalogue();
const thisMonth = new Date().toISOString().slice(0, 7);
for (let release = 0; release < 5; release += 1) {
  await insertRelease(db, organizationId, catalogue, {
    upc: `0${String(123456789000 + release)}`,
    title: `Release ${release + 1}`,
  });
}
const isrcs: string[] = [];
for (let song = 0; song < 20; song += 1) {
  const isrc = `USBEN24${String(song + 1).padStart(5, '0')}`;
  isrcs.push(isrc);
  await insertSong(db, organizationId, catalogue, {
    isrc,
    title: `Song ${song + 1}`,
    releaseUpc: `0${String(123456789000 + Math.floor(song / 4))}`,
  });
}
const stores = [
  'spotify',
  'apple_music',
  'youtube_music',
  'amazon_music',
  'deezer',
  'tidal',
  'itunes',
  'tiktok',
];
const countries = ['US', 'GB', 'DE', 'FR', 'BR', 'MX', 'JP', 'SE', 'NL', 'CA'];
let seed = 7;
const random = () => {
  seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
  return seed / 2_147_483_648;
};
const lines: TestLine[] = [];
for (let offset = -36; offset <= -1; offset += 1) {
  for (const isrc of isrcs) {
    for (const store of stores) {
      for (const country of countries) {
        const quantity = Math.floor(random() * 20_000) + 1;
        lines.push({
          source: store === 'tidal' || store === 'deezer' ? 'tunecore' : 'distrokid',
          saleMonth: shiftMonth(thisMonth, offset),
          store,
          country,
          isrc,
          quantity,
          earnings: (quantity * (0.001 + random() * 0.006)).toFixed(10),
        });
      }
    }
  }
}
const importId = await insertImport(db, organizationId, { source: 'distrokid' });
const insertStarted = performance.now();
await insertStatementLines(db, organizationId, catalogue, lines, { importId });
const insertSeconds = Number(((performance.now() - insertStarted) / 1000).toFixed(1));
await db.execute(sql`analyze`);
console.log(`${lines.length} lines inserted in ${insertSeconds} s`);

await testApp.app.listen({ port: 0, host: '127.0.0.1' });
const address = testApp.app.server.address();
const port = typeof address === 'object' && address ? address.port : 0;
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
const get = (path: string) =>
  new Promise<{ status: number; body: string }>((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path, agent, headers: bearer(user.token) }, (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk) => (body += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
      })
      .on('error', reject);
  });
const moveAnalyticsVersion = () =>
  db.execute(
    sql`update organizations set analytics_version = analytics_version + 1 where id = ${organizationId}`,
  );

// Sanity: the whole history is read, and the total is every line's.
const all = JSON.parse(
  (await get('/api/dashboard/revenue?range=all&groupBy=month')).body,
) as RevenueResponse;
if (all.rows.length < 35) throw new Error(`expected 36 months, got ${all.rows.length}`);

// ── uncached, one request at a time ──
const uncached: Record<string, { p50: number; p95: number; p99: number }> = {};
for (const groupBy of revenueGroupings) {
  const path = `/api/dashboard/revenue?range=all&groupBy=${groupBy}`;
  const durations: number[] = [];
  for (let index = 0; index < samples + 5; index += 1) {
    await moveAnalyticsVersion();
    const started = performance.now();
    const response = await get(path);
    if (response.status !== 200) throw new Error(`${path}: ${response.status} ${response.body}`);
    if (index >= 5) durations.push(performance.now() - started);
  }
  uncached[groupBy] = {
    p50: percentile(durations, 0.5),
    p95: percentile(durations, 0.95),
    p99: percentile(durations, 0.99),
  };
  console.log(`uncached ${groupBy}`, uncached[groupBy]);
}

// ── open loop, 100 req/s ──
const yesterday = addDays(new Date().toISOString().slice(0, 10), -1);
const earliest = addDays(new Date().toISOString().slice(0, 10), -1094);
async function atHundredPerSecond(groupBy: string, isCached: boolean) {
  const base = `http://127.0.0.1:${port}/api/dashboard/revenue?groupBy=${groupBy}`;
  const result = await openLoop({
    url: `${base}&range=all`,
    ...(isCached
      ? {}
      : {
          // 600 distinct periods (more than the 500 answers the cache keeps), sent in turn.
          urls: Array.from(
            { length: 600 },
            (_, index) => `${base}&from=${earliest}&to=${addDays(yesterday, -index)}`,
          ),
        }),
    headers: bearer(user.token),
    rate: 100,
    duration: rateSeconds,
  });
  if (result.errors + result.non2xx > 0)
    throw new Error(`${groupBy}: ${result.errors} errors, ${result.non2xx} non-2xx under load`);
  return result;
}
const underLoad: Record<string, unknown> = {};
for (const [groupBy, isCached] of [
  ['month', false],
  ['song', false],
  ['store', false],
  ['song', true],
] as const) {
  const result = await atHundredPerSecond(groupBy, isCached);
  underLoad[`${groupBy}-${isCached ? 'cached' : 'uncached'}`] = {
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    maxMs: result.latency.max,
    perSecond: result.perSecond,
  };
  console.log(`100 req/s ${groupBy} ${isCached ? 'cached' : 'uncached'}`, result.latency);
}

agent.destroy();
await testApp.close();
writeResult(`revenue-${target}`, {
  database: target,
  lines: lines.length,
  songs: isrcs.length,
  months: 36,
  insertSeconds,
  samples,
  rateSeconds,
  uncachedSequentialMs: uncached,
  openLoop100PerSecond: underLoad,
  targetP99Ms: 30,
  loadAverage: {
    atStart: loadAtStart,
    atEnd: os.loadavg().map((value) => Number(value.toFixed(2))),
  },
});
