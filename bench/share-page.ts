// A share link's public page (/s/:token) opened on a phone: 390×844 at DPR 3 with touch, the CPU
// slowed ×4 (a mid-range phone) and a fast-4G-like network (~9 Mbit/s down, 1.5 up, 60 ms RTT),
// both through the DevTools protocol. Every visit is a new browser context (cold cache); the server
// is warmed with one unmeasured visit. Reports the gzipped JS and CSS the page loads (listed on a
// visit of its own: reading bodies over the protocol slows the page it measures), LCP, and the time
// until the figures are on screen.
// Usage: `npx tsx bench/share-page.ts [baseUrl] [--runs=5]` (starts its own demo server without a
// baseUrl; with one, the demo artist's connections must have synced).
import zlib from 'node:zlib';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { demoAccounts, launchBrowser, newPage, signIn } from '../e2e/support/browser';
import { waitForDemoSync } from '../e2e/support/demo-sync';
import { startServer } from '../e2e/support/server';
import { writeResult } from './lib/server';

type Asset = { name: string; type: 'script' | 'stylesheet'; gzipBytes: number };

const runs = Number(
  process.argv.find((value) => value.startsWith('--runs='))?.split('=')[1] ?? '5',
);
const givenUrl = process.argv.slice(2).find((value) => !value.startsWith('--'));

const phone: BrowserContextOptions = {
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 3,
  isMobile: true,
  hasTouch: true,
  userAgent:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36',
};
const cpuSlowdown = 4;
const network = {
  offline: false,
  latency: 60,
  downloadThroughput: (9_000_000 / 8) | 0,
  uploadThroughput: (1_500_000 / 8) | 0,
};
/** What the page must not load: the dashboard, Recharts, the signed-in shell, identity SDKs. */
const unwantedChunks =
  /^(dashboard|chart-parts|growth-chart|platform-time-series-chart|signed-in|clerk-adapter|sentry-reporting)-/;
const figuresSelector = '[data-testid="shared-kpi-Views"]';

/**
 * Records when the figures first appear, from inside the page (no polling delay on top). A string:
 * tsx would wrap a function's inner names in a helper the page does not have.
 */
const watchForFigures = `
  new MutationObserver((_records, observer) => {
    if (document.querySelector(${JSON.stringify(figuresSelector)})) {
      window.figuresAt = performance.now();
      observer.disconnect();
    }
  }).observe(document, { childList: true, subtree: true });
`;

async function throttle(context: BrowserContext, page: Page): Promise<void> {
  const session = await context.newCDPSession(page);
  await session.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
  await session.send('Network.enable');
  await session.send('Network.emulateNetworkConditions', network);
}

/** A cold visit on the phone profile; `run` sees the page before it navigates. */
async function visit<T>(
  browser: Browser,
  baseUrl: string,
  run: (page: Page) => Promise<T>,
): Promise<T> {
  const context = await browser.newContext({ ...phone, baseURL: baseUrl });
  try {
    const page = await context.newPage();
    page.setDefaultTimeout(60_000);
    await throttle(context, page);
    return await run(page);
  } finally {
    await context.close();
  }
}

/** The scripts and style sheets a cold visit downloads, gzipped. */
async function collectAssets(page: Page, path: string): Promise<Asset[]> {
  const assets: Asset[] = [];
  const pending: Promise<void>[] = [];
  page.on('response', (response) => {
    const type = response.request().resourceType();
    if (type !== 'script' && type !== 'stylesheet') return;
    pending.push(
      response
        .body()
        .then((body) => {
          const name = new URL(response.url()).pathname.split('/').pop() ?? '';
          assets.push({ name, type, gzipBytes: zlib.gzipSync(body).length });
        })
        .catch(() => undefined),
    );
  });
  await page.goto(path, { waitUntil: 'networkidle' });
  await page.locator(figuresSelector).first().waitFor();
  await Promise.all(pending);
  return assets.sort((a, b) => b.gzipBytes - a.gzipBytes);
}

/** LCP and the figures' first appearance, both from navigation start, in ms. */
async function measureVisit(page: Page, path: string) {
  await page.addInitScript({ content: watchForFigures });
  await page.goto(path);
  await page.locator(figuresSelector).first().waitFor();
  await page.waitForLoadState('networkidle');
  return page.evaluate(
    () =>
      new Promise<{ lcpMs: number; figuresMs: number }>((resolve) => {
        const figuresMs = (window as unknown as { figuresAt?: number }).figuresAt ?? -1;
        new PerformanceObserver((list) => {
          const entries = list.getEntries();
          resolve({ lcpMs: entries[entries.length - 1]?.startTime ?? -1, figuresMs });
        }).observe({ type: 'largest-contentful-paint', buffered: true });
        setTimeout(() => resolve({ lcpMs: -1, figuresMs }), 3000);
      }),
  );
}

const kilobytes = (bytes: number) => Number((bytes / 1024).toFixed(1));

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** The demo artist shares the overview of every connected platform; returns the page's path. */
async function createShareLink(browser: Browser, baseUrl: string): Promise<string> {
  const { context, page } = await newPage(browser, baseUrl);
  try {
    await signIn(page, demoAccounts.customer);
    await waitForDemoSync(page);
    const { token } = (await (await page.request.get('/api/auth/token')).json()) as {
      token: string;
    };
    const headers = { authorization: `Bearer ${token}` };
    const listed = await page.request.get('/api/shares', { headers });
    const { connectedPlatforms } = (await listed.json()) as { connectedPlatforms: string[] };
    const created = await page.request.post('/api/shares', {
      headers,
      data: { view: 'overview', range: '28d', platforms: connectedPlatforms },
    });
    if (created.status() !== 201) throw new Error(`share link: ${await created.text()}`);
    return ((await created.json()) as { path: string }).path;
  } finally {
    await context.close();
  }
}

const server = givenUrl
  ? null
  : await startServer({ SEED_DEMO_CONNECTIONS: 'true', SEED_DEMO_PERSONA: 'small' });
const baseUrl = givenUrl ?? server?.baseUrl ?? '';
let browser: Browser | null = null;
try {
  browser = await launchBrowser();
  const path = await createShareLink(browser, baseUrl);
  await visit(browser, baseUrl, (page) => measureVisit(page, path));

  const assets = await visit(browser, baseUrl, (page) => collectAssets(page, path));
  const lcpMs: number[] = [];
  const figuresMs: number[] = [];
  for (let run = 0; run < runs; run += 1) {
    const measured = await visit(browser, baseUrl, (page) => measureVisit(page, path));
    lcpMs.push(Math.round(measured.lcpMs));
    figuresMs.push(Math.round(measured.figuresMs));
  }
  const total = (type: Asset['type']) =>
    kilobytes(
      assets.filter((asset) => asset.type === type).reduce((sum, a) => sum + a.gzipBytes, 0),
    );
  const unwanted = assets.filter((asset) => unwantedChunks.test(asset.name)).map((a) => a.name);
  console.log(
    `\n/s/:token on a phone (CPU ×${cpuSlowdown}, ~9/1.5 Mbit/s, 60 ms): ${total('script')} KB gz JS, ${total('stylesheet')} KB gz CSS in ${assets.length} files`,
  );
  console.log(`  LCP median ${median(lcpMs)} ms (runs: ${lcpMs.join(', ')})`);
  console.log(`  figures visible median ${median(figuresMs)} ms (runs: ${figuresMs.join(', ')})`);
  for (const asset of assets)
    console.log(`  ${kilobytes(asset.gzipBytes).toFixed(1).padStart(6)} KB  ${asset.name}`);
  if (unwanted.length > 0) console.log(`  loads what it should not: ${unwanted.join(', ')}`);
  writeResult('share-page', {
    runs,
    profile: {
      viewport: phone.viewport,
      deviceScaleFactor: phone.deviceScaleFactor,
      cpuSlowdown,
      network: { downMbps: 9, upMbps: 1.5, latencyMs: network.latency },
    },
    jsKb: total('script'),
    cssKb: total('stylesheet'),
    assets: assets.map(({ name, type, gzipBytes }) => ({ name, type, kb: kilobytes(gzipBytes) })),
    unwantedChunks: unwanted,
    lcpMs,
    lcpMedianMs: median(lcpMs),
    figuresVisibleMs: figuresMs,
    figuresVisibleMedianMs: median(figuresMs),
    targets: { lcpMs: '<= 2500', unwantedChunks: 'none' },
  });
} finally {
  await browser?.close();
  await server?.stop();
}
