// Gzipped initial JS per chunk and LCP for /login and /dashboard, cold cache, headless Chromium.
// Usage: `npx tsx bench/web.ts [baseUrl]` (starts its own server when no baseUrl is given).
import zlib from 'node:zlib';
import type { Browser, Page } from 'playwright-core';
import { demoAccounts, launchBrowser, newPage, signIn } from '../e2e/support/browser';
import { startServer } from '../e2e/support/server';

type Chunk = { name: string; gzipBytes: number };

async function measure(page: Page, path: string): Promise<{ chunks: Chunk[]; lcpMs: number }> {
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
  const lcpMs = await page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        new PerformanceObserver((list) => {
          const entries = list.getEntries();
          resolve(entries[entries.length - 1]?.startTime ?? -1);
        }).observe({ type: 'largest-contentful-paint', buffered: true });
        setTimeout(() => resolve(-1), 3000);
      }),
  );
  return { chunks: chunks.sort((a, b) => b.gzipBytes - a.gzipBytes), lcpMs };
}

function report(label: string, result: { chunks: Chunk[]; lcpMs: number }) {
  const total = result.chunks.reduce((sum, chunk) => sum + chunk.gzipBytes, 0);
  console.log(
    `\n${label}: ${(total / 1024).toFixed(1)} KB gz JS in ${result.chunks.length} chunks, LCP ${result.lcpMs.toFixed(0)} ms`,
  );
  for (const chunk of result.chunks)
    console.log(`  ${(chunk.gzipBytes / 1024).toFixed(1).padStart(6)} KB  ${chunk.name}`);
}

const givenUrl = process.argv[2];
const server = givenUrl ? null : await startServer();
const baseUrl = givenUrl ?? server?.baseUrl ?? '';
let browser: Browser | null = null;
try {
  browser = await launchBrowser();
  const login = await newPage(browser, baseUrl);
  report('/login (signed out, cold cache)', await measure(login.page, '/login'));
  await login.context.close();

  const warm = await newPage(browser, baseUrl);
  await signIn(warm.page, demoAccounts.customer);
  const state = await warm.context.storageState();
  await warm.context.close();
  const context = await browser.newContext({
    baseURL: baseUrl,
    storageState: state,
    viewport: { width: 1280, height: 800 },
  });
  const page = await context.newPage();
  report('/dashboard (signed in, cold cache)', await measure(page, '/dashboard'));
  await context.close();
} finally {
  await browser?.close();
  await server?.stop();
}
