/**
 * Platform sync benchmarks: first-sync backfill of the sandbox's `mid` persona (YouTube, 3 years
 * of daily channel and per-video metrics; target ≤ 30 s and ≤ 400 MB peak RSS on PostgreSQL,
 * ≤ 60 s on PGlite), and an incremental daily sync of the `large` persona (target ≤ 10 s).
 * The sandbox runs in this process over real HTTP; wall time includes it.
 * Usage: npx tsx bench/sync-backfill.ts [--database=pglite|postgres] (postgres uses
 * BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test).
 */
import crypto from 'node:crypto';
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

const target = process.argv.find((value) => value.startsWith('--database='))?.split('=')[1] ?? 'pglite'; // prettier-ignore
const now = '2025-06-15T12:00:00Z';

async function openBenchDatabase(): Promise<DatabaseHandle> {
  if (target === 'pglite') return openDatabase({ kind: 'pglite-memory' });
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
  await runConnectionSync(database.db, services, { connectionId: connection.id, organizationId: connection.organizationId }, new AbortController().signal); // prettier-ignore
  const [row] = await database.db.select().from(platformConnections).where(eq(platformConnections.id, connection.id)); // prettier-ignore
  if (row?.status !== 'connected') throw new Error(`sync ended ${row?.status}: ${row?.syncError}`);
  return (performance.now() - started) / 1000;
}

const mid = await connect('mid');
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
console.log(
  JSON.stringify(
    {
      database: target,
      midBackfill: { seconds: Number(backfillSeconds.toFixed(1)), peakRssMb: backfillPeakMb },
      largeIncremental: { seconds: Number(incrementalSeconds.toFixed(1)) },
    },
    null,
    2,
  ),
);
await database.close();
await sandbox.close();
