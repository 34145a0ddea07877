import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { demoAccounts, launchBrowser, newPage, signIn } from './support/browser';
import { startServer, type RunningServer } from './support/server';
import { waitForSettled } from './support/session';
import { assertAccessible } from './support/axe';

let server: RunningServer;
let browser: Browser;

before(async () => {
  server = await startServer({ SEED_DEMO_CONNECTIONS: 'false' });
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await server?.stop();
});

const PHONE_WIDTH = 390;

/** Every page outside the analytics screens, by who can open it. */
const pagesByAccount: { account: string | null; paths: string[] }[] = [
  {
    account: null,
    paths: [
      '/',
      '/login',
      '/register',
      '/forgot-password',
      '/reset-password?token=not-a-real-token',
      '/reset-password?error=INVALID_TOKEN',
      '/verify-email',
      '/access-denied',
      '/rejected',
      '/registration-error',
      '/auth/youtube/success',
      '/oauth/callback?error=access_denied',
    ],
  },
  {
    account: demoAccounts.customer,
    paths: [
      '/onboarding/profile',
      '/onboarding/connections',
      '/settings/profile',
      '/settings/usage',
      '/settings/connections',
      '/auth/youtube/success',
    ],
  },
  { account: demoAccounts.admin, paths: ['/waitlist'] },
  { account: demoAccounts.lead, paths: ['/waitlist'] },
];

async function assertFitsPhone(page: Page, label: string): Promise<void> {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(width <= PHONE_WIDTH, `${label} is ${width} px wide on a ${PHONE_WIDTH} px screen`);
}

describe('account and settings pages on a 390 px phone, light and dark', () => {
  for (const scheme of ['light', 'dark'] as const) {
    it(`fit the screen, have their own title and pass axe (${scheme})`, async () => {
      for (const { account, paths } of pagesByAccount) {
        const { context, page } = await newPage(browser, server.baseUrl, {
          colorScheme: scheme,
          width: PHONE_WIDTH,
          height: 844,
        });
        if (account) await signIn(page, account);
        for (const path of paths) {
          const label = `${path} as ${account ?? 'visitor'} (${scheme})`;
          await page.goto(path);
          await waitForSettled(page);
          await assertFitsPhone(page, label);
          const title = await page.title();
          assert.match(title, / · Crescendo$/, `${label} has no title of its own: ${title}`);
          await assertAccessible(page, label);
        }
        await context.close();
      }
    });
  }

  it('the sandbox mailbox fits the phone and passes axe', async () => {
    const { context, page } = await newPage(browser, server.baseUrl, { width: PHONE_WIDTH });
    const response = await fetch(`${server.baseUrl}/api/auth/request-password-reset`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.baseUrl },
      body: JSON.stringify({ email: demoAccounts.lead, redirectTo: '/reset-password' }),
    });
    assert.equal(response.status, 200);
    await page.goto('/sandbox/mail');
    await page.getByRole('link', { name: 'Reset your Crescendo password' }).first().click();
    await page.getByRole('heading', { name: 'Reset your Crescendo password' }).waitFor();
    await assertFitsPhone(page, 'a sandbox mail');
    await assertAccessible(page, 'a sandbox mail');
    await context.close();
  });
});
