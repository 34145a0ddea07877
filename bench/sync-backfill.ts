/**
 * Platform sync benchmarks: first-sync backfill of the sandbox's `mid` persona (YouTube, 3 years
 * of daily channel and per-video metrics; target ≤ 30 s and ≤ 400 MB peak RSS on PostgreSQL,
 * ≤ 60 s and ≤ 400 MB on PGlite), and an incremental daily sync of the `large` persona (target
 * ≤ 10 s). The sandbox runs in this process over real HTTP; wall time includes it.
 *
 * PGlite runs as the product runs it (`npm start`): on a data directory, with `npm start`'s node
 * flags (the script re-runs itself with them) and the server's V8 flag
 * (runtime/garbage-collection.ts). The directory is created by another process first,
 * because creating one (initdb inside WebAssembly) briefly takes ~800 MB of RSS, which belongs to
 * the product's first start (bench/startup.ts), not to a sync; an in-memory PGlite would also
 * count the whole synced database as RSS (Emscripten's in-memory files are JS buffers). The idle RSS before the sync is reported
 * beside the peak.
 * Usage: npx tsx bench/sync-backfill.ts [--database=pglite|postgres] (postgres uses
 * BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test).
 */
import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startSandboxServer } from '@crescendo/platform-sandbox';
import { loadConfig } from '../apps/api/src/config/env';
import { openDatabase, type DatabaseHandle } from '../apps/api/src/db/client';
import { organizations } from '../apps/api/src/db/schema';
import { createTokenCipher } from '../apps/api/src/lib/token-cipher';
import { sealTokens, upsertConnection } from '../apps/api/src/modules/connections';
import { createPlatformServices, googleScopes } from '../apps/api/src/modules/providers';
import { runConnectionSync } from '../apps/api/src/modules/sync';
import { addDays } from '../apps/api/src/lib/days';
import { platformConnections } from '../apps/api/src/db/schema';
import { eq } from 'drizzle-orm';
import { tuneGarbageCollection } from '../apps/api/src/runtime/garbage-collection';
import { startEnv, startNodeFlags, writeResult } from './lib/server';

const createPglite = process.argv
  .find((value) => value.startsWith('--create-pglite='))
  ?.split('=')[1];
if (createPglite) {
  await (await openDatabase({ kind: 'pglite', dataDir: createPglite })).close();
  process.exit(0);
}
// The measured process runs with `npm start`'s node flags and settings (decisions 0025, 0040).
if (!startNodeFlags.every((flag) => process.execArgv.includes(flag))) {
  execFileSync(
    process.execPath,
    [...startNodeFlags, ...process.execArgv, import.meta.filename, ...process.argv.slice(2)],
    { stdio: 'inherit', env: { ...process.env, ...startEnv } },
  );
  process.exit(0);
}
const target =
  process.argv.find((value) => value.startsWith('--database='))?.split('=')[1] ?? 'pglite';
const now = '2025-06-15T12:00:00Z';

async function openBenchDatabase(): Promise<DatabaseHandle> {
  if (target === 'pglite') {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'crescendo-bench-pglite-'));
    // Created by another process (this script with --create-pglite), as the product's first
    // start creates it; opened here as an existing install is.
    execFileSync(
      process.execPath,
      [...process.execArgv, import.meta.filename, `--create-pglite=${dataDir}`],
      { stdio: 'inherit' },
    );
    const handle = await openDatabase({ kind: 'pglite', dataDir });
    return {
      ...handle,
      async close() {
        await handle.close();
        fs.rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }
  const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const name = `crescendo_bench_${crypto.randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ kind: 'postgres', url: url.toString(), poolMax: 10 });
  return {
    ...handle,
    async close() {
      await handle.close();
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

// As the server's entry point does (decision 0015).
tuneGarbageCollection();
let peakRss = 0;
const sampler = setInterval(() => {
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
}, 50);

const sandbox = await startSandboxServer({ port: 0, now });
const database = await openBenchDatabase();
const config = loadConfig({
  GOOGLE_CLIENT_ID: 'sandbox-google-client-id',
  GOOGLE_CLIENT_SECRET: 'sandbox-google-client-secret',
  GOOGLE_TOKEN_URL: `${sandbox.url}/oauth2/token`,
  YOUTUBE_DATA_URL: `${sandbox.url}/youtube/v3`,
  YOUTUBE_ANALYTICS_URL: `${sandbox.url}/youtubeanalytics/v2`,
  CRESCENDO_DATA_DIR: '/tmp/crescendo-bench',
});
const services = createPlatformServices({
  config: config.platforms,
  appUrl: config.appUrl,
  cipher: createTokenCipher(new Map([[1, crypto.randomBytes(32)]])),
  fetch,
  backfillDays: 1095,
  now: () => new Date(now),
});

async function connect(persona: 'mid' | 'large') {
  const [organization] = await database.db
    .insert(organizations)
    .values({ name: `bench ${persona}` })
    .returning();
  const id = crypto.randomUUID();
  return upsertConnection(database.db, {
    id,
    organizationId: organization!.id,
    provider: 'youtube',
    externalAccountId: `bench-${persona}`,
    accountName: persona,
    ...sealTokens(services, id, {
      accessToken: `sandbox-google-token-${persona}`,
      refreshToken: `sandbox-google-refresh-${persona}`,
    }),
    scopes: googleScopes,
    isSandbox: true,
  });
}

async function timeSync(connection: { id: string; organizationId: string }) {
  const started = performance.now();
  await runConnectionSync(
    database.db,
    services,
    { connectionId: connection.id, organizationId: connection.organizationId },
    new AbortController().signal,
  );
  const [row] = await database.db
    .select()
    .from(platformConnections)
    .where(eq(platformConnections.id, connection.id));
  if (row?.status !== 'connected') throw new Error(`sync ended ${row?.status}: ${row?.syncError}`);
  return (performance.now() - started) / 1000;
}

const mid = await connect('mid');
const idleRssMb = Math.round(process.memoryUsage().rss / 1024 / 1024);
peakRss = process.memoryUsage().rss;
const backfillSeconds = await timeSync(mid);
const backfillPeakMb = Math.round(peakRss / 1024 / 1024);

// Incremental: the large persona already synced through two days before the last data day.
const large = await connect('large');
await database.db
  .update(platformConnections)
  .set({ syncedThrough: addDays(now.slice(0, 10), -5) })
  .where(eq(platformConnections.id, large.id));
const incrementalSeconds = await timeSync(large);

clearInterval(sampler);
const result = {
  database: target,
  midBackfill: {
    seconds: Number(backfillSeconds.toFixed(1)),
    idleRssMbBefore: idleRssMb,
    peakRssMb: backfillPeakMb,
  },
  largeIncremental: { seconds: Number(incrementalSeconds.toFixed(1)) },
  date: new Date().toISOString(),
};
console.log(JSON.stringify(result, null, 2));
writeResult(`sync-backfill-${target}`, result);
await database.close();
await sandbox.close();
