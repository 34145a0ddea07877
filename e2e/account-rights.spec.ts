import assert from 'node:assert/strict';
import fs from 'node:fs';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { demoAccounts, launchBrowser, newPage, signIn } from './support/browser';
import { startServer, type RunningServer } from './support/server';

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

describe('account and data rights', () => {
  it('a new account downloads its data, deletes itself, and can no longer sign in', async () => {
    const email = `rights-${process.pid}-${Date.now()}@example.com`;
    const password = 'a-long-enough-passphrase';
    const { context, page } = await newPage(browser, server.baseUrl);
    await page.goto('/register');
    await page.getByLabel('Artist or full name').fill('Rowan Rights');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByRole('heading', { name: 'You’re on the waitlist' }).waitFor();

    // Settings → Account is open to every signed-in person, a waitlisted lead included.
    await page.goto('/settings/account');
    await page.getByRole('heading', { name: 'Account', exact: true }).waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download my data' }).click(),
    ]);
    assert.match(download.suggestedFilename(), /^crescendo-export-\d{4}-\d{2}-\d{2}\.json$/);
    const exported = JSON.parse(fs.readFileSync((await download.path())!, 'utf8')) as {
      format: string;
      person: { profile: { email: string }; tables: Record<string, unknown[]> };
      organizations: { role: string; tables: Record<string, unknown[]> }[];
    };
    assert.equal(exported.format, 'crescendo-account-export');
    assert.equal(exported.person.profile.email, email);
    assert.equal(exported.organizations[0]?.role, 'owner');
    assert.ok(exported.person.tables.auth_session!.length > 0);
    const text = JSON.stringify(exported);
    assert.ok(!text.includes(password));
    assert.ok(!/"token"|"password"|token_hash|_sealed/.test(text));

    // Deleting asks for the address (or "delete") first.
    await page.getByRole('button', { name: 'Delete my account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    const confirm = dialog.getByRole('button', { name: 'Delete my account' });
    assert.equal(await confirm.isDisabled(), true);
    await dialog.getByRole('textbox').fill(email);
    await confirm.click();
    await page.getByText('Your account has been deleted').first().waitFor();
    await page.waitForURL((url) => url.pathname === '/' || url.pathname === '/login');

    // The confirmation mail says what was kept.
    await page.goto('/sandbox/mail');
    await page
      .getByRole('listitem')
      .filter({ hasText: `To ${email}` })
      .getByRole('link', { name: 'Your Crescendo account has been deleted' })
      .click();
    // A new account has no invoices: nothing is kept, and the mail says so.
    await page.getByText('Nothing was kept', { exact: false }).first().waitFor();

    // Signing in with the deleted account fails.
    await page.goto('/login');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('alert').first().waitFor();
    assert.equal(new URL(page.url()).pathname, '/login');
    await context.close();
  });

  it('an owner sees the audit log and the "Delete this artist" section in Settings → Team', async () => {
    const { context, page } = await newPage(browser, server.baseUrl);
    await signIn(page, demoAccounts.customer);
    await page.goto('/settings/team');
    await page.getByRole('heading', { name: 'Audit log' }).waitFor();
    await page.getByRole('button', { name: 'Delete this artist' }).waitFor();
    await page.goto('/settings/account');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download my data' }).click(),
    ]);
    assert.ok((await download.path()) !== null);
    // The export is in the owner's audit log.
    await page.goto('/settings/team');
    await page
      .getByRole('list', { name: 'Audit log' })
      .getByText('Data exported')
      .first()
      .waitFor();
    await context.close();
  });
});
