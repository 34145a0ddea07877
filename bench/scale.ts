/**
 * Scale benchmark on PostgreSQL (issue 30): the same `mid` artist (YouTube + Meta, the sandbox's
 * deterministic data) measured alone in its database, then again after `--organizations` − 1
 * other artists (the `small` persona, `--filler-days` of history each) are seeded beside it, in
 * one run on one database:
 * - each dashboard read's p50/p95/p99, uncached: the analytics services called directly as the
 *   routes call them (the response cache lives in the routes), so the figures are the database
 *   reads and their processing, without HTTP; `--samples` sequential samples per read after 3
 *   warm-ups, the reads alternating so all see the same machine;
 * - the worker time of that artist's incremental daily sync (every connection re-synced from
 *   five days back), median of 3, at both sizes.
 * Before each measurement `vacuum analyze` stands in for autovacuum having caught up after the
 * bulk seed (syncs no longer analyze, issue 30); it is not counted in any figure.
 * Usage: npx tsx bench/scale.ts [--organizations=100] [--filler-days=365] [--mid-days=1095]
 *        [--samples=30]   (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test)
 */
import crypto from 'node:crypto';
import pg from 'pg';
import { eq, sql } from 'drizzle-orm';
import {
  contentQuerySchema,
  dashboardQuerySchema,
  overviewQuerySchema,
  roiQuerySchema,
} from '@crescendo/contracts';
import { startSandboxServer } from '@crescendo/platform-sandbox';
import { loadConfig } from '../apps/api/src/config/env';
import { openDatabase } from '../apps/api/src/db/client';
import { platformConnections } from '../apps/api/src/db/schema';
import { addDays } from '../apps/api/src/lib/days';
import { createTokenCipher } from '../apps/api/src/lib/token-cipher';
import {
  getAudience,
  getContent,
  getDashboardAnalytics,
  getRoi,
} from '../apps/api/src/modules/analytics';
import { listConnectionRows } from '../apps/api/src/modules/connections';
import { createPlatformServices, type PlatformServices } from '../apps/api/src/modules/providers';
import { runConnectionSync } from '../apps/api/src/modules/sync';
import { findUserByIdentity } from '../apps/api/src/modules/users';
import { scaleSeedIssuer, seedScale } from '../apps/api/src/seed/scale';
import { writeResult } from './lib/server';

function readNumber(name: string, fallback: number): number {
  const value = process.argv.find((arg) => arg.startsWith(`--${name}=`))?.split('=')[1];
  return value ? Number(value) : fallback;
}
const organizations = readNumber('organizations', 100);
const fillerDays = readNumber('filler-days', 365);
const midDays = readNumber('mid-days', 1095);
const samples = readNumber('samples', 30);
const now = '2025-06-15T12:00:00Z';
const lastDay = '2025-06-13';

const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const name = `crescendo_scale_${crypto.randomBytes(4).toString('hex')}`;
const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
await admin.query(`create database ${name}`);
await admin.end();
const url = new URL(adminUrl);
url.pathname = `/${name}`;
const database = await openDatabase({ kind: 'postgres', url: url.toString(), poolMax: 10 });
const db = database.db;
const sandbox = await startSandboxServer({ port: 0, now });
const config = loadConfig({
  GOOGLE_CLIENT_ID: 'sandbox-google-client-id',
  GOOGLE_CLIENT_SECRET: 'sandbox-google-client-secret',
  GOOGLE_TOKEN_URL: `${sandbox.url}/oauth2/token`,
  YOUTUBE_DATA_URL: `${sandbox.url}/youtube/v3`,
  YOUTUBE_ANALYTICS_URL: `${sandbox.url}/youtubeanalytics/v2`,
  META_APP_ID: 'sandbox-meta-app-id',
  META_APP_SECRET: 'sandbox-meta-app-secret',
  META_GRAPH_URL: `${sandbox.url}/graph/v21.0`,
  CRESCENDO_DATA_DIR: '/tmp/crescendo-bench-scale',
});
const cipher = createTokenCipher(new Map([[1, crypto.randomBytes(32)]]));
function createServices(backfillDays: number): PlatformServices {
  return createPlatformServices({
    config: config.platforms,
    appUrl: config.appUrl,
    cipher,
    fetch,
    backfillDays,
    now: () => new Date(now),
  });
}

const seconds = (started: number) => (performance.now() - started) / 1000;
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;

async function readDatabaseBytes(): Promise<number> {
  const result = await db.execute(sql`select pg_database_size(current_database()) as bytes`);
  return Number((result as unknown as { rows: { bytes: string }[] }).rows[0]!.bytes);
}

async function measureReads(user: Awaited<ReturnType<typeof findUser>>) {
  const range = (days: number) => ({ from: addDays(lastDay, -(days - 1)), to: lastDay });
  const reads: Record<string, () => Promise<unknown>> = {
    'overview 28d': () => getDashboardAnalytics(db, user, overviewQuerySchema.parse(range(28))),
    'overview 365d': () => getDashboardAnalytics(db, user, overviewQuerySchema.parse(range(365))),
    'audience 28d': () => getAudience(db, user, dashboardQuerySchema.parse(range(28))),
    'audience 365d': () => getAudience(db, user, dashboardQuerySchema.parse(range(365))),
    'content 28d': () => getContent(db, user, contentQuerySchema.parse(range(28))),
    'content 365d': () => getContent(db, user, contentQuerySchema.parse(range(365))),
    // ROI reads only the user's organisation; the seeded artist has no access record to pass.
    'roi 365d': () =>
      getRoi(db, user as Parameters<typeof getRoi>[1], roiQuerySchema.parse(range(365))),
  };
  const timings: Record<string, number[]> = Object.fromEntries(
    Object.keys(reads).map((key) => [key, []]),
  );
  for (let round = 0; round < samples + 3; round += 1) {
    for (const [key, read] of Object.entries(reads)) {
      const started = performance.now();
      await read();
      if (round >= 3) timings[key]!.push(performance.now() - started);
    }
  }
  return Object.fromEntries(
    Object.entries(timings).map(([key, values]) => {
      const sorted = values.sort((a, b) => a - b);
      const round2 = (value: number) => Number(value.toFixed(2));
      return [
        key,
        {
          p50: round2(percentile(sorted, 50)),
          p95: round2(percentile(sorted, 95)),
          p99: round2(percentile(sorted, 99)),
        },
      ];
    }),
  );
}

/** The worker time of the artist's daily sync: each connection re-synced from five days back. */
async function measureIncrementalSync(organizationId: string, services: PlatformServices) {
  const runs: number[] = [];
  for (let run = 0; run < 3; run += 1) {
    let total = 0;
    for (const connection of await listConnectionRows(db, organizationId)) {
      await db
        .update(platformConnections)
        .set({ syncedThrough: addDays(lastDay, -5) })
        .where(eq(platformConnections.id, connection.id));
      const started = performance.now();
      await runConnectionSync(
        db,
        services,
        { connectionId: connection.id, organizationId },
        new AbortController().signal,
      );
      total += seconds(started);
    }
    runs.push(total);
  }
  return Number(median(runs).toFixed(2));
}

async function findUser(subject: string) {
  const found = await findUserByIdentity(db, scaleSeedIssuer, subject, null);
  if (!found) throw new Error(`no seeded artist ${subject}`);
  return found.user;
}

async function measureSize(label: string, organizationId: string, services: PlatformServices) {
  await db.execute(sql`vacuum analyze`);
  const user = await findUser('scale-mid-1');
  const reads = await measureReads(user);
  const incrementalSyncSeconds = await measureIncrementalSync(organizationId, services);
  await db.execute(sql`vacuum analyze`);
  const databaseMb = Math.round((await readDatabaseBytes()) / 1024 / 1024);
  console.log(label, JSON.stringify({ databaseMb, incrementalSyncSeconds }));
  return { databaseMb, reads, incrementalSyncSeconds };
}

try {
  const midServices = createServices(midDays);
  let started = performance.now();
  const [organizationId] = (await seedScale(db, midServices, { organizations: 1, persona: 'mid' }))
    .organizationIds;
  const midSeedSeconds = seconds(started);
  const one = await measureSize('1 organisation', organizationId!, midServices);

  started = performance.now();
  await seedScale(db, createServices(fillerDays), {
    organizations: organizations - 1,
    persona: 'small',
    onProgress: (done, total) => done % 10 === 0 && console.log(`${done}/${total} seeded`),
  });
  const fillerSeedSeconds = seconds(started);
  const many = await measureSize(`${organizations} organisations`, organizationId!, midServices);

  const fillerMb = (many.databaseMb - one.databaseMb) / Math.max(1, organizations - 1);
  const perFillerSeconds = fillerSeedSeconds / Math.max(1, organizations - 1);
  const readsSideBySide = Object.fromEntries(
    Object.entries(one.reads).map(([key, at1]) => {
      const atN = many.reads[key]!;
      return [
        key,
        {
          at1,
          [`at${organizations}`]: atN,
          ratioP50: Number((atN.p50 / at1.p50).toFixed(2)),
          ratioP95: Number((atN.p95 / at1.p95).toFixed(2)),
          ratioP99: Number((atN.p99 / at1.p99).toFixed(2)),
        },
      ];
    }),
  );
  const result = {
    database: 'postgres',
    organizations,
    measuredArtist: `mid, YouTube + Meta, ${midDays} days`,
    otherArtists: `small, YouTube + Meta, ${fillerDays} days`,
    samplesPerRead: samples,
    readsMs: readsSideBySide,
    incrementalSyncSecondsPerArtist: {
      at1: one.incrementalSyncSeconds,
      [`at${organizations}`]: many.incrementalSyncSeconds,
    },
    databaseMb: { at1: one.databaseMb, [`at${organizations}`]: many.databaseMb },
    seeding: {
      midArtistSeconds: Number(midSeedSeconds.toFixed(1)),
      perSmallArtistSeconds: Number(perFillerSeconds.toFixed(2)),
      perSmallArtistMb: Number(fillerMb.toFixed(2)),
    },
    // Extrapolated from this run, not measured: 1,000 artists of the same filler persona.
    thousandOrganizationsWouldNeed: {
      diskGb: Number(((one.databaseMb + 999 * fillerMb) / 1024).toFixed(1)),
      seedHoursOneWorker: Number(((999 * perFillerSeconds) / 3600).toFixed(1)),
    },
    date: new Date().toISOString(),
  };
  console.log(JSON.stringify(result, null, 2));
  writeResult('scale-postgres', result);
} finally {
  await database.close();
  await sandbox.close();
  const cleanup = new pg.Client({ connectionString: adminUrl });
  await cleanup.connect();
  await cleanup.query(`drop database if exists ${name} with (force)`);
  await cleanup.end();
}
