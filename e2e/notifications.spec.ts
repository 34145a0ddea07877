import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { demoAccounts, launchBrowser } from './support/browser';
import { waitForDemoSync } from './support/demo-sync';
import { startServer, type RunningServer } from './support/server';
import { signedInPage, waitForSettled } from './support/session';

// The weekly digest: the demo artist asks for this week's digest from Settings → Notifications,
// opens it from the sandbox mailbox (its HTML part, in the mailbox's sandboxed frame), and finds
// the same figures on the dashboard for the same week.

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

/** The dashboard's figure on a KPI card, once the overview has loaded. */
async function readDashboardFigure(label: string): Promise<string> {
  const card = page
    .locator('section[aria-label="Key metrics"] [data-testid="kpi-card"]')
    .filter({ has: page.locator('h3', { hasText: new RegExp(`^${label}$`) }) });
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

describe('weekly digest', () => {
  it('sends it now, opens it from the mailbox, and its figures equal the dashboard’s for the week', async () => {
    await page.goto('/settings/notifications');
    await waitForSettled(page);
    await page.getByRole('button', { name: "Send me this week's digest now" }).click();
    const mailboxLink = page.getByRole('link', { name: 'Open it in the sandbox mailbox' });
    await mailboxLink.waitFor();
    // The bell is in the header beside the page.
    await page.getByRole('button', { name: /^Notifications/ }).waitFor();

    await page.goto((await mailboxLink.getAttribute('href'))!);
    await page.getByText('List-Unsubscribe-Post').waitFor();
    await page.getByText('List-Unsubscribe=One-Click').waitFor();
    const frame = page.frameLocator('iframe[title="HTML part"]');
    const youtube = frame.locator('[data-section="youtube"]');
    await youtube.waitFor();
    const viewsCell = youtube.locator('tr[data-figure="Views"] td[data-value]');
    const views = Number(await viewsCell.getAttribute('data-value'));
    assert.ok(Number.isFinite(views) && views > 0, `digest views: ${views}`);
    const shown = ((await viewsCell.textContent()) ?? '').trim();
    assert.equal(shown, views.toLocaleString('en-US'));

    // The week the digest covers, from its link back to the dashboard.
    const href = (await youtube
      .getByRole('link', { name: /Open YouTube on Crescendo/ })
      .getAttribute('href'))!;
    const link = new URL(href);
    assert.equal(link.pathname, '/dashboard');
    const from = link.searchParams.get('from')!;
    const to = link.searchParams.get('to')!;
    assert.match(from, /^\d{4}-\d{2}-\d{2}$/);

    await page.goto(`/dashboard?from=${from}&to=${to}&platform=youtube`);
    const dashboardViews = await readDashboardFigure('Views');
    // The dashboard shows compact figures: the digest's, formatted the dashboard's way.
    const expected = await page.evaluate(
      (value) =>
        new Intl.NumberFormat(undefined, { notation: 'compact', maximumFractionDigits: 1 }).format(
          value,
        ),
      views,
    );
    assert.equal(dashboardViews, expected);
  });
});
