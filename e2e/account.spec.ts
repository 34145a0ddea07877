import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { DEMO_PASSWORD, demoAccounts, launchBrowser, newPage, signIn } from './support/browser';
import { expectConnectionProblem, recoverWithTryAgain, withOutage } from './support/journey';
import { startServer, type RunningServer } from './support/server';

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

let counter = 0;
function uniqueEmail(prefix: string): string {
  counter += 1;
  return `${prefix}-${process.pid}-${Date.now()}-${counter}@example.com`;
}

/** Opens the newest mail to `to` in the sandbox mailbox and follows the link in it. */
async function followMailLink(page: Page, to: string, subject: string): Promise<void> {
  await page.goto('/sandbox/mail');
  const item = page
    .getByRole('listitem')
    .filter({ hasText: `To ${to}` })
    .first();
  await item.getByRole('link', { name: subject }).click();
  await page.getByRole('heading', { name: subject }).waitFor();
  await page.getByRole('link', { name: /\/api\/auth\// }).click();
}

async function signUp(page: Page, name: string, email: string, password: string) {
  await page.goto('/register');
  await page.getByLabel('Artist or full name').fill(name);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Create account' }).click();
}

describe('account journeys', () => {
  it('sign up → verify mail → approved → onboarding → dashboard', async () => {
    const email = uniqueEmail('journey');
    const password = 'a-long-enough-passphrase';
    const { context, page } = await (async () => {
      const created = await browser.newContext({
        baseURL: server.baseUrl,
        viewport: { width: 1280, height: 800 },
        timezoneId: 'Europe/Lisbon',
      });
      const opened = await created.newPage();
      opened.setDefaultTimeout(15_000);
      return { context: created, page: opened };
    })();

    await signUp(page, 'Juniper Vale', email, password);
    await page.getByRole('heading', { name: 'You’re on the waitlist' }).waitFor();

    // Until the address is confirmed, the app says so (right after sign-up and on every
    // signed-in page), and Resend mails a new link.
    const notice = page.getByRole('status').filter({ hasText: 'Confirm your email' });
    await notice.getByText(`We sent a link to ${email}.`, { exact: false }).waitFor();
    await page.getByRole('link', { name: 'See my waitlist status' }).click();
    await page.waitForURL('**/waitlist');
    await notice.getByRole('button', { name: 'Resend' }).click();
    await page.getByText('Link sent', { exact: true }).waitFor();

    // The verification mail, read in the sandbox mailbox, confirms the address.
    await followMailLink(page, email, 'Confirm your email for Crescendo');
    await page.waitForURL('**/verify-email');
    await page.getByRole('heading', { name: 'Email confirmed' }).waitFor();

    // An admin approves: one step, and the queue shows the role and only the actions that apply.
    const admin = await newPage(browser, server.baseUrl);
    await signIn(admin.page, demoAccounts.admin);
    await admin.page.goto('/waitlist');
    const row = admin.page.getByRole('listitem').filter({ hasText: email });
    await row.getByText('Lead', { exact: true }).waitFor();
    assert.equal(await row.getByRole('button').count(), 2);
    await row.getByRole('button', { name: 'Approve Juniper Vale' }).click();
    await row.waitFor({ state: 'detached' });
    await admin.page.getByRole('tab', { name: 'approved' }).click();
    const approved = admin.page.getByRole('listitem').filter({ hasText: email });
    await approved.getByText('Customer', { exact: true }).waitFor();
    assert.deepEqual(await approved.getByRole('button').allTextContents(), [' Revoke access']);
    await admin.context.close();

    // The first sign-in after approval lands in onboarding, not on the dashboard.
    await context.clearCookies();
    await page.evaluate(() => window.localStorage.clear());
    await signIn(page, email, password);
    await page.waitForURL('**/onboarding/profile');
    await page.getByRole('heading', { name: 'Set up your artist profile' }).waitFor();
    assert.equal(await page.getByLabel('Artist name').inputValue(), 'Juniper Vale');
    assert.equal(await page.getByLabel('Time zone').inputValue(), 'Europe/Lisbon');
    await page.getByLabel('Country').fill('Portugal');
    assert.equal(await page.getByLabel('Country').inputValue(), 'Portugal');
    // Step 1 asks for the city too (where the artist is based, for touring questions).
    await page.getByLabel('City').fill('Lisbon');
    await page.getByRole('button', { name: 'Save and continue' }).click();
    await page.waitForURL('**/onboarding/connections');
    await page
      .getByRole('link', { name: /Go to my dashboard|Skip for now/ })
      .first()
      .click();
    await page.waitForURL('**/dashboard');
    await page.getByRole('heading', { name: 'Welcome, Juniper Vale' }).waitFor();
    assert.equal(await page.getByText('Confirm your email', { exact: true }).count(), 0);

    // The country was saved as its code and reads back by name.
    await page.goto('/settings/profile');
    await page.getByRole('heading', { name: 'Artist profile' }).waitFor();
    assert.equal(await page.getByLabel('Country').inputValue(), 'Portugal');
    await context.close();
  });

  it('forgot password → mail → reset → sign in; the link works once', async () => {
    const email = uniqueEmail('forgetful');
    const { context, page } = await newPage(browser, server.baseUrl);
    await signUp(page, 'Rory Forgetful', email, 'the-old-passphrase');
    await page.getByRole('heading', { name: 'You’re on the waitlist' }).waitFor();
    await context.clearCookies();
    await page.evaluate(() => window.localStorage.clear());

    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await page.waitForURL('**/forgot-password');
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByRole('heading', { name: 'Check your email' }).waitFor();
    await page.getByRole('link', { name: 'sandbox mailbox' }).waitFor();

    await followMailLink(page, email, 'Reset your Crescendo password');
    await page.waitForURL((url) => url.pathname === '/reset-password');
    const resetUrl = page.url();
    await page.getByLabel('New password', { exact: true }).fill('short');
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('Use at least 8 characters for your password').waitFor();
    await page.getByLabel('New password', { exact: true }).fill('the-new-passphrase');
    await page.getByLabel('Repeat the new password').fill('the-new-passphrase-typo');
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('The two passwords don’t match.').waitFor();
    await page.getByLabel('Repeat the new password').fill('the-new-passphrase');
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByRole('heading', { name: 'Password changed' }).waitFor();

    // The old password no longer works, and the form says so; the new one does.
    await page.goto('/login');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('the-old-passphrase');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page
      .getByText('That email and password don’t match. Check them and try again.')
      .waitFor();
    await signIn(page, email, 'the-new-passphrase');
    await page.waitForURL('**/waitlist');

    // The same link a second time: refused in words, with a way to get a new one.
    await page.goto(resetUrl);
    await page.getByLabel('New password', { exact: true }).fill('yet-another-passphrase');
    await page.getByLabel('Repeat the new password').fill('yet-another-passphrase');
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByRole('heading', { name: 'This reset link can’t be used' }).waitFor();
    await page.getByText('This link has expired or was already used. Ask for a new one.').waitFor();
    await page.getByRole('link', { name: 'Send a new link' }).waitFor();
    await context.close();
  });

  it('signs in and up on 127.0.0.1 as well as on localhost', async () => {
    const loopback = `http://127.0.0.1:${server.port}`;
    const signedIn = await newPage(browser, loopback);
    await signIn(signedIn.page, demoAccounts.customer);
    await signedIn.page.waitForURL('**/dashboard');
    await signedIn.context.close();

    const fresh = await newPage(browser, loopback);
    await signUp(fresh.page, 'Loop Back', uniqueEmail('loopback'), 'a-long-enough-passphrase');
    await fresh.page.getByRole('heading', { name: 'You’re on the waitlist' }).waitFor();
    await fresh.context.close();
  });
});

describe('server outage', () => {
  it('shows Connection Problem within 5 s of the server stopping, and Try Again recovers', async () => {
    await withOutage(browser, async ({ page, goDown, comeBack }) => {
      await signIn(page, demoAccounts.customer);
      await page.goto('/settings/profile');
      await page.getByRole('heading', { name: 'Artist profile' }).waitFor();
      // The heading shows while the profile still loads; the form (and its button) once it has.
      const save = page.getByRole('button', { name: 'Save changes' });
      await save.waitFor();

      const stoppedAt = await goDown();
      // Saving reaches the stopped server, unless the app has already noticed the outage itself
      // (a request of the page's own failed while the server was stopping) and shows the screen.
      await save.click({ timeout: 2_000 }).catch(async (error: unknown) => {
        if (!(await page.getByRole('heading', { name: 'Connection Problem' }).isVisible()))
          throw error;
      });
      await expectConnectionProblem(page, stoppedAt);
      await page
        .getByText('Unable to connect to our servers. Please check your internet connection.')
        .waitFor();
      await page
        .getByText('Having trouble connecting. Please check your internet connection.')
        .waitFor();

      // Still down: Try Again keeps the screen.
      await page.getByRole('button', { name: 'Try Again' }).click();
      await page.getByRole('button', { name: 'Try Again' }).waitFor();
      await page.getByRole('heading', { name: 'Connection Problem' }).waitFor();

      await recoverWithTryAgain(page, comeBack, () =>
        page.getByRole('heading', { name: 'Artist profile' }).waitFor(),
      );
    });
  });

  it('on a public page too: signing in while the server is down shows Connection Problem within 5 s', async () => {
    await withOutage(browser, async ({ page, goDown, comeBack }) => {
      await page.goto('/login');
      await page.getByLabel('Email').fill(demoAccounts.customer);
      await page.getByLabel('Password').fill(DEMO_PASSWORD);

      const stoppedAt = await goDown();
      await page.getByRole('button', { name: 'Sign in' }).click();
      await expectConnectionProblem(page, stoppedAt);

      await recoverWithTryAgain(page, comeBack, () =>
        page.getByRole('button', { name: 'Sign in' }).waitFor(),
      );
    });
  });
});
