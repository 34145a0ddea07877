import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { demoAccounts, launchBrowser } from './support/browser';
import { waitForDemoSync } from './support/demo-sync';
import { startServer, type RunningServer } from './support/server';
import { signedInPage, waitForSettled } from './support/session';

// The analytics pages on a 390 px phone, with the demo artist's sandbox data synced: the document
// is never wider than the screen (wide tables scroll in their card or turn into cards), and every
// page that has a period shows the same default one.

const PHONE_WIDTH = 390;
const analyticsPages = [
  '/dashboard',
  '/dashboard/audience',
  '/dashboard/content',
  '/dashboard/roi',
  '/dashboard/revenue',
  '/dashboard/songs',
  '/settings/imports',
  '/youtube',
  '/meta',
];

let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;

/** Waits until nothing in `main` is loading: the page's figures are on screen. */
async function waitForFigures(target: Page) {
  await waitForSettled(target);
  await target.waitForFunction(
    () => {
      const main = document.querySelector('main');
      return (
        main !== null &&
        !main.querySelector('[aria-busy="true"]') &&
        !main.querySelector('.animate-pulse')
      );
    },
    undefined,
    { timeout: 30_000 },
  );
}

const periodOf = (target: Page) =>
  target.locator('main').getByRole('combobox', { name: 'Period' }).inputValue();

before(async () => {
  server = await startServer({ SEED_DEMO_CONNECTIONS: 'true', SEED_DEMO_PERSONA: 'small' });
  browser = await launchBrowser();
  ({ context, page } = await signedInPage(browser, server.baseUrl, demoAccounts.customer, {
    width: PHONE_WIDTH,
    height: 844,
  }));
  await waitForDemoSync(page);
});

after(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
});

describe('analytics pages on a phone (demo artist, small persona)', { timeout: 240_000 }, () => {
  for (const pagePath of analyticsPages) {
    it(`${pagePath} is no wider than a 390 px screen`, async () => {
      await page.goto(pagePath);
      await waitForFigures(page);
      const widths = await page.evaluate(() => ({
        document: document.documentElement.scrollWidth,
        viewport: window.innerWidth,
      }));
      assert.equal(widths.viewport, PHONE_WIDTH);
      assert.ok(
        widths.document <= PHONE_WIDTH,
        `${pagePath}: the document is ${widths.document} px wide on a ${PHONE_WIDTH} px screen`,
      );
    });
  }

  it('a song’s page is no wider than a 390 px screen', async () => {
    await page.goto('/dashboard/songs');
    await waitForFigures(page);
    await page.locator('main a[href^="/dashboard/songs/"]').first().click();
    await page.waitForURL((url) => url.pathname.startsWith('/dashboard/songs/'));
    await waitForFigures(page);
    await page.getByRole('table', { name: 'Earnings by store' }).waitFor();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(width <= PHONE_WIDTH, `the song page is ${width} px wide`);
  });

  it('/youtube and /meta show the same default period as /dashboard', async () => {
    await page.goto('/dashboard');
    await waitForFigures(page);
    const dashboardPeriod = await periodOf(page);
    assert.equal(dashboardPeriod, '28d');
    for (const pagePath of ['/youtube', '/meta']) {
      await page.goto(pagePath);
      await waitForFigures(page);
      assert.equal(await periodOf(page), dashboardPeriod, `${pagePath}'s default period`);
      assert.equal(new URL(page.url()).searchParams.get('range'), null);
    }
  });

  it('/youtube reads the period the dashboard would for YouTube: same days, same end', async () => {
    const rangeOf = async (pagePath: string, urlPart: string) => {
      const request = page.waitForRequest(
        (candidate) =>
          candidate.url().includes(urlPart) && !candidate.url().includes('compare=none'),
      );
      await page.goto(pagePath);
      return (await (await (await request).response())!.json()) as unknown;
    };
    const dashboard = (await rangeOf(
      '/dashboard?platform=youtube',
      '/api/dashboard/analytics',
    )) as {
      range: { from: string; to: string };
    };
    const youtube = (await rangeOf('/youtube', '/api/v1/youtube/oauth/channel-data/')) as {
      channel: { range: { from: string; to: string } };
    };
    const { from, to } = youtube.channel.range;
    assert.deepEqual({ from, to }, { from: dashboard.range.from, to: dashboard.range.to });
  });
});
