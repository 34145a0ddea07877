/**
 * Time from `npm start` (scripts/start.mjs) to a healthy /api/health on a new data dir and on an
 * existing one (target ≤ 2 s), and the idle server's RSS (target ≤ 300 MB).
 * Usage: npx tsx bench/startup.ts [--runs=3]
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { residentSetMegabytes, signInDemoArtist, startProduct, writeResult } from './lib/server';

const runs = Number(
  process.argv.find((value) => value.startsWith('--runs='))?.split('=')[1] ?? '3',
);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'crescendo-startup-'));
const env = {
  CRESCENDO_DATA_DIR: dataDir,
  LOG_LEVEL: 'warn',
  ...(process.env.CRESCENDO_SKIP_WEB_BUILD ? { CRESCENDO_SKIP_WEB_BUILD: 'true' } : {}),
};

const fresh = await startProduct(env);
const newDataDirMs = Math.round(fresh.startedInMs);
// A data dir that has been used is one whose demo connections finished their first sync.
const syncStarted = performance.now();
const token = await signInDemoArtist(fresh.url);
for (;;) {
  const response = await fetch(`${fresh.url}/api/v1/auth/oauth-connections`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const { connections } = (await response.json()) as {
    connections: { status: string; lastSyncedAt: string | null; sync: { step: string | null } }[];
  };
  const isDone = (c: (typeof connections)[number]) =>
    c.status === 'connected' && c.lastSyncedAt !== null && c.sync.step === null;
  if (connections.length > 0 && connections.every(isDone)) break;
  if (performance.now() - syncStarted > 600_000) throw new Error('demo sync did not finish');
  await new Promise((resolve) => setTimeout(resolve, 1000));
}
const demoSyncMs = Math.round(performance.now() - syncStarted);
await fresh.stop();

const existing: number[] = [];
let idleRssMb = 0;
for (let run = 0; run < runs; run += 1) {
  const product = await startProduct(env);
  existing.push(Math.round(product.startedInMs));
  if (run === runs - 1) {
    await new Promise((resolve) => setTimeout(resolve, 10_000));
    idleRssMb = residentSetMegabytes(product.process.pid!);
  }
  await product.stop();
}
fs.rmSync(dataDir, { recursive: true, force: true });

const sorted = [...existing].sort((a, b) => a - b);
const result = {
  newDataDirMs,
  demoSyncMs,
  existingDataDirMs: existing,
  existingDataDirMedianMs: sorted[Math.floor(sorted.length / 2)],
  idleRssMb,
  targets: { existingDataDirMs: '<= 2000', idleRssMb: '<= 300' },
};
console.log(result);
writeResult('startup', result);
