/**
 * Where an incremental daily sync's time goes (issue 30): one `mid` artist (YouTube + Meta) is
 * seeded into a fresh PostgreSQL database, then each connection is re-synced from five days back
 * (what bench/scale.ts measures), `--runs` times. The sandbox runs in its own process, so the
 * process CPU time (process.cpuUsage) is the worker's own. Every platform request and every SQL
 * statement is counted and timed (wall time, overlapping when concurrent).
 * Usage: npx tsx bench/sync-profile.ts [--mid-days=1095] [--runs=5]
 */
import { execSync } from 'node:child_process';
import pg from 'pg';
import { eq } from 'drizzle-orm';
import { openDatabase } from '../apps/api/src/db/client';
import { platformConnections } from '../apps/api/src/db/schema';
import { addDays } from '../apps/api/src/lib/days';
import { listConnectionRows } from '../apps/api/src/modules/connections';
import { runConnectionSync } from '../apps/api/src/modules/sync';
import { seedScale } from '../apps/api/src/seed/scale';
import { readNumberFlag } from './lib/bench-database';
import { writeResult } from './lib/server';
import {
  benchLastDay,
  createBenchDatabase,
  createBenchServices,
  startSandboxProcess,
} from './lib/sync-setup';

const midDays = readNumberFlag('mid-days', 1095);
const runs = readNumberFlag('runs', 5);

type Tally = { count: number; ms: number };
const http = new Map<string, Tally>();
const sqlTally = new Map<string, Tally>();
let isCounting = false;
const add = (map: Map<string, Tally>, key: string, ms: number) => {
  if (!isCounting) return;
  const tally = map.get(key) ?? { count: 0, ms: 0 };
  tally.count += 1;
  tally.ms += ms;
  map.set(key, tally);
};

const originalFetch = globalThis.fetch;
globalThis.fetch = async (input, init) => {
  const url = new URL(
    typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
  );
  let key = url.pathname.replace(/\/\d{6,}/g, '/{id}').replace(/\/v21\.0/, '');
  if (url.searchParams.get('dimensions'))
    key += ` dimensions=${url.searchParams.get('dimensions')}`;
  if (url.searchParams.get('metric_type')) key += ` ${url.searchParams.get('metric_type')}`;
  const started = performance.now();
  try {
    return await originalFetch(input, init);
  } finally {
    add(http, key, performance.now() - started);
  }
};
const originalQuery = pg.Client.prototype.query;
// Every statement goes through a client's query, by promise or (the pool's own) by callback.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
(pg.Client.prototype as any).query = function (this: pg.Client, ...args: any[]) {
  const text: string = typeof args[0] === 'string' ? args[0] : (args[0]?.text ?? '');
  const key = text.replace(/\s+/g, ' ').slice(0, 70);
  const started = performance.now();
  const last = args.at(-1);
  if (typeof last === 'function') {
    args[args.length - 1] = (...results: unknown[]) => {
      add(sqlTally, key, performance.now() - started);
      return last(...results);
    };
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    return (originalQuery as any).apply(this, args);
  }
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const result = (originalQuery as any).apply(this, args);
  if (result && typeof result.then === 'function') {
    return result.finally(() => add(sqlTally, key, performance.now() - started));
  }
  return result;
};

const database = await createBenchDatabase('crescendo_sync_profile');
const sandbox = await startSandboxProcess();
const handle = await openDatabase({ kind: 'postgres', url: database.url, poolMax: 10 });
const db = handle.db;
try {
  const services = createBenchServices(sandbox.url, midDays);
  const [organizationId] = (await seedScale(db, services, { organizations: 1, persona: 'mid' }))
    .organizationIds;
  const perRun: Record<string, { wallMs: number; cpuMs: number }[]> = {};
  for (let run = 0; run < runs; run += 1) {
    isCounting = run > 0; // the first run warms up
    for (const connection of await listConnectionRows(db, organizationId!)) {
      await db
        .update(platformConnections)
        .set({ syncedThrough: addDays(benchLastDay, -5) })
        .where(eq(platformConnections.id, connection.id));
      const cpu = process.cpuUsage();
      const started = performance.now();
      await runConnectionSync(
        db,
        services,
        { connectionId: connection.id, organizationId: organizationId! },
        new AbortController().signal,
      );
      const used = process.cpuUsage(cpu);
      (perRun[connection.provider] ??= []).push({
        wallMs: Math.round(performance.now() - started),
        cpuMs: Math.round((used.user + used.system) / 1000),
      });
    }
  }
  const measuredRuns = runs - 1;
  const sortTallies = (map: Map<string, Tally>) =>
    Object.fromEntries(
      [...map]
        .sort((a, b) => b[1].ms - a[1].ms)
        .map(([key, tally]) => [
          key,
          {
            perSync: Number((tally.count / measuredRuns).toFixed(1)),
            msPerSync: Math.round(tally.ms / measuredRuns),
          },
        ]),
    );
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;
  const result = {
    database: 'postgres',
    artist: `mid, YouTube + Meta, ${midDays} days, re-synced from five days back`,
    runs: measuredRuns,
    perConnection: Object.fromEntries(
      Object.entries(perRun).map(([provider, list]) => [
        provider,
        {
          wallMsMedian: median(list.slice(1).map((entry) => entry.wallMs)),
          cpuMsMedian: median(list.slice(1).map((entry) => entry.cpuMs)),
        },
      ]),
    ),
    httpRequests: sortTallies(http),
    sqlStatements: sortTallies(sqlTally),
    uptime: execSync('uptime').toString().trim(),
    date: new Date().toISOString(),
  };
  console.log(JSON.stringify(result, null, 2));
  writeResult(process.env.PROFILE_NAME ?? 'sync-profile-postgres', result);
} finally {
  await handle.close();
  await sandbox.stop();
  await database.drop();
}
