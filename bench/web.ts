// Gzipped initial JS per chunk and LCP for /login and /dashboard, cold browser cache, headless
// Chromium. Every visit is a new browser context (empty cache); the server is warmed first with one
// unmeasured visit, as a running product would be. The scripts are listed on a visit of their own:
// reading response bodies over the DevTools protocol slows the page it measures.
// Usage: `npx tsx bench/web.ts [baseUrl] [--runs=5]` (starts its own server without a baseUrl).
import zlib from 'node:zlib';
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { demoAccounts, launchBrowser, newPage, signIn } from '../e2e/support/browser';
import { startServer } from '../e2e/support/server';
import { writeResult } from './lib/server';

type Chunk = { name: string; gzipBytes: number };

const runs = Number(
  process.argv.find((value) => value.startsWith('--runs='))?.split('=')[1] ?? '5',
);
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

/** One cold visit to list the scripts, then `runs` cold visits timed. */
async function measureColdVisits(
  browser: Browser,
  path: string,
  contextOptions: BrowserContextOptions,
) {
  const visit = async <T>(run: (page: Page) => Promise<T>): Promise<T> => {
    const context = await browser.newContext(contextOptions);
    try {
      return await run(await context.newPage());
    } finally {
      await context.close();
    }
  };
  const chunks = await visit((page) => collectChunks(page, path));
  const lcpMs: number[] = [];
  for (let run = 0; run < runs; run += 1)
    lcpMs.push(Math.round(await visit((page) => measureLcp(page, path))));
  const totalKb = kilobytes(chunks.reduce((sum, chunk) => sum + chunk.gzipBytes, 0));
  console.log(
    `\n${path}: ${totalKb} KB gz JS in ${chunks.length} chunks; LCP median ${median(lcpMs)} ms (runs: ${lcpMs.join(', ')})`,
  );
  for (const chunk of chunks)
    console.log(`  ${kilobytes(chunk.gzipBytes).toFixed(1).padStart(6)} KB  ${chunk.name}`);
  return {
    totalKb,
    chunks: chunks.map((chunk) => ({ name: chunk.name, kb: kilobytes(chunk.gzipBytes) })),
    lcpMs,
    lcpMedianMs: median(lcpMs),
  };
}

const server = givenUrl ? null : await startServer();
const baseUrl = givenUrl ?? server?.baseUrl ?? '';
let browser: Browser | null = null;
try {
  browser = await launchBrowser();
  const viewport = { width: 1280, height: 800 };

  const warm = await newPage(browser, baseUrl);
  await warm.page.goto('/login', { waitUntil: 'networkidle' });
  await signIn(warm.page, demoAccounts.customer);
  await warm.page.waitForLoadState('networkidle');
  const storageState = await warm.context.storageState();
  await warm.context.close();

  const login = await measureColdVisits(browser, '/login', { baseURL: baseUrl, viewport });
  const dashboard = await measureColdVisits(browser, '/dashboard', {
    baseURL: baseUrl,
    viewport,
    storageState,
  });
  writeResult('web', {
    runs,
    login,
    dashboard,
    targets: { loginInitialJsKb: '<= 125', lcpMs: '<= 1000' },
  });
} finally {
  await browser?.close();
  await server?.stop();
}
