import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { demoAccounts, launchBrowser, newPage } from './support/browser';
import { guardedRoutes, publicRoutes, withQuery } from './support/routes';
import { startServer, type RunningServer } from './support/server';
import { FOOTER_TEXT, signedInPage, waitForSettled } from './support/session';
import { assertAccessible } from './support/axe';

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

const themeState = (page: Page) =>
  page.evaluate(() => ({
    isDark: document.documentElement.classList.contains('dark'),
    color: document.querySelector('meta[name="theme-color"]')?.getAttribute('content'),
    stored: localStorage.getItem('crescendo-theme'),
  }));

describe('keyboard shortcuts', () => {
  it('navigate, focus search, export and open the help dialog; ignored while typing', async () => {
    const { context, page } = await signedInPage(browser, server.baseUrl, demoAccounts.customer);
    await page.goto('/dashboard');
    await waitForSettled(page);
    await page.keyboard.press('Control+y');
    await page.waitForURL('**/youtube');
    await page.keyboard.press('Control+s');
    await page.waitForURL('**/settings/profile');
    await page.keyboard.press('Control+d');
    await page.waitForURL('**/dashboard');
    await page.getByRole('heading', { name: /^Welcome( back)?, / }).waitFor();

    await page.keyboard.press('/');
    assert.equal(
      await page.evaluate(() => document.activeElement?.getAttribute('data-shortcut')),
      'search',
    );
    await page.keyboard.press('Control+y');
    await page.waitForTimeout(300);
    assert.equal(new URL(page.url()).pathname, '/dashboard', 'ignored while typing');
    await page.keyboard.press('Escape');
    await page.locator('main h1').click();

    // No platform is connected: nothing to export, so no Export button (Ctrl+Shift+E clicks it
    // where it shows; the content journey in analytics.spec exports a CSV).
    assert.equal(await page.locator('header [data-shortcut="export"]').count(), 0);

    await page.keyboard.press('?');
    const dialog = page.getByRole('dialog', { name: 'Keyboard Shortcuts' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });

    await page.keyboard.press('Control+h');
    await page.waitForURL((url) => url.pathname === '/');
    await context.close();
  });
});

describe('theme', () => {
  it('cycles light → dark → system with Ctrl+Shift+T and sets theme-color', async () => {
    const { context, page } = await newPage(browser, server.baseUrl, { colorScheme: 'dark' });
    await page.goto('/');
    await page.getByRole('heading', { level: 1 }).waitFor();
    assert.deepEqual(await themeState(page), { isDark: true, color: '#18181b', stored: null });
    await page.keyboard.press('Control+Shift+T');
    assert.deepEqual(await themeState(page), { isDark: false, color: '#ffffff', stored: 'light' });
    await page.keyboard.press('Control+Shift+T');
    assert.deepEqual(await themeState(page), { isDark: true, color: '#18181b', stored: 'dark' });
    await page.keyboard.press('Control+Shift+T');
    assert.deepEqual(await themeState(page), { isDark: true, color: '#18181b', stored: 'system' });
    // System mode follows the OS.
    await page.emulateMedia({ colorScheme: 'light' });
    await page.waitForFunction(() => !document.documentElement.classList.contains('dark'));
    assert.equal((await themeState(page)).color, '#ffffff');
    // The stored choice survives a reload; an invalid one is ignored.
    await page.evaluate(() => localStorage.setItem('crescendo-theme', 'dark'));
    await page.reload();
    assert.equal((await themeState(page)).isDark, true);
    await page.evaluate(() => localStorage.setItem('crescendo-theme', 'neon'));
    await page.reload();
    assert.equal((await themeState(page)).isDark, false);
    await context.close();
  });
});

describe('footer', () => {
  it('is on every public page', async () => {
    const { context, page } = await newPage(browser, server.baseUrl);
    for (const path of [...publicRoutes, '/redirect?to=/login', '/no/such/page']) {
      await page.goto(path);
      await page.getByText(FOOTER_TEXT).waitFor();
    }
    await context.close();
  });

  it('is on every guarded page', async () => {
    const { context, page } = await signedInPage(browser, server.baseUrl, demoAccounts.admin);
    for (const path of Object.keys(guardedRoutes)) {
      await page.goto(withQuery(path));
      await waitForSettled(page);
      await page.getByText(FOOTER_TEXT).waitFor();
    }
    await context.close();
  });
});

describe('accessibility (axe: no serious or critical violations)', () => {
  for (const scheme of ['light', 'dark'] as const) {
    it(`public pages in ${scheme}`, async () => {
      const { context, page } = await newPage(browser, server.baseUrl, { colorScheme: scheme });
      for (const path of publicRoutes) {
        await page.goto(path);
        await waitForSettled(page);
        await assertAccessible(page, `${path} (${scheme})`);
      }
      await context.close();
    });

    it(`signed-in pages in ${scheme}`, async () => {
      const { context, page } = await signedInPage(browser, server.baseUrl, demoAccounts.admin, {
        colorScheme: scheme,
      });
      for (const path of Object.keys(guardedRoutes)) {
        await page.goto(withQuery(path));
        await waitForSettled(page);
        await assertAccessible(page, `${path} (${scheme})`);
      }
      await page.goto('/dashboard');
      await waitForSettled(page);
      await page.keyboard.press('?');
      await page.getByRole('dialog', { name: 'Keyboard Shortcuts' }).waitFor();
      await assertAccessible(page, `shortcuts dialog (${scheme})`);
      await context.close();
    });
  }

  it('lead waitlist page in both themes', async () => {
    for (const scheme of ['light', 'dark'] as const) {
      const { context, page } = await signedInPage(browser, server.baseUrl, demoAccounts.lead, {
        colorScheme: scheme,
      });
      await page.goto('/waitlist');
      await page.getByTestId('waitlist-position').waitFor();
      await assertAccessible(page, `lead /waitlist (${scheme})`);
      await context.close();
    }
  });
});
