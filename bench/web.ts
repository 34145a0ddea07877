// Gzipped initial JS per chunk and LCP for /login and /dashboard, cold browser cache, headless
// Chromium. Every visit is a new browser context (empty cache); the server is warmed first with one
// unmeasured visit, as a running product would be. The scripts are listed on a visit of their own:
// reading response bodies over the DevTools protocol slows the page it measures.
// Usage: `npx tsx bench/web.ts [baseUrl] [--runs=5]` (starts its own server without a baseUrl).
//
// Side by side with another commit (issue 27: "measured side by side in one run"):
// `npx tsx bench/web.ts --against=<checkout> [--runs=15]`, where <checkout> is a worktree of that
// commit with its dependencies installed and its web app built (`git worktree add <dir> <commit>`,
// `npm install`, `npm run build -w @crescendo/web` there). Each checkout's own product (API and web)
// runs on a port of its own; every round visits both, in alternating order, so load from the rest of
// the machine falls on both alike. The load average is sampled every round and written beside the
// figures: on a shared machine LCP moves with it.
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { demoAccounts, launchBrowser, newPage, signIn } from '../e2e/support/browser';
import { findFreePort, startServer, type RunningServer } from '../e2e/support/server';
import { writeResult } from './lib/server';

type Chunk = { name: string; gzipBytes: number };

const option = (name: string) =>
  process.argv.find((value) => value.startsWith(`--${name}=`))?.split('=')[1];
const runs = Number(option('runs') ?? '5');
const againstDir = option('against');
const givenUrl = process.argv.slice(2).find((value) => !value.startsWith('--'));

/** The scripts a cold visit downloads, gzipped (a visit of its own: reading bodies slows the page). */
async function collectChunks(page: Page, path: string): Promise<Chunk[]> {
  const chunks: Chunk[] = [];
  const pending: Promise<void>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    pending.push(
      response
        .body()
        .then(
          (body) =>
            void chunks.push({
              name: new URL(response.url()).pathname.split('/').pop() ?? '',
              gzipBytes: zlib.gzipSync(body).length,
            }),
        )
        .catch(() => undefined),
    );
  });
  await page.goto(path, { waitUntil: 'networkidle' });
  await Promise.all(pending);
  return chunks.sort((a, b) => b.gzipBytes - a.gzipBytes);
}

/** Largest contentful paint of a cold visit, with nothing else listening to the page. */
async function measureLcp(page: Page, path: string): Promise<number> {
  await page.goto(path, { waitUntil: 'networkidle' });
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        new PerformanceObserver((list) => {
          const entries = list.getEntries();
          resolve(entries[entries.length - 1]?.startTime ?? -1);
        }).observe({ type: 'largest-contentful-paint', buffered: true });
        setTimeout(() => resolve(-1), 3000);
      }),
  );
}

const kilobytes = (bytes: number) => Number((bytes / 1024).toFixed(1));

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** One build under test: where it runs and how a signed-in visit starts. */
type Target = {
  label: string;
  baseUrl: string;
  loginContext: BrowserContextOptions;
  dashboardContext: BrowserContextOptions;
};

async function visit<T>(
  browser: Browser,
  options: BrowserContextOptions,
  run: (page: Page) => Promise<T>,
): Promise<T> {
  const context = await browser.newContext(options);
  try {
    return await run(await context.newPage());
  } finally {
    await context.close();
  }
}

/** Warms the server with one unmeasured visit and signs in, for the /dashboard visits. */
async function prepareTarget(browser: Browser, label: string, baseUrl: string): Promise<Target> {
  const viewport = { width: 1280, height: 800 };
  const warm = await newPage(browser, baseUrl);
  await warm.page.goto('/login', { waitUntil: 'networkidle' });
  await signIn(warm.page, demoAccounts.customer);
  await warm.page.waitForLoadState('networkidle');
  const storageState = await warm.context.storageState();
  await warm.context.close();
  return {
    label,
    baseUrl,
    loginContext: { baseURL: baseUrl, viewport },
    dashboardContext: { baseURL: baseUrl, viewport, storageState },
  };
}

function summariseChunks(chunks: Chunk[]) {
  return {
    totalKb: kilobytes(chunks.reduce((sum, chunk) => sum + chunk.gzipBytes, 0)),
    chunks: chunks.map((chunk) => ({ name: chunk.name, kb: kilobytes(chunk.gzipBytes) })),
  };
}

function printPath(label: string, path: string, chunks: Chunk[], lcpMs: number[]) {
  const { totalKb } = summariseChunks(chunks);
  console.log(
    `\n${label} ${path}: ${totalKb} KB gz JS in ${chunks.length} chunks; LCP median ${median(lcpMs)} ms (runs: ${lcpMs.join(', ')})`,
  );
  for (const chunk of chunks)
    console.log(`  ${kilobytes(chunk.gzipBytes).toFixed(1).padStart(6)} KB  ${chunk.name}`);
}

/**
 * Lists each target's scripts once, then `runs` rounds of one cold /login and one cold /dashboard
 * visit per target, the order of the targets swapped every round.
 */
async function measureSideBySide(browser: Browser, targets: Target[]) {
  const paths = ['/login', '/dashboard'] as const;
  const contextFor = (target: Target, path: (typeof paths)[number]) =>
    path === '/login' ? target.loginContext : target.dashboardContext;
  const chunks = new Map<string, Chunk[]>();
  const lcp = new Map<string, number[]>();
  const key = (target: Target, path: string) => `${target.label} ${path}`;
  for (const target of targets) {
    for (const path of paths) {
      chunks.set(
        key(target, path),
        await visit(browser, contextFor(target, path), (page) => collectChunks(page, path)),
      );
      lcp.set(key(target, path), []);
    }
  }
  const loadAverages: number[] = [];
  for (let round = 0; round < runs; round += 1) {
    loadAverages.push(Number(os.loadavg()[0]!.toFixed(2)));
    const order = round % 2 === 0 ? targets : [...targets].reverse();
    for (const target of order) {
      for (const path of paths) {
        const ms = await visit(browser, contextFor(target, path), (page) => measureLcp(page, path));
        lcp.get(key(target, path))!.push(Math.round(ms));
      }
    }
  }
  loadAverages.push(Number(os.loadavg()[0]!.toFixed(2)));
  const results = targets.map((target) => {
    const summarise = (path: (typeof paths)[number]) => {
      const lcpMs = lcp.get(key(target, path))!;
      printPath(target.label, path, chunks.get(key(target, path))!, lcpMs);
      return {
        ...summariseChunks(chunks.get(key(target, path))!),
        lcpMs,
        lcpMedianMs: median(lcpMs),
      };
    };
    return { build: target.label, login: summarise('/login'), dashboard: summarise('/dashboard') };
  });
  return { results, loadAverages };
}

/** Another checkout's own product (its API serving its web build), as `npm start` runs it. */
async function startCheckout(checkout: string): Promise<RunningServer> {
  const root = path.resolve(checkout);
  if (!fs.existsSync(path.join(root, 'apps/web/dist/index.html'))) {
    throw new Error(`${root}: build its web app first (npm run build -w @crescendo/web there)`);
  }
  const port = await findFreePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'crescendo-bench-web-'));
  let output = '';
  const child = spawn('node', ['scripts/start.mjs'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      CRESCENDO_DATA_DIR: dataDir,
      CRESCENDO_SKIP_WEB_BUILD: 'true',
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      SEED_DEMO_CONNECTIONS: 'false',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-20_000));
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const baseUrl = `http://localhost:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${root} exited early:\n${output}`);
    const healthy = await fetch(`${baseUrl}/api/health`)
      .then((response) => response.status === 200)
      .catch(() => false);
    if (healthy) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`${root} did not become healthy:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return {
    baseUrl,
    port,
    dataDir,
    logs: () => output,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The commit a checkout is at, for the results (the directory's name if git cannot say). */
function describeCheckout(dir: string): string {
  try {
    return execFileSync('git', ['-C', path.resolve(dir), 'rev-parse', '--short', 'HEAD'], {
      encoding: 'utf8',
    }).trim();
  } catch {
    return path.basename(path.resolve(dir));
  }
}

const targets = { loginInitialJsKb: '<= 125', lcpMs: '<= 1000' };
const server = givenUrl ? null : await startServer();
const baseUrl = givenUrl ?? server?.baseUrl ?? '';
const other = againstDir ? await startCheckout(againstDir) : null;
let browser: Browser | null = null;
try {
  browser = await launchBrowser();
  const measured = [
    await prepareTarget(browser, `this checkout (${describeCheckout('.')})`, baseUrl),
  ];
  if (other && againstDir) {
    measured.push(
      await prepareTarget(browser, `against ${describeCheckout(againstDir)}`, other.baseUrl),
    );
  }
  const { results, loadAverages } = await measureSideBySide(browser, measured);
  console.log(
    `\nload average (1 min) per round: ${loadAverages.join(', ')}; ${os.cpus().length} CPUs`,
  );
  if (other) {
    writeResult('web', {
      runs,
      measuredAt: new Date().toISOString(),
      note: 'Side by side in one run: both builds visited every round, in alternating order.',
      cpus: os.cpus().length,
      loadAverages,
      builds: results,
      targets,
    });
  } else {
    const [only] = results;
    writeResult('web', {
      runs,
      loadAverages,
      login: only!.login,
      dashboard: only!.dashboard,
      targets,
    });
  }
} finally {
  await browser?.close();
  await other?.stop();
  await server?.stop();
}
