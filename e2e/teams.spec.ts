import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { demoAccounts, launchBrowser, newPage } from './support/browser';
import { startServer, type RunningServer } from './support/server';
import { signedInPage, waitForSettled } from './support/session';
import { assertAccessible } from './support/axe';

let server: RunningServer;
let browser: Browser;
let owner: { context: BrowserContext; page: Page };
const contexts: BrowserContext[] = [];
const ARTIST = 'Nora Lumen Music';

before(async () => {
  server = await startServer();
  browser = await launchBrowser();
  owner = await signedInPage(browser, server.baseUrl, demoAccounts.customer);
});

after(async () => {
  for (const context of contexts) await context.close();
  await owner?.context.close();
  await browser?.close();
  await server?.stop();
});

/** The owner sends an invitation from Settings → Team and the mailbox receives it. */
async function inviteFromTeamPage(email: string, role: 'Manager' | 'Viewer'): Promise<void> {
  const { page } = owner;
  await page.goto('/settings/team');
  await waitForSettled(page);
  await page.getByRole('heading', { name: 'Team', exact: true }).waitFor();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Role', { exact: true }).selectOption({ label: role });
  await page.getByRole('button', { name: 'Send invitation' }).click();
  await page.getByText(`Invitation sent to ${email}`).waitFor();
  await page.getByRole('list', { name: 'Pending invitations' }).getByText(email).waitFor();
}

/** Opens the newest invitation mail in the sandbox mailbox and returns its link. */
async function readMailedLink(page: Page, email: string): Promise<string> {
  await page.goto('/sandbox/mail');
  await page
    .getByRole('link', { name: `invited you to ${ARTIST}` })
    .first()
    .click();
  await page.getByText(`To ${email}`).waitFor();
  const href = await page.locator('a[href*="/invite/"]').first().getAttribute('href');
  assert.ok(href, 'the mail holds an invitation link');
  return href;
}

/** A fresh browser with no session opens the link, signs up and accepts. */
async function signUpThroughLink(email: string, name: string): Promise<Page> {
  const { context, page } = await newPage(browser, server.baseUrl);
  contexts.push(context);
  const link = await readMailedLink(page, email);
  await page.goto(link);
  await page.getByRole('heading', { name: `Join ${ARTIST}` }).waitFor();
  await assertAccessible(page, 'the invitation page');
  await page.getByLabel('Artist or full name').fill(name);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('correct-horse-battery');
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.getByRole('button', { name: 'Accept and join' }).click();
  await page.waitForURL((url) => url.pathname === '/dashboard');
  await waitForSettled(page);
  return page;
}

describe('members and roles', () => {
  it('on Free: the owner invites a manager, who signs up, accepts and lands in the inviter’s artist', async () => {
    const { page } = owner;
    await page.goto('/settings/usage');
    await waitForSettled(page);
    assert.equal((await page.getByTestId('current-plan').innerText()).trim(), 'Free');
    const email = `free-manager-${Date.now()}@example.com`;
    await inviteFromTeamPage(email, 'Manager');
    const invitee = await signUpThroughLink(email, 'Fran Free');
    // The artist shown is the inviter's: its name in the switcher, its profile behind the dashboard.
    await invitee.getByRole('button', { name: `Artist: ${ARTIST}. Switch artist` }).waitFor();
    assert.equal(
      await invitee.getByText('Your Free plan includes 1 artist', { exact: false }).count(),
      0,
    );
    await invitee.goto('/settings/team');
    await waitForSettled(invitee);
    await invitee.getByRole('list', { name: 'Members' }).getByText(email).waitFor();
  });

  it('the owner moves the artist to Team in the payments sandbox', async () => {
    const { page } = owner;
    await page.goto('/checkout?plan=team');
    await waitForSettled(page);
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/payments-sandbox/checkout/'));
    await page.getByLabel('Card', { exact: true }).check();
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByLabel('Expiry (MM / YY)').fill('12 / 34');
    await page.getByLabel('CVC').fill('123');
    await page.getByRole('button', { name: /^Pay / }).click();
    await page.waitForURL((url) => url.pathname === '/stripe/success');
    await page.getByRole('heading', { name: 'Payment successful' }).waitFor();
  });

  it('the owner invites a manager; the manager opens the mailed link, signs up, accepts and sees the dashboard', async () => {
    const email = `manager-${Date.now()}@example.com`;
    await inviteFromTeamPage(email, 'Manager');
    const page = await signUpThroughLink(email, 'Mo Manager');
    assert.equal(new URL(page.url()).pathname, '/dashboard');
    // Two artists now (their own and the one joined): the header offers the switch.
    await page.getByRole('button', { name: `Artist: ${ARTIST}. Switch artist` }).waitFor();
    await page.goto('/settings/team');
    await waitForSettled(page);
    await page.getByRole('list', { name: 'Members' }).getByText(email).waitFor();
    // Managers do not manage members.
    assert.equal(await page.getByRole('button', { name: 'Send invitation' }).count(), 0);
    await owner.page.goto('/settings/team');
    await waitForSettled(owner.page);
    await owner.page.getByRole('list', { name: 'Members' }).getByText(email).waitFor();
    await assertAccessible(owner.page, 'the team page');
  });

  it('a viewer sees no edit controls', async () => {
    const email = `viewer-${Date.now()}@example.com`;
    await inviteFromTeamPage(email, 'Viewer');
    const page = await signUpThroughLink(email, 'Vi Viewer');
    await page
      .getByText('you can see everything but change nothing', { exact: false })
      .first()
      .waitFor();

    await page.goto('/settings/profile');
    await waitForSettled(page);
    const save = page.getByRole('button', { name: /save/i });
    await save.waitFor();
    assert.equal(await save.isDisabled(), true);

    await page.goto('/dashboard/roi');
    await waitForSettled(page);
    await page.getByRole('heading', { name: 'Return on investment' }).waitFor();
    assert.equal(await page.getByRole('button', { name: 'Add campaign' }).count(), 0);
    assert.equal(await page.getByRole('button', { name: /^(Edit|Delete) / }).count(), 0);

    await page.goto('/settings/connections');
    await waitForSettled(page);
    assert.equal(await page.getByRole('button', { name: /^Connect / }).count(), 0);
    assert.equal(await page.getByRole('button', { name: /Refresh now|Disconnect/ }).count(), 0);

    await page.goto('/settings/usage');
    await waitForSettled(page);
    await page.getByText('Only an owner of this artist can do this.').first().waitFor();
    assert.equal(await page.getByRole('button', { name: 'Manage billing' }).count(), 0);
  });
});
