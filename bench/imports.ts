/**
 * A large distributor statement through the product as `npm start` runs it (issue 26): a
 * 200,000-line DistroKid "Excruciating Detail" file (~40 MB) uploaded to `POST /api/v1/imports`
 * over HTTP, read by the worker to `done`. Figures: the wall time from the first byte sent to
 * `done`, and the process's peak RSS above its idle RSS just before the upload (the kernel's
 * VmHWM, reset right before the upload through /proc/<pid>/clear_refs, and a 20 ms VmRSS sampler
 * beside it).
 *
 * Usage: npx tsx bench/imports.ts [--database=pglite|postgres] [--lines=200000]
 * PostgreSQL: a throw-away database on BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { generateLargeDistroKidStatement } from '@crescendo/platform-sandbox';
import { createBenchDatabase } from './lib/bench-database';
import { residentSetMegabytes, signInDemoArtist, startProduct, writeResult } from './lib/server';

const argument = (name: string) =>
  process.argv.find((value) => value.startsWith(`--${name}=`))?.split('=')[1];
const database = argument('database') ?? 'pglite';
const lineCount = Number(argument('lines') ?? 200_000);

function readStatusKilobytes(pid: number, field: 'VmHWM' | 'VmRSS'): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
}

const parts: Buffer[] = [];
for await (const part of generateLargeDistroKidStatement(lineCount)) parts.push(part);
const file = Buffer.concat(parts);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'crescendo-imports-bench-'));
const postgres = database === 'postgres' ? await createBenchDatabase('crescendo_bench') : null;
const env: Record<string, string> = {
  CRESCENDO_DATA_DIR: dataDir,
  LOG_LEVEL: 'warn',
  CRESCENDO_SKIP_WEB_BUILD: 'true',
  SEED_DEMO: 'true',
  SEED_DEMO_CONNECTIONS: 'false',
  ...(postgres
    ? {
        DATABASE_URL: postgres.url,
        AUTH_SECRET: crypto.randomBytes(48).toString('base64'),
        TOKEN_ENCRYPTION_KEYS: `1:${crypto.randomBytes(32).toString('base64')}`,
      }
    : {}),
};
if (!postgres) {
  // A data directory made by an earlier start, as an installed product has (creating one is
  // initdb inside WebAssembly, measured by bench/startup.ts).
  await (await startProduct(env)).stop();
}
const server = await startProduct(env);
const pid = server.process.pid!;
const token = await signInDemoArtist(server.url);
const headers = { authorization: `Bearer ${token}` };

const idleRssMb = residentSetMegabytes(pid);
fs.writeFileSync(`/proc/${pid}/clear_refs`, '5');
let sampledPeakKb = 0;
const sampler = setInterval(() => {
  sampledPeakKb = Math.max(sampledPeakKb, readStatusKilobytes(pid, 'VmRSS'));
}, 20);

const started = performance.now();
const form = new FormData();
form.append('file', new Blob([file], { type: 'text/tab-separated-values' }), 'DistroKid_bench.tsv');
const upload = await fetch(`${server.url}/api/v1/imports`, {
  method: 'POST',
  headers,
  body: form,
});
if (upload.status !== 202) throw new Error(`upload: ${upload.status} ${await upload.text()}`);
const uploadedSeconds = (performance.now() - started) / 1000;
const { import: created } = (await upload.json()) as { import: { id: string } };
type ImportAnswer = {
  status: string;
  rowsTotal: number;
  rowsImported: number;
  rowsRejected: number;
  error: string | null;
  totals: unknown;
};
let entry: ImportAnswer;
for (;;) {
  const response = await fetch(`${server.url}/api/v1/imports/${created.id}`, { headers }).catch(
    (error: unknown) => {
      console.error(server.output().slice(-4000));
      throw error;
    },
  );
  entry = ((await response.json()) as { import: ImportAnswer }).import;
  if (entry.status === 'done' || entry.status === 'failed') break;
  if (performance.now() - started > 600_000) throw new Error('the import did not finish');
  // Polling the import's state, as the imports page does.
  await new Promise((resolve) => setTimeout(resolve, 100));
}
const totalSeconds = (performance.now() - started) / 1000;
clearInterval(sampler);
const peakRssMb = Math.round(Math.max(readStatusKilobytes(pid, 'VmHWM'), sampledPeakKb) / 1024);
await server.stop();
await postgres?.drop();
fs.rmSync(dataDir, { recursive: true, force: true });

const result = {
  database,
  lines: lineCount,
  fileMb: Number((file.length / 1024 / 1024).toFixed(1)),
  status: entry.status,
  rowsImported: entry.rowsImported,
  rowsRejected: entry.rowsRejected,
  error: entry.error,
  uploadSeconds: Number(uploadedSeconds.toFixed(1)),
  totalSeconds: Number(totalSeconds.toFixed(1)),
  idleRssMb,
  peakRssMb,
  peakAboveIdleMb: peakRssMb - idleRssMb,
  target: '≤ 20 s to done, peak RSS ≤ 150 MB above idle (issue 26)',
  machine: `${os.cpus().length} cores, ${os.loadavg()[0]!.toFixed(1)} load`,
  date: new Date().toISOString(),
};
console.log(JSON.stringify(result, null, 2));
if (lineCount === 200_000) writeResult(`imports-${database}`, result);
process.exit(entry.status === 'done' ? 0 : 1);
