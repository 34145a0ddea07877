import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Locator, Page } from 'playwright-core';
import { demoAccounts } from './support/browser';
import { startSignedInJourney, type SignedInJourney } from './support/journey';
import { waitForSettled } from './support/session';

// TikTok through the built-in sandbox: Login Kit's consent page, the first snapshot sync, its
// videos on the dashboard, and disconnecting.
const SMALL_PERSONA = /persona “small”/;
const SYNC_TIMEOUT_MS = 120_000;

let journey: SignedInJourney;
let page: Page;

before(async () => {
  journey = await startSignedInJourney(demoAccounts.customer);
  ({ page } = journey);
});

after(() => journey?.close());

function tiktokCard(): Locator {
  return page
    .getByRole('list', { name: 'Platforms' })
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { level: 2, name: 'TikTok', exact: true }) });
}

async function openConnections(): Promise<void> {
  await page.goto('/settings/connections');
  await waitForSettled(page);
  await page.getByRole('heading', { name: 'Connections', level: 1 }).waitFor();
}

describe('TikTok journey', () => {
  it('connects TikTok through the sandbox consent page and syncs its first snapshot', async () => {
    await openConnections();
    const card = tiktokCard();
    await card.getByText('Not connected').waitFor();
    await card.getByRole('button', { name: 'Connect TikTok' }).click();
    await page.getByRole('heading', { name: 'Sandbox: sign in with TikTok' }).waitFor();
    await page.getByRole('button', { name: SMALL_PERSONA }).click();
    await page.waitForURL((url) => url.pathname === '/settings/connections');
    await page.getByText('TikTok connected').waitFor();
    await card.getByRole('heading', { level: 3, name: /@junipervale/ }).waitFor();
    await card.getByText('Sandbox', { exact: true }).waitFor();
    await card.getByText('Connected', { exact: true }).waitFor({ timeout: SYNC_TIMEOUT_MS });
    const tracked = card.getByTestId('tracked-since').locator('time');
    await tracked.waitFor();
    assert.match((await tracked.getAttribute('datetime')) ?? '', /^\d{4}-\d{2}-\d{2}$/);
  });

  it('lists the TikTok videos on the dashboard’s content page', async () => {
    await page.goto('/dashboard/content?platform=tiktok&range=all');
    await waitForSettled(page);
    // The sandbox's TikTok videos are about the artist's songs, each tagged #newmusic.
    const videos = page.locator('table[aria-label="Content"] tbody tr', { hasText: '#newmusic' });
    await videos.first().waitFor();
    assert.ok((await videos.count()) > 5, 'the persona’s videos are listed');
  });

  it('disconnects TikTok after confirmation', async () => {
    await openConnections();
    const card = tiktokCard();
    await card.getByRole('button', { name: 'Disconnect' }).click();
    const dialog = page.getByRole('dialog', { name: /^Disconnect / });
    await dialog.getByText(/revoke Crescendo’s access at TikTok/).waitFor();
    await dialog.getByRole('button', { name: 'Disconnect and delete data' }).click();
    await dialog.waitFor({ state: 'detached' });
    await card.getByRole('button', { name: 'Connect TikTok' }).waitFor();
    await card.getByText('Not connected').waitFor();
  });
});
