import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page, Route } from 'playwright-core';
import { demoAccounts, launchBrowser } from './support/browser';
import { startServer, type RunningServer } from './support/server';
import { signedInPage } from './support/session';

let server: RunningServer;
let browser: Browser;

before(async () => {
  server = await startServer();
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await server?.stop();
});

const PROFILE = '**/api/artist/profile';

/**
 * Retries back off for 1 + 2 + 4 s per attempt; fast-forward the page clock until `done`. Each step
 * releases one pending timer chain (the next request is real I/O), so steps are many and short.
 * The app must have booted first: fast-forwarding during module loading stalls the bootstrap.
 */
async function fastForwardUntil(page: Page, done: () => Promise<boolean>, maxSteps = 120) {
  await page.getByText('Skip to content').waitFor({ state: 'attached' });
  for (let step = 0; step < maxSteps; step += 1) {
    if (await done()) return;
    await page.clock.runFor(4_000);
    await page.waitForTimeout(100);
  }
  assert.fail('condition not reached while fast-forwarding');
}

async function customerPage() {
  return signedInPage(browser, server.baseUrl, demoAccounts.customer);
}

describe('route error screens', () => {
  it('aborted requests show Connection Problem and the Connection Error toast', async () => {
    const { context, page } = await customerPage();
    await page.clock.install();
    let attempts = 0;
    await page.route(PROFILE, (route: Route) => {
      attempts += 1;
      return route.abort('failed');
    });
    // The server itself is up: its health check answers at once. (A failed request makes the app
    // probe /api/health with a real 4 s time-out; on a loaded machine the live server could take
    // longer, and the app would rightly call it unreachable before the retries are spent.)
    await page.route('**/api/health', (route: Route) =>
      route.fulfill({ status: 200, contentType: 'application/json', body: '{"status":"ok"}' }),
    );
    await page.goto('/dashboard');
    const heading = page.getByRole('heading', { name: 'Connection Problem' });
    await fastForwardUntil(page, () => heading.isVisible());
    await page
      .getByText('Unable to connect to our servers. Please check your internet connection.')
      .waitFor();
    await page.getByText('Connection Error', { exact: true }).waitFor();
    await page
      .getByText('Having trouble connecting. Please check your internet connection.')
      .waitFor();
    // 4 query attempts × (1 request + 3 client retries).
    assert.equal(attempts, 16);
    await context.close();
  });

  it('a 500 shows Page Error for the Dashboard with Try Again and Go Back', async () => {
    const { context, page } = await customerPage();
    await page.clock.install();
    await page.route(PROFILE, (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ error: { code: 'INTERNAL', message: 'Internal Server Error' } }),
      }),
    );
    await page.goto('/dashboard');
    const heading = page.getByRole('heading', { name: 'Page Error' });
    await fastForwardUntil(page, () => heading.isVisible());
    await page.getByText('An error occurred while loading Dashboard').waitFor();
    await page.getByRole('button', { name: 'Try Again' }).waitFor();
    await page.getByRole('button', { name: 'Go Back' }).waitFor();
    await page.getByText('Connection Error', { exact: true }).waitFor();
    await context.close();
  });

  it('a 403 redirects to /access-denied', async () => {
    const { context, page } = await customerPage();
    await page.route(PROFILE, (route) =>
      route.fulfill({
        status: 403,
        contentType: 'application/json',
        body: JSON.stringify({ error: { code: 'FORBIDDEN', message: 'Forbidden' } }),
      }),
    );
    await page.goto('/dashboard');
    await page.waitForURL('**/access-denied', { timeout: 30_000 });
    await context.close();
  });

  it('a 401 removes the stored token and goes to /login', async () => {
    const { context, page } = await customerPage();
    await page.route(PROFILE, (route) =>
      route.fulfill({
        status: 401,
        contentType: 'application/json',
        body: JSON.stringify({ error: { code: 'UNAUTHENTICATED', message: 'Sign in again' } }),
      }),
    );
    await page.goto('/dashboard');
    await page.waitForURL('**/login', { timeout: 15_000 });
    await context.close();
  });

  it('a failed route chunk shows Update Required with Refresh Page', async () => {
    const { context, page } = await customerPage();
    // The YouTube page's chunk fails from the start: no earlier load or preload can have cached
    // it, whatever the machine's speed. The server itself stays healthy (a newer build is live).
    await page.route(/\/assets\/youtube-[^/]+\.js$/, (route) => route.abort('failed'));
    await page.goto('/settings/usage');
    await page.getByRole('heading', { name: 'Usage & billing', exact: true }).waitFor();
    // The navigation link, not a shortcut: a click needs no listener to have been installed.
    await page
      .getByRole('navigation', { name: 'App' })
      .getByRole('link', { name: 'YouTube' })
      .click();
    await page.waitForURL('**/youtube');
    await page.getByRole('heading', { name: 'Update Required' }).waitFor();
    await page
      .getByText('A new version is available. Please refresh the page to update.')
      .waitFor();
    await page
      .getByText('Failed to load application resources. Please refresh the page.')
      .waitFor();
    await page.getByRole('button', { name: 'Refresh Page' }).waitFor();
    await context.close();
  });

  it('a chunk that fails because the server is gone is a Connection Problem, not an update', async () => {
    const { context, page } = await customerPage();
    await page.goto('/settings/usage');
    await page.getByRole('heading', { name: 'Usage & billing', exact: true }).waitFor();
    // The network drops: the chunk and the health check both fail.
    await page.route(/\/assets\/youtube-[^/]+\.js$/, (route) => route.abort('failed'));
    await page.route('**/api/health', (route) => route.abort('failed'));
    await page
      .getByRole('navigation', { name: 'App' })
      .getByRole('link', { name: 'YouTube' })
      .click();
    await page.getByRole('heading', { name: 'Connection Problem' }).first().waitFor();
    assert.equal(await page.getByRole('heading', { name: 'Update Required' }).count(), 0);
    await context.close();
  });
});

describe('API client behaviour in the browser', () => {
  it('retries 5xx with a fresh request id each time, then succeeds', async () => {
    const { context, page } = await customerPage();
    const requestIds: string[] = [];
    await page.route(PROFILE, async (route) => {
      requestIds.push(route.request().headers()['x-request-id'] ?? '');
      if (requestIds.length <= 2) {
        return route.fulfill({
          status: 503,
          contentType: 'application/json',
          body: '{"error":{"code":"SERVICE_UNAVAILABLE","message":"Busy"}}',
        });
      }
      return route.continue();
    });
    await page.goto('/dashboard');
    await page
      .getByRole('heading', { name: /Welcome( back)?, Nora Lumen/ })
      .waitFor({ timeout: 20_000 });
    assert.equal(requestIds.length, 3);
    assert.equal(new Set(requestIds).size, 3);
    assert.ok(requestIds.every((id) => id.length > 8));
    await context.close();
  });

  it('never retries a 404 and sends the bearer token', async () => {
    const { context, page } = await customerPage();
    const seen: { auth: string | undefined }[] = [];
    await page.route(PROFILE, (route) => {
      seen.push({ auth: route.request().headers()['authorization'] });
      return route.fulfill({
        status: 404,
        contentType: 'application/json',
        body: '{"error":{"code":"NOT_FOUND","message":"No profile"}}',
      });
    });
    await page.goto('/dashboard');
    await page.getByRole('heading', { name: 'Finish your artist profile' }).waitFor();
    assert.equal(seen.length, 1);
    assert.match(seen[0]?.auth ?? '', /^Bearer .+\..+\..+$/);
    await context.close();
  });

  it('times out a request after 10 s and retries it', async () => {
    const { context, page } = await customerPage();
    const startedAt: number[] = [];
    await page.route(PROFILE, async (route) => {
      startedAt.push(Date.now());
      if (startedAt.length === 1) {
        await new Promise((resolve) => setTimeout(resolve, 12_000));
        return route.abort('timedout').catch(() => undefined);
      }
      return route.continue();
    });
    await page.goto('/dashboard');
    await page
      .getByRole('heading', { name: /Welcome( back)?, Nora Lumen/ })
      .waitFor({ timeout: 25_000 });
    assert.equal(startedAt.length, 2);
    const gap = (startedAt[1] ?? 0) - (startedAt[0] ?? 0);
    assert.ok(gap >= 10_500 && gap < 12_000, `retry after timeout + 1 s backoff, got ${gap} ms`);
    await context.close();
  });
});
