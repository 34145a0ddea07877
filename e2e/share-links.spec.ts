import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { demoAccounts, launchBrowser, newPage } from './support/browser';
import { waitForDemoSync } from './support/demo-sync';
import { startServer, type RunningServer } from './support/server';
import { signedInPage } from './support/session';

// Verified share links: the demo artist shares the overview of two of their three platforms,
// someone with no account opens it and sees the dashboard's own figures for those two and nothing
// of the third, the artist revokes it and the link stops working.

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

/** The Views figure of one platform's section on the shared page. */
async function readSharedViews(visitor: Page, platform: string): Promise<string> {
  const section = visitor
    .locator('section')
    .filter({ has: visitor.getByRole('heading', { level: 2, name: platform, exact: true }) });
  const figure = section.locator('[data-testid="shared-kpi-Views"] p').nth(1);
  return ((await figure.textContent()) ?? '').trim();
}

describe('verified share links', () => {
  it('shares two platforms’ overview, shows the same figures signed out, and stops once revoked', async () => {
    await page.goto('/dashboard?range=28d&platform=all');
    assert.match(await readDashboardViews(), /\d/);

    await page.getByRole('link', { name: 'Share', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/settings/sharing');
    assert.equal(new URL(page.url()).searchParams.get('view'), 'overview');
    // Every connected platform starts ticked; the artist leaves Facebook out.
    const box = (name: string) => page.getByRole('checkbox', { name, exact: true });
    await page.waitForFunction(
      () => document.querySelectorAll('fieldset input[type="checkbox"]:checked').length === 3,
    );
    for (const name of ['YouTube', 'Instagram', 'Facebook']) {
      assert.equal(await box(name).isChecked(), true, name);
    }
    await box('Facebook').uncheck();
    // None ticked is refused before anything is sent.
    await box('YouTube').uncheck();
    await box('Instagram').uncheck();
    await page.getByRole('button', { name: 'Create link' }).click();
    const platforms = page.getByRole('group', { name: 'Platforms' });
    await platforms.getByText('Tick at least one platform').waitFor();
    await box('YouTube').check();
    await box('Instagram').check();
    await page.getByRole('button', { name: 'Create link' }).click();
    const linkField = page.getByRole('textbox', { name: 'Share link' });
    await linkField.waitFor();
    const shareUrl = await linkField.inputValue();
    assert.match(shareUrl, /\/s\/[A-Za-z0-9_-]{43}$/);

    // Someone with no account, on a phone.
    const visitor = await newPage(browser, server.baseUrl, { width: 390, height: 844 });
    try {
      const answer = visitor.page.waitForResponse((response) =>
        response.url().includes('/api/public/shares/'),
      );
      const served = await visitor.page.goto(shareUrl);
      assert.match(served?.headers()['x-robots-tag'] ?? '', /noindex/);
      const { overview } = (await (await answer).json()) as {
        overview: {
          platformRanges: Record<string, { from: string; to: string } | undefined>;
        };
      };
      await visitor.page.getByRole('heading', { level: 1, name: /Overview/ }).waitFor();
      await visitor.page
        .getByText('Verified from connected YouTube / Instagram accounts')
        .waitFor();
      const freshness = await visitor.page
        .getByRole('list', { name: 'Data freshness' })
        .textContent();
      assert.match(freshness ?? '', /YouTube/);
      assert.match(freshness ?? '', /Instagram/);
      assert.doesNotMatch(
        (await visitor.page.locator('body').textContent()) ?? '',
        /Facebook/,
        'nothing of the platform left out',
      );
      // Each platform's figure is that platform's own "last 28 days" (issue 28's rule: a label
      // means the same days for a platform everywhere), so it equals the dashboard's for that
      // platform over the days the answer says it covers.
      for (const [platform, filter] of [
        ['YouTube', 'youtube'],
        ['Instagram', 'instagram'],
      ]) {
        const own = overview.platformRanges[filter!];
        assert.ok(own, `${platform}: the share answer names its own days`);
        const { from, to } = own;
        await page.goto(`/dashboard?from=${from}&to=${to}&platform=${filter}`);
        const dashboardViews = await readDashboardViews();
        assert.match(dashboardViews, /\d/);
        assert.equal(await readSharedViews(visitor.page, platform!), dashboardViews, platform);
      }
      const ogTitle = await visitor.page
        .locator('meta[property="og:title"]')
        .getAttribute('content');
      assert.match(ogTitle ?? '', /Overview · Crescendo$/);
      const ogDescription = await visitor.page
        .locator('meta[property="og:description"]')
        .getAttribute('content');
      assert.match(ogDescription ?? '', /^Verified YouTube and Instagram figures for /);
      const width = await visitor.page.evaluate(() => document.documentElement.scrollWidth);
      assert.ok(width <= 390, `the shared page is ${width} px wide on a 390 px screen`);

      // The artist revokes it; the visitor's next look finds it gone, kindly.
      await page.goto('/settings/sharing');
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
