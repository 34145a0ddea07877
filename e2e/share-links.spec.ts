import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { demoAccounts, launchBrowser, newPage } from './support/browser';
import { waitForDemoSync } from './support/demo-sync';
import { startServer, type RunningServer } from './support/server';
import { signedInPage } from './support/session';

// Verified share links: the demo artist shares the overview, someone with no account opens it and
// sees the dashboard's own figures, the artist revokes it and the link stops working.

let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;

before(async () => {
  server = await startServer({ SEED_DEMO_CONNECTIONS: 'true', SEED_DEMO_PERSONA: 'small' });
  browser = await launchBrowser();
  ({ context, page } = await signedInPage(browser, server.baseUrl, demoAccounts.customer));
  await waitForDemoSync(page);
});

after(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
});

/** The dashboard's Views figure once the overview has loaded. */
async function readDashboardViews(): Promise<string> {
  const card = page
    .locator('section[aria-label="Key metrics"] [data-testid="kpi-card"]')
    .filter({ has: page.locator('h3', { hasText: /^Views$/ }) });
  await card.waitFor();
  await page.waitForFunction(() => {
    const section = document.querySelector('section[aria-label="Key metrics"]');
    return (
      section &&
      !section.querySelector('[aria-hidden="true"].animate-pulse') &&
      !document.querySelector('main [aria-busy="true"]')
    );
  });
  return ((await card.locator('p').first().textContent()) ?? '').trim();
}

describe('verified share links', () => {
  it('shares the overview, shows the same figures signed out, and stops once revoked', async () => {
    await page.goto('/dashboard?range=28d&platform=all');
    const dashboardViews = await readDashboardViews();
    assert.match(dashboardViews, /\d/);

    await page.getByRole('link', { name: 'Share', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/settings/sharing');
    assert.equal(new URL(page.url()).searchParams.get('view'), 'overview');
    await page.getByRole('button', { name: 'Create link' }).click();
    const linkField = page.getByRole('textbox', { name: 'Share link' });
    await linkField.waitFor();
    const shareUrl = await linkField.inputValue();
    assert.match(shareUrl, /\/s\/[A-Za-z0-9_-]{43}$/);

    // Someone with no account, on a phone.
    const visitor = await newPage(browser, server.baseUrl, { width: 390, height: 844 });
    try {
      const served = await visitor.page.goto(shareUrl);
      assert.match(served?.headers()['x-robots-tag'] ?? '', /noindex/);
      await visitor.page.getByRole('heading', { level: 1, name: /Overview/ }).waitFor();
      await visitor.page.getByText(/^Verified from connected .+ accounts$/).waitFor();
      const sharedViews = (
        await visitor.page.locator('[data-testid="shared-kpi-Views"] p').nth(1).textContent()
      )?.trim();
      assert.equal(sharedViews, dashboardViews);
      const ogTitle = await visitor.page
        .locator('meta[property="og:title"]')
        .getAttribute('content');
      assert.match(ogTitle ?? '', /Overview · Crescendo$/);
      const width = await visitor.page.evaluate(() => document.documentElement.scrollWidth);
      assert.ok(width <= 390, `the shared page is ${width} px wide on a 390 px screen`);

      // The artist revokes it; the visitor's next look finds it gone, kindly.
      const row = page.getByRole('list', { name: 'Share links' }).getByRole('listitem').first();
      await row.getByRole('button', { name: /^Revoke/ }).click();
      await row.getByText('revoked').waitFor();
      await visitor.page.reload();
      await visitor.page.getByText('This link has been revoked or has expired.').waitFor();
      assert.equal(
        await visitor.page.locator('[data-testid="shared-kpi-Views"]').count(),
        0,
        'no figures once revoked',
      );
    } finally {
      await visitor.context.close();
    }
  });
});
