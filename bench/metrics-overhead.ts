/**
 * What metrics cost the dashboard (issue 29: ≤ 3 % of throughput while scraped). Two product
 * processes exactly as `npm start` runs them, on the same data (the demo artist, YouTube and Meta
 * synced on the sandbox's `--persona`), differing only in `METRICS`:
 * - on: `METRICS=true`, scraped at `/api/metrics` every `--scrape-seconds` during its phases;
 * - off: `METRICS=false` (no request histogram, no event-loop monitor, no route).
 * Rounds interleave the two (A B, then B A, …) under the same closed-loop load: `--connections`
 * keep-alive clients reading four dashboard endpoints for `--phase-seconds`. Each round gives a
 * paired throughput ratio (on / off); the median ratio over the rounds and its spread (min–max)
 * are the figure, so a machine that is busier in one round than the next moves both sides.
 * Beside it, each phase's CPU time per request from `/proc/<pid>/stat` (utime + stime of the
 * server process): it does not depend on how much CPU other processes left over, so it is the
 * figure to trust on a shared machine. The load average is recorded at each phase.
 * Usage: npx tsx bench/metrics-overhead.ts [--database=pglite|postgres] [--rounds=6]
 *        [--phase-seconds=8] [--connections=4] [--scrape-seconds=1] [--persona=mid]
 * (PostgreSQL: TEST_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test, is used to
 * create and drop a database for the run.)
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import { signInDemoArtist, startProduct, writeResult, type RunningServer } from './lib/server';
import { prepareSyncedDemo } from './lib/synced-demo';

const argument = (name: string, fallback: string) =>
  process.argv.find((value) => value.startsWith(`--${name}=`))?.split('=')[1] ?? fallback;
const target = argument('database', 'pglite') as 'postgres' | 'pglite';
const rounds = Number(argument('rounds', '6'));
const phaseSeconds = Number(argument('phase-seconds', '8'));
const connections = Number(argument('connections', '4'));
const scrapeSeconds = Number(argument('scrape-seconds', '1'));
const persona = argument('persona', 'mid');
const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const clockTicksPerSecond = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }));

const paths = [
  '/api/dashboard/analytics?range=28d',
  '/api/dashboard/analytics?range=365d',
  '/api/dashboard/audience?range=28d',
  '/api/dashboard/content?range=28d&page=1',
];

/** utime + stime of a process, in seconds (fields 14 and 15 of /proc/<pid>/stat). */
function cpuSecondsOf(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  // The command name (field 2) may hold spaces; the fields after its closing parenthesis do not.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / clockTicksPerSecond;
}

function get(agent: http.Agent, base: URL, requestPath: string, headers: Record<string, string>) {
  return new Promise<number>((resolve, reject) => {
    const request = http.get(
      { agent, hostname: base.hostname, port: base.port, path: requestPath, headers },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      },
    );
    request.on('error', reject);
  });
}

type Side = { name: 'on' | 'off'; server: RunningServer; token: string };
type Phase = {
  side: 'on' | 'off';
  round: number;
  requestsPerSecond: number;
  cpuMillisecondsPerRequest: number;
  failed: number;
  scrapes: number;
  scrapeMillisecondsMedian: number | null;
  loadAverage1m: number;
};

async function runPhase(side: Side, round: number): Promise<Phase> {
  const base = new URL(side.server.url);
  const pid = side.server.process.pid!;
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections + 1 });
  const headers = { authorization: `Bearer ${side.token}` };
  let completed = 0;
  let failed = 0;
  const scrapeMilliseconds: number[] = [];
  const cpuBefore = cpuSecondsOf(pid);
  const started = performance.now();
  const deadline = started + phaseSeconds * 1000;
  const clients = Array.from({ length: connections }, async (_, client) => {
    for (let index = client; performance.now() < deadline; index += 1) {
      const status = await get(agent, base, paths[index % paths.length]!, headers);
      if (status === 200) completed += 1;
      else failed += 1;
    }
  });
  const scraper = (async () => {
    while (side.name === 'on' && performance.now() < deadline) {
      const scrapeStarted = performance.now();
      const status = await get(agent, base, '/api/metrics', {});
      if (status !== 200) throw new Error(`scrape answered ${status}`);
      scrapeMilliseconds.push(performance.now() - scrapeStarted);
      const wait = scrapeSeconds * 1000 - (performance.now() - scrapeStarted);
      if (performance.now() + wait >= deadline) break;
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, wait)));
    }
  })();
  await Promise.all([...clients, scraper]);
  const seconds = (performance.now() - started) / 1000;
  const cpuSeconds = cpuSecondsOf(pid) - cpuBefore;
  agent.destroy();
  return {
    side: side.name,
    round,
    requestsPerSecond: Number((completed / seconds).toFixed(2)),
    cpuMillisecondsPerRequest: Number(((cpuSeconds * 1000) / Math.max(1, completed)).toFixed(3)),
    failed,
    scrapes: scrapeMilliseconds.length,
    scrapeMillisecondsMedian: scrapeMilliseconds.length
      ? Number(median(scrapeMilliseconds).toFixed(2))
      : null,
    loadAverage1m: Number(os.loadavg()[0]!.toFixed(2)),
  };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

function summarise(ratios: number[]) {
  return {
    median: Number(median(ratios).toFixed(4)),
    min: Number(Math.min(...ratios).toFixed(4)),
    max: Number(Math.max(...ratios).toFixed(4)),
  };
}

const prepared = await prepareSyncedDemo({ target, persona, adminUrl, copies: 2 });
const sides: Side[] = [];
try {
  for (const [index, name] of (['on', 'off'] as const).entries()) {
    const server = await startProduct({
      ...prepared.env,
      CRESCENDO_DATA_DIR: prepared.dataDirs[index]!,
      METRICS: name === 'on' ? 'true' : 'false',
    });
    sides.push({ name, server, token: await signInDemoArtist(server.url) });
  }
  const [on, off] = sides as [Side, Side];
  const metricsOff = await fetch(`${off.server.url}/api/metrics`);
  if (metricsOff.status !== 404) throw new Error('METRICS=false still serves /api/metrics');
  // Warm-up, not counted: JIT, caches, sockets, on both sides.
  await runPhase(on, -1);
  await runPhase(off, -1);
  const phases: Phase[] = [];
  for (let round = 0; round < rounds; round += 1) {
    for (const side of round % 2 ? [off, on] : [on, off]) {
      const phase = await runPhase(side, round);
      phases.push(phase);
      console.log(
        `round ${round} metrics ${phase.side.padEnd(3)} ${phase.requestsPerSecond.toFixed(1).padStart(7)} req/s  ${phase.cpuMillisecondsPerRequest.toFixed(2).padStart(6)} ms CPU/req  ${phase.scrapes} scrapes  load ${phase.loadAverage1m}${phase.failed ? `  ${phase.failed} failed` : ''}`,
      );
    }
  }
  const ofRound = (round: number, side: 'on' | 'off') =>
    phases.find((phase) => phase.round === round && phase.side === side)!;
  const roundNumbers = Array.from({ length: rounds }, (_, round) => round);
  const throughputRatios = roundNumbers.map(
    (round) => ofRound(round, 'on').requestsPerSecond / ofRound(round, 'off').requestsPerSecond,
  );
  const cpuRatios = roundNumbers.map(
    (round) =>
      ofRound(round, 'on').cpuMillisecondsPerRequest /
      ofRound(round, 'off').cpuMillisecondsPerRequest,
  );
  const throughput = summarise(throughputRatios);
  const cpu = summarise(cpuRatios);
  const throughputOverheadPercent = Number(((1 - throughput.median) * 100).toFixed(2));
  const cpuOverheadPercent = Number(((cpu.median - 1) * 100).toFixed(2));
  const loads = phases.map((phase) => phase.loadAverage1m);
  const scrapes = phases.flatMap((phase) =>
    phase.scrapeMillisecondsMedian === null ? [] : [phase.scrapeMillisecondsMedian],
  );
  const result = {
    database: target,
    date: new Date().toISOString(),
    machine: `${os.cpus().length} CPUs, load average 1 min ${Math.min(...loads)}–${Math.max(...loads)} during the phases`,
    setup: { rounds, phaseSeconds, connections, scrapeSeconds, persona, paths },
    throughputRatioOnOverOff: throughput,
    throughputOverheadPercent,
    cpuPerRequestRatioOnOverOff: cpu,
    cpuOverheadPercent,
    targetPercent: 3,
    isWithinTargetByThroughput: throughputOverheadPercent <= 3,
    isWithinTargetByCpu: cpuOverheadPercent <= 3,
    scrapeMillisecondsMedian: scrapes.length ? Number(median(scrapes).toFixed(2)) : null,
    phases,
  };
  console.log(
    [
      '',
      `metrics on / off, ${rounds} interleaved rounds of ${phaseSeconds} s, ${connections} connections, scraped every ${scrapeSeconds} s (${target}):`,
      `  throughput ratio  median ${throughput.median}  (min ${throughput.min}, max ${throughput.max})  → overhead ${throughputOverheadPercent} %`,
      `  CPU per request   median ${cpu.median}  (min ${cpu.min}, max ${cpu.max})  → overhead ${cpuOverheadPercent} %`,
      `  target ≤ 3 %; load average (1 min) ${Math.min(...loads)}–${Math.max(...loads)}`,
    ].join('\n'),
  );
  writeResult(`metrics-overhead-${target}`, result);
} finally {
  await Promise.all(sides.map((side) => side.server.stop()));
  await prepared.cleanUp();
}
process.exit(0);
