/**
 * Scale benchmark on PostgreSQL (issue 30): the same `mid` artist (YouTube + Meta, the sandbox's
 * deterministic data) in two databases of one server, side by side in one run: alone in one, and
 * beside `--organizations` − 1 other artists (the `small` persona, `--filler-days` of history
 * each) in the other:
 * - each dashboard read's p50/p95/p99, uncached: the analytics services called directly as the
 *   routes call them (the response cache lives in the routes), so the figures are the database
 *   reads and their processing, without HTTP; `--samples` sequential samples per read after 3
 *   warm-ups, each sample taken on both databases one after the other (the first of the two
 *   alternating), so both sizes see the same machine at the same moment. Take 1,000 samples for
 *   p99: with 200 it is the second-slowest sample and its ratio swings 0.7–1.4× between runs;
 *   `--organizations=1` is an A/A run (both databases the same) that shows the noise itself;
 * - the worker time of that artist's incremental daily sync (every connection re-synced from
 *   five days back), median of 3, at both sizes: wall time, and the process's CPU time
 *   (process.cpuUsage), which depends less on the machine's load. The sandbox runs in its own
 *   process so that CPU time is the worker's alone; `uptime` is recorded beside the figures.
 * Before each measurement `vacuum analyze` stands in for autovacuum having caught up after the
 * bulk seed (syncs no longer analyze, issue 30), and a `checkpoint` writes the seed's dirty
 * pages out; neither is counted in any figure.
 * Usage: npx tsx bench/scale.ts [--organizations=100] [--filler-days=365] [--mid-days=1095]
 *        [--samples=30] [--concurrency=3] [--keep]   (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test)
 */
import { execSync } from 'node:child_process';
import { eq, sql } from 'drizzle-orm';
import {
  contentQuerySchema,
  dashboardQuerySchema,
  overviewQuerySchema,
  roiQuerySchema,
} from '@crescendo/contracts';
import { openDatabase, type DatabaseHandle } from '../apps/api/src/db/client';
import { platformConnections } from '../apps/api/src/db/schema';
import { addDays } from '../apps/api/src/lib/days';
import {
  getAudience,
  getContent,
  getDashboardAnalytics,
  getRoi,
} from '../apps/api/src/modules/analytics';
import { listConnectionRows } from '../apps/api/src/modules/connections';
import type { PlatformServices } from '../apps/api/src/modules/providers';
import { runConnectionSync } from '../apps/api/src/modules/sync';
import { findUserByIdentity } from '../apps/api/src/modules/users';
import { scaleSeedIssuer, seedScale } from '../apps/api/src/seed/scale';
import { readNumberFlag } from './lib/bench-database';
import { writeResult } from './lib/server';
import {
  benchLastDay,
  createBenchDatabase,
  createBenchServices,
  startSandboxProcess,
} from './lib/sync-setup';

const organizations = readNumberFlag('organizations', 100);
const fillerDays = readNumberFlag('filler-days', 365);
const midDays = readNumberFlag('mid-days', 1095);
const samples = readNumberFlag('samples', 30);
const concurrency = readNumberFlag('concurrency', 3);
const lastDay = benchLastDay;
// With --organizations=1 both databases hold the one artist: the ratios then show the
// measurement's own noise (an A/A run).
const crowdedKey = organizations === 1 ? 'at1SecondDatabase' : `at${organizations}`;

const benchDatabases = [
  await createBenchDatabase('crescendo_scale_alone'),
  await createBenchDatabase('crescendo_scale'),
];
console.log(
  'databases:',
  benchDatabases.map((bench) => new URL(bench.url).pathname.slice(1)).join(', '),
);
const [aloneDatabase, crowdedDatabase] = await Promise.all(
  benchDatabases.map((bench) => openDatabase({ kind: 'postgres', url: bench.url, poolMax: 10 })),
);
type Db = DatabaseHandle['db'];
const sandbox = await startSandboxProcess();
const createServices = (backfillDays: number): PlatformServices =>
  createBenchServices(sandbox.url, backfillDays);

const seconds = (started: number) => (performance.now() - started) / 1000;
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;

async function readDatabaseBytes(db: Db): Promise<number> {
  const result = await db.execute(sql`select pg_database_size(current_database()) as bytes`);
  return Number((result as unknown as { rows: { bytes: string }[] }).rows[0]!.bytes);
}

type Percentiles = { p50: number; p95: number; p99: number };

/** Every read, sampled on both databases one right after the other (the first alternating). */
async function measureReadsSideBySide(
  sides: { db: Db; user: Awaited<ReturnType<typeof findUser>> }[],
): Promise<Record<string, Percentiles>[]> {
  const range = (days: number) => ({ from: addDays(lastDay, -(days - 1)), to: lastDay });
  const readsOf = ({
    db,
    user,
  }: (typeof sides)[number]): Record<string, () => Promise<unknown>> => ({
    'overview 28d': () => getDashboardAnalytics(db, user, overviewQuerySchema.parse(range(28))),
    'overview 365d': () => getDashboardAnalytics(db, user, overviewQuerySchema.parse(range(365))),
    'audience 28d': () => getAudience(db, user, dashboardQuerySchema.parse(range(28))),
    'audience 365d': () => getAudience(db, user, dashboardQuerySchema.parse(range(365))),
    'content 28d': () => getContent(db, user, contentQuerySchema.parse(range(28))),
    'content 365d': () => getContent(db, user, contentQuerySchema.parse(range(365))),
    // ROI reads only the user's organisation; the seeded artist has no access record to pass.
    'roi 365d': () =>
      getRoi(db, user as Parameters<typeof getRoi>[1], roiQuerySchema.parse(range(365))),
  });
  const reads = sides.map(readsOf);
  const timings = sides.map(() => new Map<string, number[]>());
  for (let round = 0; round < samples + 3; round += 1) {
    for (const key of Object.keys(reads[0]!)) {
      const order = round % 2 === 0 ? [0, 1] : [1, 0];
      for (const side of order) {
        const started = performance.now();
        await reads[side]![key]!();
        if (round < 3) continue;
        const values = timings[side]!.get(key) ?? [];
        values.push(performance.now() - started);
        timings[side]!.set(key, values);
      }
    }
  }
  const round2 = (value: number) => Number(value.toFixed(2));
  return timings.map((byKey) =>
    Object.fromEntries(
      [...byKey].map(([key, values]) => {
        const sorted = values.sort((a, b) => a - b);
        return [
          key,
          {
            p50: round2(percentile(sorted, 50)),
            p95: round2(percentile(sorted, 95)),
            p99: round2(percentile(sorted, 99)),
          },
        ];
      }),
    ),
  );
}

/**
 * The worker time of the artist's daily sync: each connection re-synced from five days back.
 * Wall seconds and the process's CPU seconds per artist (all connections), each the median of 3.
 */
async function measureIncrementalSync(db: Db, organizationId: string, services: PlatformServices) {
  const wall: number[] = [];
  const cpu: number[] = [];
  for (let run = 0; run < 3; run += 1) {
    let wallTotal = 0;
    let cpuTotal = 0;
    for (const connection of await listConnectionRows(db, organizationId)) {
      await db
        .update(platformConnections)
        .set({ syncedThrough: addDays(lastDay, -5) })
        .where(eq(platformConnections.id, connection.id));
      const started = performance.now();
      const cpuBefore = process.cpuUsage();
      await runConnectionSync(
        db,
        services,
        { connectionId: connection.id, organizationId },
        new AbortController().signal,
      );
      const used = process.cpuUsage(cpuBefore);
      cpuTotal += (used.user + used.system) / 1e6;
      wallTotal += seconds(started);
    }
    wall.push(wallTotal);
    cpu.push(cpuTotal);
  }
  return {
    wallSeconds: Number(median(wall).toFixed(2)),
    cpuSeconds: Number(median(cpu).toFixed(2)),
    uptime: execSync('uptime').toString().trim(),
  };
}

async function findUser(db: Db, subject: string) {
  const found = await findUserByIdentity(db, scaleSeedIssuer, subject, null);
  if (!found) throw new Error(`no seeded artist ${subject}`);
  return found.user;
}

/** Statistics current and the seed's dirty pages written out, as steady traffic would leave them. */
async function settle(db: Db) {
  await db.execute(sql`vacuum analyze`);
  // The seed's hundreds of MB of dirty pages written out now, not by the checkpointer while the
  // reads are timed (steady traffic leaves no such backlog).
  await db.execute(sql`checkpoint`);
}

async function measureSync(
  label: string,
  db: Db,
  organizationId: string,
  services: PlatformServices,
) {
  const incrementalSync = await measureIncrementalSync(db, organizationId, services);
  await db.execute(sql`vacuum analyze`);
  const databaseMb = Math.round((await readDatabaseBytes(db)) / 1024 / 1024);
  console.log(label, JSON.stringify({ databaseMb, incrementalSync }));
  return { databaseMb, incrementalSync };
}

try {
  const midServices = createServices(midDays);
  let started = performance.now();
  const [organizationId] = (
    await seedScale(aloneDatabase!.db, midServices, { organizations: 1, persona: 'mid' })
  ).organizationIds;
  const midSeedSeconds = seconds(started);
  // The same artist (the sandbox is deterministic) first in the crowded database, then the rest.
  const [crowdedOrganizationId] = (
    await seedScale(crowdedDatabase!.db, midServices, { organizations: 1, persona: 'mid' })
  ).organizationIds;
  started = performance.now();
  if (organizations > 1) {
    await seedScale(crowdedDatabase!.db, createServices(fillerDays), {
      organizations: organizations - 1,
      persona: 'small',
      concurrency,
      onProgress: (done, total) => done % 10 === 0 && console.log(`${done}/${total} seeded`),
    });
  }
  const fillerSeedSeconds = seconds(started);

  const sides = [aloneDatabase!.db, crowdedDatabase!.db];
  for (const db of sides) await settle(db);
  const [readsAlone, readsCrowded] = await measureReadsSideBySide(
    await Promise.all(sides.map(async (db) => ({ db, user: await findUser(db, 'scale-mid-1') }))),
  );
  const one = {
    reads: readsAlone!,
    ...(await measureSync('1 organisation', aloneDatabase!.db, organizationId!, midServices)),
  };
  const many = {
    reads: readsCrowded!,
    ...(await measureSync(
      `${organizations} organisations`,
      crowdedDatabase!.db,
      crowdedOrganizationId!,
      midServices,
    )),
  };

  const fillerMb = (many.databaseMb - one.databaseMb) / Math.max(1, organizations - 1);
  const perFillerSeconds = fillerSeedSeconds / Math.max(1, organizations - 1);
  const readsSideBySide = Object.fromEntries(
    Object.entries(one.reads).map(([key, at1]) => {
      const atN = many.reads[key]!;
      return [
        key,
        {
          at1,
          [crowdedKey]: atN,
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
      at1: one.incrementalSync.wallSeconds,
      [crowdedKey]: many.incrementalSync.wallSeconds,
    },
    // Process CPU time of the same syncs (the sandbox answers from its own process).
    incrementalSyncCpuSecondsPerArtist: {
      at1: one.incrementalSync.cpuSeconds,
      [crowdedKey]: many.incrementalSync.cpuSeconds,
    },
    uptimeDuringSyncs: {
      at1: one.incrementalSync.uptime,
      [crowdedKey]: many.incrementalSync.uptime,
    },
    databaseMb: { at1: one.databaseMb, [crowdedKey]: many.databaseMb },
    seeding: {
      midArtistSeconds: Number(midSeedSeconds.toFixed(1)),
      perSmallArtistSeconds: Number(perFillerSeconds.toFixed(2)),
      perSmallArtistMb: Number(fillerMb.toFixed(2)),
    },
    // Extrapolated from this run, not measured: 1,000 artists of the same filler persona.
    thousandOrganizationsWouldNeed: {
      diskGb: Number(((one.databaseMb + 999 * fillerMb) / 1024).toFixed(1)),
      seedHours: Number(((999 * perFillerSeconds) / 3600).toFixed(1)),
    },
    date: new Date().toISOString(),
  };
  console.log(JSON.stringify(result, null, 2));
  writeResult('scale-postgres', result);
} finally {
  await aloneDatabase!.close();
  await crowdedDatabase!.close();
  await sandbox.stop();
  // `--keep`: both databases stay for a look at their plans (their names are printed first).
  if (!process.argv.includes('--keep')) for (const bench of benchDatabases) await bench.drop();
}
