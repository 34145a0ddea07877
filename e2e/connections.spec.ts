import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Locator, Page } from 'playwright-core';
import { assertAccessible } from './support/axe';
import { demoAccounts } from './support/browser';
import { startSignedInJourney, type SignedInJourney } from './support/journey';
import type { RunningServer } from './support/server';
import { signedInPage, waitForSettled } from './support/session';

// The sandbox's small persona has the least history, so its first sync is the quickest.
const SMALL_PERSONA = /persona “small”/;
const SYNC_TIMEOUT_MS = 180_000;

let journey: SignedInJourney;
let server: RunningServer;
let browser: Browser;
let page: Page;

before(async () => {
  journey = await startSignedInJourney(demoAccounts.customer);
  ({ server, browser, page } = journey);
});

after(() => journey?.close());

function providerCard(name: 'YouTube' | 'Instagram & Facebook'): Locator {
  return page
    .getByRole('list', { name: 'Platforms' })
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { level: 2, name, exact: true }) });
}

async function openConnections(): Promise<void> {
  await page.goto('/settings/connections');
  await waitForSettled(page);
  await page.getByRole('heading', { name: 'Connections', level: 1 }).waitFor();
}

/** Follows a connect button through the sandbox consent page back to /settings/connections. */
async function connectThroughSandbox(
  card: Locator,
  buttonName: string,
  consentHeading: string,
): Promise<void> {
  await card.getByRole('button', { name: buttonName }).click();
  await page.getByRole('heading', { name: consentHeading }).waitFor();
  await page.getByRole('button', { name: SMALL_PERSONA }).click();
  await page.waitForURL((url) => url.pathname === '/settings/connections');
}

/** The progress bar shows while the first sync is queued or running, then "Connected". */
async function followSync(card: Locator): Promise<void> {
  const bar = card.getByRole('progressbar');
  await bar.waitFor();
  const valueNow = Number(await bar.getAttribute('aria-valuenow'));
  assert.ok(valueNow >= 0 && valueNow <= 100, `aria-valuenow ${valueNow}`);
  assert.notEqual((await card.getByTestId('sync-step').textContent())?.trim(), '');
  await card.getByText('Connected', { exact: true }).waitFor({ timeout: SYNC_TIMEOUT_MS });
  await bar.waitFor({ state: 'detached' });
  const lastSynced = card.getByTestId('last-synced').locator('time');
  assert.match((await lastSynced.textContent()) ?? '', /just now|minute|second/);
  assert.ok(await lastSynced.getAttribute('title'), 'absolute time in the title');
}

describe('connect journey', () => {
  it('shows the providers with no connections yet', async () => {
    await openConnections();
    await providerCard('YouTube').getByText('Not connected').waitFor();
    await providerCard('Instagram & Facebook').getByText('Not connected').waitFor();
    await page.getByText('Coming later').waitFor();
  });

  it('declining on the consent page comes back with a readable error, then a clean URL', async () => {
    await openConnections();
    await providerCard('YouTube').getByRole('button', { name: 'Connect YouTube' }).click();
    await page.getByRole('heading', { name: 'Sandbox: sign in with Google' }).waitFor();
    await page.getByRole('button', { name: 'Cancel (deny access)' }).click();
    await page.waitForURL((url) => url.pathname === '/settings/connections');
    const alert = page.getByRole('alert').filter({ hasText: 'We couldn’t connect your account' });
    await alert.getByText(/declined access/).waitFor();
    await page.waitForFunction(() => window.location.search === '');
    await alert.getByRole('button', { name: 'Dismiss' }).click();
    await alert.waitFor({ state: 'detached' });
  });

  it('connects YouTube through the sandbox Google consent page and follows the first sync', async () => {
    await openConnections();
    const card = providerCard('YouTube');
    await connectThroughSandbox(card, 'Connect YouTube', 'Sandbox: sign in with Google');
    await page.getByText('YouTube connected').waitFor();
    await page.waitForFunction(() => window.location.search === '');
    await card.getByRole('heading', { level: 3, name: 'Juniper Vale' }).waitFor();
    await card.getByText('Sandbox', { exact: true }).waitFor();
    await followSync(card);
    assert.notEqual(await card.getByText('Data complete through').count(), 0);
  });

  it('connects Instagram & Facebook through the sandbox Facebook Login dialog', async () => {
    await openConnections();
    const card = providerCard('Instagram & Facebook');
    await connectThroughSandbox(
      card,
      'Connect Instagram & Facebook',
      'Sandbox: sign in with Facebook',
    );
    await page.getByText('Instagram & Facebook connected').waitFor();
    await card.getByText('Sandbox', { exact: true }).waitFor();
    await followSync(card);
  });

  it('fills the YouTube and Meta screens with charts and tables', async () => {
    await page.goto('/youtube');
    await waitForSettled(page);
    await page.locator('table[aria-label="Top videos"] tbody tr').first().waitFor();
    await page.locator('figure[aria-label="Views over time"] svg').first().waitFor();

    await page.goto('/meta');
    await waitForSettled(page);
    await page.locator('table[aria-label="Media"] tbody tr').first().waitFor();
    await page.locator('figure[aria-label="Reach over time"] svg').first().waitFor();
  });

  it('connected cards and the disconnect dialog pass axe in both themes', async () => {
    for (const colorScheme of ['light', 'dark'] as const) {
      const themed = await signedInPage(browser, server.baseUrl, demoAccounts.customer, {
        colorScheme,
      });
      await themed.page.goto('/settings/connections');
      await waitForSettled(themed.page);
      await themed.page.getByRole('button', { name: 'Refresh now' }).first().waitFor();
      await assertAccessible(themed.page, `connected cards (${colorScheme})`);
      await themed.page.getByRole('button', { name: 'Disconnect' }).first().click();
      await themed.page.getByRole('dialog').waitFor();
      await assertAccessible(themed.page, `disconnect dialog (${colorScheme})`);
      await themed.context.close();
    }
  });

  it('Refresh now runs another sync to completion', async () => {
    await openConnections();
    const card = providerCard('YouTube');
    await card.getByRole('button', { name: 'Refresh now' }).click();
    await page.getByText('Sync started').waitFor();
    await followSync(card);
  });

  it('disconnect asks for confirmation, then removes the account and its data', async () => {
    await openConnections();
    const card = providerCard('Instagram & Facebook');
    await card.getByRole('button', { name: 'Disconnect' }).click();
    let dialog = page.getByRole('dialog', { name: /^Disconnect / });
    await dialog.getByText(/delete the stored sign-in tokens/).waitFor();
    await dialog.getByText(/delete all synced data/).waitFor();
    await dialog.getByRole('button', { name: 'Keep connected' }).click();
    await dialog.waitFor({ state: 'detached' });
    await card.getByText('Connected', { exact: true }).waitFor();

    await card.getByRole('button', { name: 'Disconnect' }).click();
    dialog = page.getByRole('dialog', { name: /^Disconnect / });
    await dialog.getByRole('button', { name: 'Disconnect and delete data' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page
      .getByText(/disconnected$/)
      .first()
      .waitFor();
    await card.getByRole('button', { name: 'Connect Instagram & Facebook' }).waitFor();

    await openConnections();
    await card.getByText('Not connected').waitFor();
    await providerCard('YouTube').getByText('Connected', { exact: true }).waitFor();
  });
});

describe('without a plan', () => {
  it('a lead is told to choose a plan instead of seeing connect buttons', async () => {
    const lead = await signedInPage(browser, server.baseUrl, demoAccounts.lead);
    await lead.page.goto('/settings/connections');
    await waitForSettled(lead.page);
    await lead.page.getByText('Choose a plan to connect your platforms').waitFor();
    const plans = lead.page.getByRole('link', { name: 'See plans' });
    assert.equal(await plans.getAttribute('href'), '/pricing');
    assert.equal(await lead.page.getByRole('button', { name: /^Connect / }).count(), 0);
    await assertAccessible(lead.page, 'lead view');
    await lead.context.close();
  });
});
