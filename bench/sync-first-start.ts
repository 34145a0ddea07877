/**
 * The first sync's peak memory as `npm start` runs it (issue 15: the mid persona's first sync
 * peaks at ≤ 400 MB RSS on PGlite): the product's own process (scripts/start.mjs, the bundled
 * API, PGlite on a data directory), not a bench process that imports the sources through tsx.
 *
 * 1. A first start creates the data directory and the demo accounts, without demo connections
 *    (creating a PGlite directory, initdb inside WebAssembly, briefly takes far more memory than
 *    anything after it; it belongs to the first start, measured by bench/startup.ts).
 * 2. A second start on that directory connects the demo artist to the sandbox's persona (YouTube
 *    and Meta) and syncs both through the worker, as a newcomer's `npm start` does. The process's
 *    peak RSS over its whole life (the kernel's VmHWM: start-up, both first syncs) is the figure.
 * Usage: npx tsx bench/sync-first-start.ts [--persona=mid]
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { residentSetMegabytes, signInDemoArtist, startProduct, writeResult } from './lib/server';

const persona =
  process.argv.find((value) => value.startsWith('--persona='))?.split('=')[1] ?? 'mid';
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'crescendo-first-sync-'));
const env = {
  CRESCENDO_DATA_DIR: dataDir,
  LOG_LEVEL: 'warn',
  CRESCENDO_SKIP_WEB_BUILD: 'true',
  SEED_DEMO_PERSONA: persona,
};

function peakResidentSetMegabytes(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Math.round(Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
}

type Connection = { status: string; lastSyncedAt: string | null; sync: { step: string | null } };

const first = await startProduct({ ...env, SEED_DEMO_CONNECTIONS: 'false' });
await first.stop();

const server = await startProduct({ ...env, SEED_DEMO_CONNECTIONS: 'true' });
const pid = server.process.pid!;
const idleAtReadyMb = residentSetMegabytes(pid);
const started = performance.now();
const token = await signInDemoArtist(server.url);
let connections: Connection[] = [];
for (;;) {
  const response = await fetch(`${server.url}/api/v1/auth/oauth-connections`, {
    headers: { authorization: `Bearer ${token}` },
  });
  ({ connections } = (await response.json()) as { connections: Connection[] });
  const isDone = (c: Connection) =>
    c.status === 'connected' && c.lastSyncedAt !== null && c.sync.step === null;
  if (connections.length > 0 && connections.every(isDone)) break;
  if (performance.now() - started > 600_000) throw new Error('the first syncs did not finish');
  // Polling, not waiting on time: the loop ends on the connections' state.
  await new Promise((resolve) => setTimeout(resolve, 250));
}
const result = {
  database: 'pglite',
  persona,
  connections: connections.length,
  firstSyncsSeconds: Number(((performance.now() - started) / 1000).toFixed(1)),
  rssAtReadyMb: idleAtReadyMb,
  peakRssMb: peakResidentSetMegabytes(pid),
  rssAfterMb: residentSetMegabytes(pid),
  target: 'peak RSS ≤ 400 MB (issue 15)',
  date: new Date().toISOString(),
};
await server.stop();
fs.rmSync(dataDir, { recursive: true, force: true });
console.log(JSON.stringify(result, null, 2));
writeResult('sync-first-start-pglite', result);
process.exit(0);
