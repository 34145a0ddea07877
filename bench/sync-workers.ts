/**
 * Throughput of daily syncs with 1, then 2 worker processes on one PostgreSQL (issue 30):
 * `--organizations` artists (the `small` persona, YouTube + Meta, `--days` of history) are seeded,
 * then for each worker count every connection is set back five days and queued as the daily
 * schedule queues it, and that many worker processes (the product's queue worker and sync
 * handlers, bench/lib/sync-worker.ts) drain the queue. Measured: wall time until every job is
 * done, syncs per second, and each worker process's CPU time per sync (process.cpuUsage) and that
 * of the sandbox process answering them (/proc), which depend less on the machine's load than
 * wall time; `uptime` is recorded beside each run. The machine's other busy time per sync (all cores'
 * busy time from /proc/stat, less the workers', the sandbox's and this process's own) is
 * PostgreSQL's on a quiet machine: with the workers' it says how many cores N workers need.
 * Usage: npx tsx bench/sync-workers.ts [--organizations=12] [--days=180] [--workers=1,2]
 */
import { execSync, fork, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { openDatabase } from '../apps/api/src/db/client';
import { jobs, platformConnections } from '../apps/api/src/db/schema';
import { addDays } from '../apps/api/src/lib/days';
import { listSyncableConnections } from '../apps/api/src/modules/connections';
import { enqueueDailySyncs, syncQueue } from '../apps/api/src/modules/sync';
import { seedScale } from '../apps/api/src/seed/scale';
import { writeResult } from './lib/server';
import {
  benchLastDay,
  createBenchDatabase,
  createBenchServices,
  startSandboxProcess,
} from './lib/sync-setup';

function readFlag(name: string, fallback: string): string {
  return process.argv.find((arg) => arg.startsWith(`--${name}=`))?.split('=')[1] ?? fallback;
}
const organizations = Number(readFlag('organizations', '12'));
const days = Number(readFlag('days', '180'));
const workerCounts = readFlag('workers', '1,2').split(',').map(Number);

/** Busy time of every core since boot (user, nice, system, irq, softirq, steal), in ms. */
function readMachineBusyMs(): number {
  const fields = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/);
  const [user, nice, system, , , irq, softirq, steal] = fields.slice(1).map(Number);
  return ((user! + nice! + system! + irq! + softirq! + steal!) * 1000) / 100;
}

function readProcessCpuMs(pid: number): number {
  // utime + stime, in clock ticks (100 per second on Linux).
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}

const benchDatabase = await createBenchDatabase('crescendo_sync_workers');
const sandbox = await startSandboxProcess();
const handle = await openDatabase({ kind: 'postgres', url: benchDatabase.url, poolMax: 4 });
const db = handle.db;
try {
  let started = performance.now();
  await seedScale(db, createBenchServices(sandbox.url, days), {
    organizations,
    persona: 'small',
  });
  const seedSeconds = (performance.now() - started) / 1000;
  const connections = await listSyncableConnections(db);
  const runs = [];
  for (const workers of workerCounts) {
    await db
      .update(platformConnections)
      .set({ syncedThrough: addDays(benchLastDay, -5) })
      .where(
        inArray(
          platformConnections.id,
          connections.map((connection) => connection.id),
        ),
      );
    await db.execute(sql`vacuum analyze`);
    const children: ChildProcess[] = [];
    await Promise.all(
      Array.from({ length: workers }, async () => {
        const child = fork(
          path.join(import.meta.dirname, 'lib/sync-worker.ts'),
          [benchDatabase.url, sandbox.url, String(days)],
          { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] },
        );
        children.push(child);
        await new Promise<void>((resolve) =>
          child.once(
            'message',
            (message: { type: string }) => message.type === 'ready' && resolve(),
          ),
        );
      }),
    );
    const sandboxCpuBefore = readProcessCpuMs(sandbox.process.pid!);
    const machineBusyBefore = readMachineBusyMs();
    const ownCpuBefore = process.cpuUsage();
    started = performance.now();
    // All due at once: the schedule's slot of every organisation already passed.
    await enqueueDailySyncs(db, connections, new Date(Date.now() - 2 * 86_400_000));
    for (;;) {
      const [row] = await db
        .select({ open: sql<number>`count(*)::int` })
        .from(jobs)
        .where(and(eq(jobs.queue, syncQueue), inArray(jobs.status, ['queued', 'running'])));
      if (row!.open === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const wallSeconds = (performance.now() - started) / 1000;
    const sandboxCpuMs = readProcessCpuMs(sandbox.process.pid!) - sandboxCpuBefore;
    const machineBusyMs = readMachineBusyMs() - machineBusyBefore;
    const ownCpu = process.cpuUsage(ownCpuBefore);
    const ownCpuMs = (ownCpu.user + ownCpu.system) / 1000;
    const uptime = execSync('uptime').toString().trim();
    const reports = await Promise.all(
      children.map(
        (child) =>
          new Promise<{ cpuMs: number; jobsRun: number }>((resolve) => {
            child.on('message', (message: { type: string; cpuMs: number; jobsRun: number }) => {
              if (message.type === 'stopped') resolve(message);
            });
            child.send({ type: 'stop' });
          }),
      ),
    );
    const [failed] = await db
      .select({ count: sql<number>`count(*)::int` })
      .from(jobs)
      .where(and(eq(jobs.queue, syncQueue), eq(jobs.status, 'failed')));
    const syncs = reports.reduce((sum, report) => sum + report.jobsRun, 0);
    const workerCpuMs = reports.reduce((sum, report) => sum + report.cpuMs, 0);
    const run = {
      workers,
      syncs,
      failed: failed!.count,
      wallSeconds: Number(wallSeconds.toFixed(1)),
      syncsPerSecond: Number((syncs / wallSeconds).toFixed(2)),
      workerCpuMsPerSync: Math.round(workerCpuMs / syncs),
      sandboxCpuMsPerSync: Math.round(sandboxCpuMs / syncs),
      otherCpuMsPerSync: Math.round(
        (machineBusyMs - workerCpuMs - sandboxCpuMs - ownCpuMs) / syncs,
      ),
      coresBusy: Number((machineBusyMs / 1000 / wallSeconds).toFixed(2)),
      jobsPerWorker: reports.map((report) => report.jobsRun),
      uptime,
    };
    console.log(JSON.stringify(run));
    runs.push(run);
    await db.delete(jobs).where(eq(jobs.queue, syncQueue));
  }
  const [one, two] = runs;
  const result = {
    database: 'postgres',
    artists: `${organizations} × small, YouTube + Meta, ${days} days; each connection re-synced from five days back`,
    cores: execSync('nproc').toString().trim(),
    seedSeconds: Number(seedSeconds.toFixed(1)),
    runs,
    speedupTwoWorkers:
      one && two ? Number((two.syncsPerSecond / one.syncsPerSecond).toFixed(2)) : null,
    date: new Date().toISOString(),
  };
  console.log(JSON.stringify(result, null, 2));
  writeResult('sync-workers-postgres', result);
} finally {
  await handle.close();
  await sandbox.stop();
  await benchDatabase.drop();
}
